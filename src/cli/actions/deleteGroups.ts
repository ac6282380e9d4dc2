// What ebx delete-group and delete-idle-groups do (commands/deleteGroups.ts declares them).
import type { Command } from 'commander';
import { deleteGroups, idleGroupsPlan } from '../../core/groups/deleteGroups';
import { listGroups } from '../../core/groups/listGroups';
import type { DeleteGroupResult } from '../../core/model';
import { UsageError } from '../../core/errors';
import { canAsk, confirmDeletion, NO_TERMINAL_REFUSAL, reportNothingDeleted, requireTerminalOrYes } from '../confirm';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { EXIT_FAILURE } from '../failure';
import { globalsOf, type GlobalOptions } from '../globalOptions';
import { formatTable, printJson, printLine, writeOut } from '../output';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

const DELETE_TITLE = 'Consumer groups to delete, with their committed offsets:';

export async function deleteGroupsCommand(groupIds: string[], options: { yes?: boolean }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const unique = [...new Set(groupIds)];
  refuseChangeIfReadOnly(globals, unique.length === 1 ? `deleting consumer group "${unique[0]}"` : 'deleting consumer groups');
  requireTerminalOrYes(options.yes);
  if (!(await confirmDeletion(DELETE_TITLE, unique, options.yes))) return reportNothingDeleted();
  const results = await oneShot(globals, (session) => deleteGroups(session, unique));
  if (globals.json) await printJson(results.map(resultJson));
  else await writeOut(resultsText(results));
  setExitCode(results);
}

export async function deleteIdleGroupsCommand(options: { prefix?: string; yes?: boolean }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, 'deleting idle consumer groups');
  // In text mode the plan comes with what tells a throwaway group from a stopped service: its
  // lag and when the last record it consumed was written (read group-less, as the extension's
  // picker shows them), in the same session as the listing. Loaded only then: --json does not
  // need the reader it uses.
  const facts = globals.json ? undefined : await import('../../core/groups/idleGroupFacts');
  const { plan, planFacts } = await oneShot(globals, async (session) => {
    const listed = idleGroupsPlan((await listGroups(session, globals.profile)).groups, options.prefix);
    return { plan: listed, planFacts: facts && listed.length > 0 ? await facts.idleGroupFacts(session, listed) : [] };
  });
  if (plan.length === 0) {
    if (globals.json) return printJson({ plan: [], results: [] });
    return printLine(options.prefix ? `no idle groups starting with ${escapeForTerminal(options.prefix)}` : 'no idle groups');
  }
  // People see the plan before anything happens (and scripts without --yes get it as a dry run).
  if (facts) {
    const now = Date.now();
    const title = `idle groups (state Empty${options.prefix ? `, prefix ${escapeForTerminal(options.prefix)}` : ''}; a stopped service looks idle too):`;
    await writeOut(`${title}\n${formatTable(['GROUP', 'WHAT IT HAD READ'], planFacts.map((f) => [f.groupId, facts.describeIdleGroup(f, now)]))}`);
  }
  if (!options.yes) {
    if (!canAsk()) {
      if (globals.json) await printJson({ plan, results: [] });
      throw new UsageError(NO_TERMINAL_REFUSAL);
    }
    // In text mode the plan is on screen already; in JSON mode the prompt lists it on stderr.
    if (!(await confirmDeletion(globals.json ? DELETE_TITLE : null, plan, options.yes))) return reportNothingDeleted();
  }
  const results = await deletePlan(globals, plan);
  if (globals.json) await printJson({ plan, results: results.map(resultJson) });
  else await writeOut(`\n${resultsText(results)}`);
  setExitCode(results);
}

function deletePlan(globals: GlobalOptions, plan: string[]): Promise<DeleteGroupResult[]> {
  return oneShot(globals, (session) => deleteGroups(session, plan));
}

function resultJson({ groupId, result, message }: DeleteGroupResult) {
  return { groupId, result, message };
}

function resultsText(results: DeleteGroupResult[]): string {
  const deleted = results.filter((r) => r.result === 'deleted').length;
  const table = formatTable(['GROUP', 'RESULT', 'MESSAGE'], results.map((r) => [r.groupId, r.result, r.message]));
  return `${table}${deleted} of ${results.length} deleted\n`;
}

function setExitCode(results: DeleteGroupResult[]): void {
  if (results.some((r) => r.result !== 'deleted')) process.exitCode = EXIT_FAILURE;
}
