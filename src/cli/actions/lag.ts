// What ebx lag does (commands/lag.ts declares it): once as a table (or --json), or one line per
// sample until Ctrl-C.
import type { Command } from 'commander';
import { explainError, isAbort } from '../../core/errors';
import { escapeForTerminal, jsonForTerminal } from '../../core/rendering/terminalText';
import type { KafkaSession } from '../../core/session';
import { sleep } from '../../core/reader/abortableWaits';
import { systemClock } from '../../core/reader/readerClock';
import { readGroupLag } from '../../core/lag/readGroupLag';
import { lagTrend } from '../../core/lag/lagTrend';
import { lagSampleOf } from '../../core/lag/lagSample';
import { describeGroupTimeLag, describeTimeLag } from '../../core/lag/describeTimeLag';
import type { GroupLagReport, LagSample } from '../../core/lag/lagModel';
import { counted } from '../../core/counted';
import { globalsOf } from '../globalOptions';
import { formatTable, printJson, writeOut } from '../output';
import { oneShot, withSession } from '../session';

export interface LagFlags {
  watch?: number;
}

/** The trend looks at the samples of the last half hour, as the chart does. */
const TREND_WINDOW_MS = 30 * 60_000;

export async function lagCommand(group: string, flags: LagFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const read = (session: KafkaSession, signal?: AbortSignal) => readGroupLag(session, group, { profile: globals.profile, signal });
  if (flags.watch === undefined) {
    const report = await oneShot(globals, (session) => read(session));
    if (globals.json) return printJson(lagJson(report));
    return writeOut(lagTable(report));
  }
  const everyMs = flags.watch * 1000;
  await withSession(globals, (session) => watch(group, everyMs, Boolean(globals.json), (signal) => read(session, signal)));
}

/** Exactly the issue's shape: no other keys (endDisagrees, basis and errors stay out). */
export function lagJson(report: GroupLagReport) {
  return {
    group: report.group,
    state: report.state,
    partitions: report.partitions.map((p) => ({
      topic: p.topic,
      partition: p.partition,
      committed: p.committed,
      end: p.end,
      endApproximate: p.endApproximate,
      lag: p.lag,
      unread: p.unread,
      nextUnreadTimestamp: p.nextUnreadTimestamp,
      timeLagMs: p.timeLagMs,
    })),
    maxTimeLagMs: report.maxTimeLagMs,
  };
}

function lagTable(report: GroupLagReport): string {
  const approx = (n: number | null, approximate: boolean) => (n === null ? null : approximate ? `~${n}` : n);
  const anyApproximate = report.partitions.some((p) => p.endApproximate);
  let text = formatTable(
    ['TOPIC', 'PARTITION', 'COMMITTED', anyApproximate ? 'END≈' : 'END', anyApproximate ? 'LAG≈' : 'LAG', 'UNREAD', 'TIME LAG'],
    report.partitions.map((p) => [
      p.topic,
      p.partition,
      p.committed ?? 'none',
      approx(p.end, p.endApproximate),
      approx(p.lag, p.endApproximate),
      p.unread === null ? null : p.unread ? 'yes' : 'no',
      describeTimeLag(p),
    ]),
  );
  for (const p of report.partitions) if (p.error) text += `${escapeForTerminal(`${p.topic} partition ${p.partition}: ${p.error}`)}\n`;
  const worst = report.partitions.find((p) => p.timeLagMs !== null && p.timeLagMs === report.maxTimeLagMs && p.unread === true);
  text += `${escapeForTerminal(report.group)} (${escapeForTerminal(report.state)}): ${describeGroupTimeLag(report)}${worst ? ` (worst: ${escapeForTerminal(worst.topic)} partition ${worst.partition})` : ''}.\n`;
  const disagree = report.partitions.filter((p) => p.endDisagrees).length;
  if (disagree > 0) {
    text +=
      `Note: the end offset says nothing is unread on ${counted(disagree, 'partition')}, but reading at the committed offset found records there: ` +
      'the reported end offset trails the newest events (on VAST by up to a minute).\n';
  }
  return text;
}

/** Samples until SIGINT/SIGTERM; a failed sample is said on stderr and the next one is tried. */
async function watch(group: string, everyMs: number, json: boolean, sample: (signal: AbortSignal) => Promise<GroupLagReport>): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const samples: LagSample[] = [];
  let first = true;
  try {
    if (process.stderr.isTTY) process.stderr.write(`ebx: watching the lag of ${escapeForTerminal(group)} every ${everyMs / 1000} s; Ctrl-C to stop\n`);
    while (!controller.signal.aborted) {
      try {
        const report = await sample(controller.signal);
        samples.push(lagSampleOf(report));
        while (samples.length > 0 && samples[0].at < report.sampledAt - TREND_WINDOW_MS) samples.shift();
        await writeOut(json ? `${jsonForTerminal(lagJson(report))}\n` : `${sampleLine(report, samples)}\n`);
      } catch (err) {
        if (controller.signal.aborted && isAbort(err)) break;
        // The first sample decides whether the group is there at all: that ends the command.
        if (first) throw err;
        process.stderr.write(`ebx: ${new Date().toISOString()} sample failed: ${escapeForTerminal(explainError(err))}\n`);
      }
      first = false;
      await sleep(systemClock, everyMs, controller.signal).catch(() => undefined);
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** "2026-12-02T03:04:05.000Z  lag≈1234  3 min behind  falling ~120 records/s, clears in ~4 min" */
function sampleLine(report: GroupLagReport, samples: LagSample[]): string {
  const total = samples.at(-1)?.totalLag ?? null;
  const approximate = report.partitions.some((p) => p.endApproximate);
  const unread = report.partitions.filter((p) => p.unread === true).length;
  const disagree = report.partitions.filter((p) => p.endDisagrees).length;
  return [
    new Date(report.sampledAt).toISOString(),
    `lag${approximate ? '≈' : ' '}${total ?? '?'}`,
    describeGroupTimeLag(report),
    `${unread}/${report.partitions.length} partitions unread`,
    lagTrend(samples).words,
    ...(disagree > 0 ? [`end offset trails on ${disagree}`] : []),
  ].join('  ');
}
