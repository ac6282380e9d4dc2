// What reset-offsets and offsets import share once core has a plan: print it (a dry run unless
// --execute), ask on a terminal (or take --yes), commit, print each partition's result, and exit 1
// if any partition failed. The plan is shown before the question, so people answer for exactly it.
import { commitPlan, explainCommitError, failedPartitions, type ResetResult } from '../core/offsetReset/commitPlan';
import type { ResetPlan } from '../core/offsetReset/resetPlan';
import { describeChange, type PlannedPartition } from '../core/offsetReset/resetTarget';
import { UsageError } from '../core/errors';
import { escapeForTerminal } from '../core/rendering/terminalText';
import { askYesNo, canAsk } from './confirm';
import { EXIT_FAILURE } from './failure';
import type { GlobalOptions } from './globalOptions';
import { formatTable, printJson, writeOut } from './output';
import { oneShot } from './session';

export const NO_TERMINAL_COMMIT_REFUSAL = 'refusing to commit offsets without --yes when there is no terminal to confirm on';

export interface CommitOptions {
  execute?: boolean;
  yes?: boolean;
}

/** Called before planning: with --execute, nobody to ask and no --yes, refuse before anything else is said. */
export function requireTerminalOrYesToCommit(options: CommitOptions): void {
  if (options.execute && !options.yes && !canAsk()) throw new UsageError(NO_TERMINAL_COMMIT_REFUSAL);
}

export async function showPlanAndMaybeCommit(globals: GlobalOptions, plan: ResetPlan, options: CommitOptions): Promise<void> {
  requireTerminalOrYesToCommit(options);
  for (const warning of plan.warnings) process.stderr.write(`ebx: ${escapeForTerminal(warning)}\n`);
  if (!options.execute) {
    if (globals.json) return printJson(planJson(plan, null));
    return writeOut(`${planHeading(plan, 'dry run: nothing committed; add --execute to commit')}\n${planTable(plan.partitions)}`);
  }
  if (!options.yes) {
    // In JSON mode stdout is for the result only: the plan and the question go to stderr.
    const text = `${planHeading(plan, 'to commit')}\n${planTable(plan.partitions)}`;
    if (globals.json) process.stderr.write(text);
    else await writeOut(text);
    const noun = plan.partitions.length === 1 ? 'this offset' : `these ${plan.partitions.length} offsets`;
    if (!(await askYesNo(`Commit ${noun} for ${escapeForTerminal(plan.group)}? [y/N] `))) {
      process.stderr.write('ebx: cancelled, nothing was committed\n');
      return;
    }
  }
  const result = await oneShot(globals, (session) => commitPlan(session, plan));
  if (globals.json) await printJson(planJson(plan, result));
  else await writeOut(resultText(result));
  if (failedPartitions(result).length > 0) process.exitCode = EXIT_FAILURE;
}

/** The --json shape of a plan (result null) or of a result. */
export function planJson(plan: ResetPlan, result: ResetResult | null) {
  const results = new Map(result?.partitions.map((p) => [`${p.topic}\u0000${p.partition}`, p.result]));
  return {
    group: plan.group,
    executed: result !== null,
    partitions: plan.partitions.map(({ topic, partition, current, target, clamped, change }) => ({
      topic,
      partition,
      current,
      target,
      clamped,
      change,
      result: results.get(`${topic}\u0000${partition}`) ?? null,
    })),
  };
}

function planHeading(plan: ResetPlan, what: string): string {
  const state = plan.groupExists ? plan.state : 'does not exist yet';
  return `Offsets for consumer group ${escapeForTerminal(plan.group)} (${state}) — ${what}:`;
}

function planTable(partitions: PlannedPartition[]): string {
  const table = formatTable(
    ['TOPIC', 'PARTITION', 'CURRENT', 'NEW', 'CHANGE', 'NOTE'],
    partitions.map((p) => [p.topic, p.partition, p.current ?? 'none', p.target, describeChange(p), p.note]),
  );
  const approximate = partitions.some((p) => p.approximate) ? '≈: the end offset a broker reports can trail the newest events (on VAST by up to a minute).\n' : '';
  return `${table}${approximate}`;
}

function resultText(result: ResetResult): string {
  const table = formatTable(
    ['TOPIC', 'PARTITION', 'NEW', 'RESULT'],
    result.partitions.map((p) => [p.topic, p.partition, p.target, p.result === 'committed' ? 'committed' : `${p.result}: ${explainCommitError(p.result)}`]),
  );
  const committed = result.partitions.length - failedPartitions(result).length;
  return `${table}${committed} of ${result.partitions.length} partitions committed\n`;
}
