// Running a tool the way both adapters do: the input checked against the schema's fields, and
// whatever goes wrong turned into one sentence (the CLI's and the extension's wording,
// errors.ts / brokerError.ts), so an agent always gets text it can quote, never a stack.
import { explainError, UsageError } from '../errors';
import type { ChangingTool, PreparedChange, ReadingTool, ToolContext, ToolInput } from './toolDefinition';
import { refuseUnknownFields } from './toolInput';

export type ToolOutcome = { ok: true; text: string } | { ok: false; text: string };

export async function runReadingTool(tool: ReadingTool, context: ToolContext, input: unknown, signal: AbortSignal): Promise<ToolOutcome> {
  try {
    const checked = inputObject(input);
    refuseUnknownFields(checked, tool.inputSchema);
    return { ok: true, text: await tool.run(context, checked, signal) };
  } catch (err) {
    return { ok: false, text: explainError(err) };
  }
}

export type PreparedOutcome = { ok: true; change: PreparedChange } | { ok: false; text: string };

/** The plan of a changing tool, or the sentence saying why there is none. Changes nothing. */
export async function prepareChangingTool(tool: ChangingTool, context: ToolContext, input: unknown, signal: AbortSignal): Promise<PreparedOutcome> {
  try {
    const checked = inputObject(input);
    refuseUnknownFields(checked, tool.inputSchema);
    return { ok: true, change: await tool.prepare(context, checked, signal) };
  } catch (err) {
    return { ok: false, text: explainError(err) };
  }
}

/** Applies a confirmed plan; a failure is one sentence. */
export async function applyChange(change: PreparedChange, signal: AbortSignal): Promise<ToolOutcome> {
  try {
    return { ok: true, text: await change.apply(signal) };
  } catch (err) {
    return { ok: false, text: explainError(err) };
  }
}

function inputObject(input: unknown): ToolInput {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new UsageError('The tool input must be a JSON object.');
  return input as ToolInput;
}
