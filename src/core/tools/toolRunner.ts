// Running a tool the way both adapters do: the input checked against the tool's schema, and
// whatever goes wrong turned into one sentence (the CLI's and the extension's wording,
// errors.ts / brokerError.ts), so an agent always gets text it can quote, never a stack. Every
// text that leaves here — answers, plans, titles — is escaped for a terminal once, here, so no
// tool can forget: topic and group names, client ids and record text come from whoever wrote to
// the broker, and an agent may print them where an ESC or a bidi override would act (issue 39).
import { explainError } from '../errors';
import { escapeLinesForTerminal } from '../rendering/terminalText';
import type { ChangingTool, PreparedChange, ReadingTool, ToolContext } from './toolDefinition';
import { checkToolInput } from './checkToolInput';

export type ToolOutcome = { ok: true; text: string } | { ok: false; text: string };

export async function runReadingTool(tool: ReadingTool, context: ToolContext, input: unknown, signal: AbortSignal): Promise<ToolOutcome> {
  try {
    return { ok: true, text: escapeLinesForTerminal(await tool.run(context, checkToolInput(tool.input, input), signal)) };
  } catch (err) {
    return failed(err);
  }
}

function failed(err: unknown): { ok: false; text: string } {
  return { ok: false, text: escapeLinesForTerminal(explainError(err)) };
}

/** A plan to confirm; or (change null) the broker already is as asked, which is an answer, not a failure; or why there is no plan. */
export type PreparedOutcome = { ok: true; change: PreparedChange } | { ok: true; change: null; text: string } | { ok: false; text: string };

/** The plan of a changing tool, the sentence saying there is nothing to change, or the one saying why there is no plan. Changes nothing. */
export async function prepareChangingTool(tool: ChangingTool, context: ToolContext, input: unknown, signal: AbortSignal): Promise<PreparedOutcome> {
  try {
    const prepared = await tool.prepare(context, checkToolInput(tool.input, input), signal);
    if ('nothingToChange' in prepared) return { ok: true, change: null, text: escapeLinesForTerminal(prepared.nothingToChange) };
    return { ok: true, change: { ...prepared, title: escapeLinesForTerminal(prepared.title), plan: escapeLinesForTerminal(prepared.plan) } };
  } catch (err) {
    return failed(err);
  }
}

/** Applies a confirmed plan; a failure is one sentence. */
export async function applyChange(change: PreparedChange, signal: AbortSignal): Promise<ToolOutcome> {
  try {
    return { ok: true, text: escapeLinesForTerminal(await change.apply(signal)) };
  } catch (err) {
    return failed(err);
  }
}
