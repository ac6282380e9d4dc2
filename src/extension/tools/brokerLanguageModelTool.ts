// One core tool definition as a VS Code language-model tool. Reading tools run in invoke(). A
// changing tool computes its plan in prepareInvocation() — which VS Code shows as the confirmation
// (Continue / Cancel) — and invoke() applies exactly that plan, never a fresh one; when the broker
// already is as asked there is no question and invoke() just says so. Every answer is
// text; a failure is one sentence the model can quote.
import * as vscode from 'vscode';
import type { ToolContext, ToolDefinition } from '../../core/tools/toolDefinition';
import type { RawToolInput } from '../../core/tools/checkToolInput';
import { applyChange, prepareChangingTool, runReadingTool, type PreparedOutcome } from '../../core/tools/toolRunner';
import { fencedPlan } from './fencedPlan';

/** Plans waiting for invoke(); a few at most (VS Code prepares and invokes one call at a time). */
const MAX_PENDING_PLANS = 20;

export class BrokerLanguageModelTool implements vscode.LanguageModelTool<RawToolInput> {
  private readonly pending = new Map<string, PreparedOutcome>();

  constructor(
    readonly definition: ToolDefinition,
    private readonly context: ToolContext,
  ) {}

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<RawToolInput>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const tool = this.definition;
    if (!tool.changes) return { invocationMessage: `${tool.displayName}…` };
    const prepared = await prepareChangingTool(tool, this.context, options.input, abortSignalOf(token));
    this.remember(options.input, prepared);
    // Nothing can change when there is no plan: no question, invoke() reports why.
    if (!prepared.ok) return { invocationMessage: `${tool.displayName}: refused` };
    // Nor when the broker already is as asked: no question, invoke() says so.
    if (prepared.change === null) return { invocationMessage: `${tool.displayName}: nothing to change` };
    const message = new vscode.MarkdownString();
    message.appendMarkdown(fencedPlan(prepared.change.plan));
    return { invocationMessage: `${tool.displayName}…`, confirmationMessages: { title: prepared.change.title, message } };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<RawToolInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const signal = abortSignalOf(token);
    const tool = this.definition;
    if (!tool.changes) return result((await runReadingTool(tool, this.context, options.input, signal)).text);
    const key = keyOf(options.input);
    const pending = this.pending.get(key);
    this.pending.delete(key);
    if (!pending) return result(`Nothing was changed: ${tool.name} runs only after its plan was shown and confirmed.`);
    if (!pending.ok || pending.change === null) return result(pending.text);
    return result((await applyChange(pending.change, signal)).text);
  }

  private remember(input: unknown, pending: PreparedOutcome): void {
    this.pending.set(keyOf(input), pending);
    while (this.pending.size > MAX_PENDING_PLANS) this.pending.delete(this.pending.keys().next().value!);
  }
}

function keyOf(input: unknown): string {
  return JSON.stringify(input ?? {});
}

function result(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

function abortSignalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
