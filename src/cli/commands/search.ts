// ebx search TOPIC ...: the matching records of one partition or all, group-less, as JSON Lines in
// replay's shape on stdout; a summary line on stderr saying how far the search got and why it stopped.
// The definition; what it does is in actions/search.ts, loaded only when it runs (with the
// expression library: it stays out of every other command's start).
import type { Command } from 'commander';
import { nonNegativeInteger, positiveInteger } from '../integerArguments';
import { addFormatOptions } from '../formatOptions';
import type { SearchFlags } from '../actions/search';

const DEFAULT_MAX_MATCHES = 100;
const DEFAULT_MAX_SCAN = 1_000_000;
const TIME_HELP = 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d)';

export function registerSearchCommand(program: Command): void {
  const search = program
    .command('search')
    .description('find records in one partition or all, without a consumer group: matches as JSON Lines (replay\'s shape), a summary on stderr')
    .argument('<topic>')
    .option('--partition <n>', 'only this partition (default: all partitions)', nonNegativeInteger)
    .option('--from-beginning', 'start at the earliest offset (the default)')
    .option('--from-offset <offset>', 'start at this offset (in every partition searched)', nonNegativeInteger)
    .option('--from-time <time>', `start at the first event at or after this time: ${TIME_HELP}`)
    .option('--until-time <time>', 'per partition, stop at the first event after this time')
    .option('--key <key>', 'the key is exactly this')
    .option('--key-contains <text>', 'the key contains this text')
    .option('--value-contains <text>', 'the value contains this text')
    .option('--header <name[=value]>', 'a header with this name (and exactly this value)')
    .option('--where <expr>', 'a CEL expression on the JSON value that must be true, e.g. \'value.order >= 30 && value.status == "failed"\' (also key, headers.NAME, partition, offset, timestamp)')
    .option('--max-matches <n>', 'stop after this many matches', positiveInteger, DEFAULT_MAX_MATCHES)
    .option('--max-scan <n>', 'stop after looking at this many records', positiveInteger, DEFAULT_MAX_SCAN);
  addFormatOptions(search)
    .addHelpText('after', '\nCase-sensitive; texts match as UTF-8 bytes. A --where on a value that is not JSON does not match; with --value-format, --where sees the decoded value.\nThe summary on stderr: scanned N records in P partitions, M matches; and why it stopped.')
    .action(async (topic: string, flags: SearchFlags, command: Command) => (await import('../actions/search')).searchCommand(topic, flags, command));
}
