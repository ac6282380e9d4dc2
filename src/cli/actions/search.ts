// What ebx search does (commands/search.ts declares it): the matching records as JSON Lines in
// replay's shape on stdout; a summary line on stderr saying how far the search got and why it stopped.
import type { Command } from 'commander';
import { UsageError } from '../../core/errors';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import type { StartPosition } from '../../core/reader/startPosition';
import { recordJsonLines } from '../../core/rendering/jsonLinesBytes';
import { decodedRecordJsonLines } from '../../core/rendering/decodedJsonLinesBytes';
import { decoderOf } from '../formatOptions';
import type { SearchCriteria } from '../../core/search/searchCriteria';
import { searchBatches, type SearchSummary } from '../../core/search/searchRecords';
import { compileWhere, WhereExpressionError } from '../../core/search/whereExpression';
import { parseTime } from '../../core/time';
import { globalsOf } from '../globalOptions';
import { JsonLinesWriter } from '../output';
import { runRecordStream } from '../recordStream';
import { withSession } from '../session';
import type { FormatFlags } from '../formatFlags';

export interface SearchFlags extends FormatFlags {
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

export async function searchCommand(topic: string, flags: SearchFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const start = searchStartOf(flags);
  const untilTime = flags.untilTime === undefined ? undefined : parseTime(flags.untilTime);
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
  const decoder = await decoderOf(flags);
  const formats = decoder?.readsFormats ? decoder : undefined;
  await withSession(globals, (session) =>
    runRecordStream(async (run) => {
      const writer = new JsonLinesWriter();
      const search = searchBatches(session, { topic, partition: flags.partition, start, untilTime, criteria, maxMatches: flags.maxMatches, maxScan: flags.maxScan, signal: run.signal, decoder });
      for (;;) {
        const next = await search.next();
        if (next.done) {
          process.stderr.write(`ebx: ${summaryLine(next.value, flags)}\n`);
          return;
        }
        const { topic: from, partition, records } = next.value;
        if (formats) await formats.prepare(records);
        await writer.writeLines(formats ? decodedRecordJsonLines(from, partition, records, formats) : recordJsonLines(from, partition, records), records.length);
      }
    }),
  );
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
