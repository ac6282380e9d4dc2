// ebx topics | partitions TOPIC | create-topic NAME | delete-topic NAME
// The definitions; what each does is in actions/topics.ts, loaded only when one of them runs.
import { Command, InvalidArgumentError } from 'commander';
import { positiveInteger } from '../integerArguments';

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
    .description('create a topic (VAST honours the partition count and the retention period only)')
    .argument('<name>')
    .requiredOption('--partitions <n>', 'number of partitions (cannot be changed later on VAST)', positiveInteger)
    .option('--retention-ms <ms>', 'retention period in milliseconds (-1: keep forever)', retentionMs)
    .action(async (name: string, options: { partitions: number; retentionMs?: number }, command: Command) => (await actions()).createTopicCommand(name, options, command));

  program
    .command('delete-topic')
    .description('delete a topic and its events (this also removes every group\'s committed offsets for it)')
    .argument('<name>')
    .option('--yes', 'do not ask for confirmation')
    .action(async (name: string, options: { yes?: boolean }, command: Command) => (await actions()).deleteTopicCommand(name, options, command));
}

function retentionMs(text: string): number {
  const value = Number(text.trim());
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || (value < 1 && value !== -1)) {
    throw new InvalidArgumentError('give milliseconds (a positive whole number), or -1 to keep events forever.');
  }
  return value;
}
