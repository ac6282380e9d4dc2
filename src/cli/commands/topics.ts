// ebx topics | partitions TOPIC | create-topic NAME | delete-topic NAME...
// The definitions; what each does is in actions/topics.ts, loaded only when one of them runs.
import { Command, InvalidArgumentError } from 'commander';
import { collect } from '../repeatedOption';
import { positiveInteger } from '../integerArguments';
import type { CreateTopicOptions } from '../actions/topics';

export function registerTopicCommands(program: Command): void {
  const actions = () => import('../actions/topics');
  program
    .command('topics')
    .description('list topics: name, partition count, internal')
    .action(async (_options: object, command: Command) => (await actions()).showTopics(command));

  program
    .command('partitions')
    .description('partitions of a topic: leader, replicas, in-sync replicas, low and (approximate) high offsets')
    .argument('<topic>')
    .action(async (topic: string, _options: object, command: Command) => (await actions()).showPartitions(topic, command));

  program
    .command('create-topic')
    .description('create a topic: the name, partition count, replication factor and configuration are checked first (VAST honours the partition count and the retention only)')
    .argument('<name>')
    .requiredOption('--partitions <n>', 'number of partitions (cannot be changed later on VAST; at most 20,000 there)', positiveInteger)
    .option('--replication-factor <r>', "copies of each partition (default: the broker's default.replication.factor)", positiveInteger)
    .option('--config <name=value>', 'a configuration entry, e.g. retention.ms=86400000 (repeat for more)', collect)
    .option('--retention-ms <ms>', 'retention period in milliseconds (-1: keep forever); the same as --config retention.ms=MS', retentionMs)
    .option('--dry-run', 'check everything and print the plan, create nothing')
    .action(async (name: string, options: CreateTopicOptions, command: Command) => (await actions()).createTopicCommand(name, options, command));

  program
    .command('delete-topic')
    .description("delete topics and their events: the plan lists, per topic, the groups whose committed offsets go with it (deleting a topic also deletes every group's committed offsets for it)")
    .argument('<names...>')
    .option('--yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the plan, delete nothing')
    .action(async (names: string[], options: { yes?: boolean; dryRun?: boolean }, command: Command) => (await actions()).deleteTopicCommand(names, options, command));
}

function retentionMs(text: string): number {
  const value = Number(text.trim());
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || (value < 1 && value !== -1)) {
    throw new InvalidArgumentError('give milliseconds (a positive whole number), or -1 to keep events forever.');
  }
  return value;
}
