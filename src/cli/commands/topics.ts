// ebx topics | partitions TOPIC | create-topic NAME | delete-topic NAME
import { Command, InvalidArgumentError } from 'commander';
import { createTopic, deleteTopic, describePartitions, listTopics } from '../../core/topics';
import { confirmDeletion, reportNothingDeleted, requireTerminalOrYes } from '../confirm';
import { globalsOf } from '../globalOptions';
import { positiveInteger } from '../integerArguments';
import { printJson, printLine, printTable } from '../output';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export function registerTopicCommands(program: Command): void {
  program
    .command('topics')
    .description('list topics: name, partition count, internal')
    .action(async (_options: object, command: Command) => {
      const globals = globalsOf(command);
      const topics = await oneShot(globals, (session) => listTopics(session));
      if (globals.json) return printJson(topics.map(({ name, partitions, internal }) => ({ name, partitions, internal })));
      if (topics.length === 0) return printLine('no topics (or none this user may describe)');
      await printTable(['TOPIC', 'PARTITIONS', 'INTERNAL'], topics.map((t) => [t.name, t.partitions, t.internal ? 'yes' : '']));
    });

  program
    .command('partitions')
    .description('partitions of a topic: leader, replicas, in-sync replicas, low and (approximate) high offsets')
    .argument('<topic>')
    .action(async (topic: string, _options: object, command: Command) => {
      const globals = globalsOf(command);
      const partitions = await oneShot(globals, (session) => describePartitions(session, topic));
      if (globals.json) {
        return printJson(partitions.map(({ partition, leader, low, high, highApproximate }) => ({ partition, leader, low, high, highApproximate })));
      }
      await printTable(
        ['PARTITION', 'LEADER', 'REPLICAS', 'ISR', 'LOW', 'HIGH (APPROX.)'],
        partitions.map((p) => [p.partition, p.leader, p.replicas.join(','), p.isr.join(','), p.low, `~${p.high}`]),
      );
    });

  program
    .command('create-topic')
    .description('create a topic (VAST honours the partition count and the retention period only)')
    .argument('<name>')
    .requiredOption('--partitions <n>', 'number of partitions (cannot be changed later on VAST)', positiveInteger)
    .option('--retention-ms <ms>', 'retention period in milliseconds (-1: keep forever)', retentionMs)
    .action(async (name: string, options: { partitions: number; retentionMs?: number }, command: Command) => {
      const globals = globalsOf(command);
      refuseChangeIfReadOnly(globals, `creating topic "${name}"`);
      await oneShot(globals, (session) => createTopic(session, { name, partitions: options.partitions, retentionMs: options.retentionMs }));
      if (globals.json) return printJson({ topic: name, partitions: options.partitions, retentionMs: options.retentionMs ?? null });
      await printLine(`created topic ${escapeForTerminal(name)} with ${options.partitions} partition${options.partitions === 1 ? '' : 's'}`);
    });

  program
    .command('delete-topic')
    .description('delete a topic and its events (this also removes every group\'s committed offsets for it)')
    .argument('<name>')
    .option('--yes', 'do not ask for confirmation')
    .action(async (name: string, options: { yes?: boolean }, command: Command) => {
      const globals = globalsOf(command);
      refuseChangeIfReadOnly(globals, `deleting topic "${name}"`);
      requireTerminalOrYes(options.yes);
      const go = await confirmDeletion('Topic to delete, with all its events and every group\'s committed offsets for it:', [name], options.yes);
      if (!go) return reportNothingDeleted();
      await oneShot(globals, (session) => deleteTopic(session, name));
      if (globals.json) return printJson({ topic: name, deleted: true });
      await printLine(`deleted topic ${escapeForTerminal(name)}`);
    });
}

function retentionMs(text: string): number {
  const value = Number(text.trim());
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || (value < 1 && value !== -1)) {
    throw new InvalidArgumentError('give milliseconds (a positive whole number), or -1 to keep events forever.');
  }
  return value;
}
