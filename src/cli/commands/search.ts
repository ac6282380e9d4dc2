// ebx search TOPIC ...: the matching records of one partition or all, group-less, as JSON Lines in
// replay's shape on stdout; a summary line on stderr saying how far the search got and why it stopped.
import type { Command } from 'commander';
import { UsageError } from '../../core/errors';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import type { StartPosition } from '../../core/reader/startPosition';
import { recordJsonLines } from '../../core/recordJsonLines';
import type { SearchCriteria } from '../../core/search/searchCriteria';
import type { SearchSummary } from '../../core/search/searchRecords';
import { parseTime } from '../../core/time';
import { globalsOf } from '../globalOptions';
import { nonNegativeInteger, positiveInteger } from '../integerArguments';
import { JsonLinesWriter } from '../output';
import { runRecordStream } from '../recordStream';
import { withSession } from '../session';

interface SearchFlags {
  partition?: number;
  fromBeginning?: boolean;
  fromOffset?: number;
  fromTime?: string;
  untilTime?: string;
  key?: string;
  keyContains?: string;
  valueContains?: string;
  header?: string;
  where?: string;
  maxMatches: number;
  maxScan: number;
}

const DEFAULT_MAX_MATCHES = 100;
const DEFAULT_MAX_SCAN = 1_000_000;
const TIME_HELP = 'ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d)';

export function registerSearchCommand(program: Command): void {
  program
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
    .option('--max-scan <n>', 'stop after looking at this many records', positiveInteger, DEFAULT_MAX_SCAN)
    .addHelpText('after', '\nCase-sensitive; texts match as UTF-8 bytes. A --where on a value that is not JSON does not match.\nThe summary on stderr: scanned N records in P partitions, M matches; and why it stopped.')
    .action(async (topic: string, flags: SearchFlags, command: Command) => {
      const globals = globalsOf(command);
      const start = searchStartOf(flags);
      const untilTime = flags.untilTime === undefined ? undefined : parseTime(flags.untilTime);
      // Loaded only for a search: the expression library stays out of every other command's start.
      const { searchBatches } = await import('../../core/search/searchRecords');
      const { compileWhere, WhereExpressionError } = await import('../../core/search/whereExpression');
      const criteria = criteriaOf(flags, (where) => {
        // Checked here too, so the sentence names the flag and comes before any connection is made.
        try {
          compileWhere(where);
        } catch (err) {
          if (err instanceof WhereExpressionError) {
            throw new UsageError(`--where: ${err.reason}${err.position === undefined ? '' : ` at position ${err.position}`} of ${JSON.stringify(where)}.`);
          }
          throw err;
        }
      });
      await withSession(globals, (session) =>
        runRecordStream(async (run) => {
          const writer = new JsonLinesWriter();
          const search = searchBatches(session, { topic, partition: flags.partition, start, untilTime, criteria, maxMatches: flags.maxMatches, maxScan: flags.maxScan, signal: run.signal });
          for (;;) {
            const next = await search.next();
            if (next.done) {
              process.stderr.write(`ebx: ${summaryLine(next.value, flags)}\n`);
              return;
            }
            await writer.writeLines(recordJsonLines(next.value.topic, next.value.partition, next.value.records), next.value.records.length);
          }
        }),
      );
    });
}

function searchStartOf(flags: SearchFlags): StartPosition {
  const given: StartPosition[] = [];
  if (flags.fromBeginning) given.push({ kind: 'beginning' });
  if (flags.fromOffset !== undefined) given.push({ kind: 'offset', offset: flags.fromOffset });
  if (flags.fromTime !== undefined) given.push({ kind: 'time', time: parseTime(flags.fromTime) });
  if (given.length > 1) throw new UsageError(`search takes at most one start: --from-beginning, --from-offset OFFSET or --from-time TIME (${given.length} were given).`);
  return given[0] ?? { kind: 'beginning' };
}

function criteriaOf(flags: SearchFlags, checkWhere: (where: string) => void): SearchCriteria {
  if (flags.key !== undefined && flags.keyContains !== undefined) throw new UsageError('Give --key or --key-contains, not both.');
  const criteria: SearchCriteria = { key: flags.key, keyContains: flags.keyContains, valueContains: flags.valueContains };
  if (flags.header !== undefined) {
    const at = flags.header.indexOf('=');
    const name = at < 0 ? flags.header : flags.header.slice(0, at);
    if (name === '') throw new UsageError(`--header needs a header name before any "=" (got "${flags.header}").`);
    criteria.header = at < 0 ? { name } : { name, value: flags.header.slice(at + 1) };
  }
  if (flags.where !== undefined) {
    checkWhere(flags.where);
    criteria.where = flags.where;
  }
  return criteria;
}

/** `scanned N records in P partitions, M matches; <why it stopped>` (the caller escapes nothing: no record text in it). */
export function summaryLine(summary: SearchSummary, flags: Pick<SearchFlags, 'maxMatches' | 'maxScan' | 'partition'>): string {
  const counted = `scanned ${plural(summary.scanned, 'record')} in ${plural(summary.partitions, 'partition')}, ${plural(summary.matches, 'match', 'matches')}`;
  const why = {
    end: 'reached the end',
    maxMatches: `stopped at --max-matches ${flags.maxMatches}`,
    maxScan: `stopped at --max-scan ${flags.maxScan}`,
    untilTime: 'reached --until-time',
    aborted: 'stopped on request',
  }[summary.stoppedBecause];
  // One partition can be taken up again from the command line; several need a viewer's resumeFrom.
  const resume = summary.resumeFrom.length === 1 && summary.stoppedBecause !== 'end' ? `; to go on: --partition ${summary.resumeFrom[0].partition} --from-offset ${summary.resumeFrom[0].offset}` : '';
  return escapeForTerminal(`${counted}; ${why}${resume}`);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
