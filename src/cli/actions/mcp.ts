// ebx mcp: the agent tools of src/core/tools/ as a Model Context Protocol server over stdio, for
// agents outside VS Code. The same definitions, limits and sentences as the VS Code tools. Stdout
// carries the protocol only (logs go to stderr). A changing tool asks the user through MCP
// elicitation with its exact plan; a client that cannot ask gets the plan and no change. Under
// --read-only (or EBX_READ_ONLY=1) the changing tools are not offered, and the session refuses changes.
// commands/mcp.ts declares the command; this module, the SDK and the tools load only when it runs.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { version } from '../../../package.json';
import { readOnlyFromEnv, type ConnectionOptions } from '../../core/connection';
import type { KafkaSession } from '../../core/session';
import type { ConnectionSummary, ToolContext, ToolDefinition } from '../../core/tools/toolDefinition';
import { UsageError } from '../../core/errors';
import { toolJsonSchema } from '../../core/tools/toolJsonSchema';
import { connectionFromOptions } from '../connectionFromOptions';
import { globalsOf, type GlobalOptions } from '../globalOptions';
import { stderrLogger } from '../stderrLogger';
import { mcpRecordFormats } from '../mcpRecordFormats';

export async function mcpCommand(command: Command): Promise<void> {
  const globals = globalsOf(command);
  // --read-only (a global option) or EBX_READ_ONLY: the changing tools are not even offered.
  await serveMcp(globals, globals.readOnly === true || readOnlyFromEnv());
}

/** The single connection of ebx's options, as a tool context; the session opens on first use. */
export function cliToolContext(globals: GlobalOptions, readOnly: boolean): { context: ToolContext; close(): Promise<void> } {
  let resolved: { connection: ConnectionOptions; summary: ConnectionSummary } | undefined;
  let session: Promise<KafkaSession> | undefined;
  const resolveConnection = () => {
    if (!resolved) {
      const { connection, warnings } = connectionFromOptions(globals);
      for (const warning of warnings) process.stderr.write(`ebx: ${warning}\n`);
      const bootstrap = connection.bootstrap.join(',');
      connection.name = `ebx (${bootstrap})`;
      if (readOnly) connection.readOnly = true;
      resolved = {
        connection,
        summary: {
          name: connection.name,
          bootstrap,
          auth: connection.sasl?.mechanism ?? 'none',
          username: connection.sasl?.username ?? null,
          tls: connection.tls !== undefined,
          readOnly: connection.readOnly === true,
        },
      };
    }
    return resolved;
  };
  // EBX_SCHEMA_REGISTRY: wire-format values are shown decoded (mcpRecordFormats.ts).
  const recordFormats = mcpRecordFormats();
  const context: ToolContext = {
    ...(recordFormats ? { recordFormats } : {}),
    profile: globals.profile,
    connections() {
      try {
        return [resolveConnection().summary];
      } catch {
        return [];
      }
    },
    async session(name) {
      const { connection, summary } = resolveConnection();
      if (name !== undefined && name !== summary.name) throw new UsageError(`No connection named "${name}": this server has one, ${summary.name}.`);
      session ??= import('../../core/session').then(({ KafkaSession: Session }) => Session.open(connection, stderrLogger(Boolean(globals.debug))));
      return { session: await session, connection: summary };
    },
    async readTextFile(path) {
      // The one bounded reader: a FIFO or /dev/zero named by an agent is a sentence, not a hang.
      const { FILE_KINDS, readBoundedText } = await import('../../core/files/readBoundedFile');
      return { name: path, text: readBoundedText(resolve(path), FILE_KINDS.settings, { shown: path, capital: true }) };
    },
  };
  return { context, close: async () => (session ? (await session).close() : undefined) };
}

async function serveMcp(globals: GlobalOptions, readOnly: boolean): Promise<void> {
  const [{ Server }, { Protocol }, { ListToolsRequestSchema, ErrorCode }, { McpStdioTransport }, z, tools, runner, { escapeLinesForTerminal }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/shared/protocol.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('../mcpStdioTransport'),
    import('zod'),
    import('../../core/tools/toolList'),
    import('../../core/tools/toolRunner'),
    import('../../core/rendering/terminalText'),
  ]);
  const served = cliToolContext(globals, readOnly);
  const context = served.context;
  // A connection that is read-only by itself also hides the changing tools.
  const offered = tools.toolsOffered(readOnly || context.connections().some((c) => c.readOnly));
  const server = new Server({ name: 'event-broker-explorer', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: offered.map(mcpToolOf) }));
  const calls = new RunningCalls();
  // tools/call's params are checked here, not by the SDK's Server, which answers a call without
  // them with a multi-line zod dump as an internal error (-32603); here it is invalid params
  // (-32602) and one sentence. Protocol's own registration: the Server's adds that check back.
  // The SDK answers an error's `code` and `message` (McpError would put "MCP error -32602: " before the sentence).
  const invalidParams = (sentence: string) => Object.assign(new Error(escapeLinesForTerminal(sentence)), { code: ErrorCode.InvalidParams });
  const toolsCall = z.looseObject({ method: z.literal('tools/call'), params: z.unknown().optional() });
  const callTool = async (request: { params?: unknown }, extra: { signal: AbortSignal }) => {
    const params = request.params;
    if (!isObject(params) || typeof params.name !== 'string') {
      throw invalidParams('tools/call needs "params" with the tool\'s "name" (a string) and its "arguments" (an object).');
    }
    if (params.arguments !== undefined && !isObject(params.arguments)) {
      throw invalidParams(`The "arguments" of tools/call must be an object of ${params.name}'s input fields.`);
    }
    // Every text escaped for a terminal: the tools' already are (toolRunner.ts), this adds ebx mcp's own.
    const text = (value: string, isError: boolean) => ({ content: [{ type: 'text' as const, text: escapeLinesForTerminal(value) }], isError });
    const tool = offered.find((t) => t.name === params.name);
    if (!tool) {
      const why = tools.toolNamed(params.name) ? ': this server is read-only, so it offers no tool that changes the broker' : '';
      return text(`No tool named ${params.name}${why}.`, true);
    }
    const input = params.arguments ?? {};
    if (!tool.changes) {
      const outcome = await runner.runReadingTool(tool, context, input, extra.signal);
      return text(outcome.text, !outcome.ok);
    }
    const prepared = await runner.prepareChangingTool(tool, context, input, extra.signal);
    if (!prepared.ok) return text(prepared.text, true);
    // The broker already is as asked: an answer, with nothing to confirm.
    if (prepared.change === null) return text(prepared.text, false);
    const { change } = prepared;
    if (!server.getClientCapabilities()?.elicitation) {
      return text(`Nothing was changed: this MCP client cannot ask the user to confirm (it does not support elicitation). The plan was:\n${change.plan}`, true);
    }
    let confirmed: boolean;
    try {
      const answer = await server.elicitInput({
        message: `${change.title}\n${change.plan}`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Do it', description: 'Make exactly this change.' } }, required: ['confirm'] },
      });
      confirmed = answer.action === 'accept' && answer.content?.confirm === true;
    } catch {
      // No answer in time, or the client failed to ask: not a yes.
      return text('The confirmation got no answer: nothing was changed.', true);
    }
    if (!confirmed) return text('Cancelled by the user: nothing was changed.', true);
    const outcome = await runner.applyChange(change, extra.signal);
    return text(outcome.text, !outcome.ok);
  };
  Protocol.prototype.setRequestHandler.call(server, toolsCall, (request: { params?: unknown }, extra: { signal: AbortSignal }) => calls.run(() => callTool(request, extra)));
  const transport = new McpStdioTransport({ log: (sentence) => process.stderr.write(`ebx mcp: ${sentence}\n`) });
  const ended = new Promise<void>((done) => {
    server.onclose = () => done();
    transport.onend = () => done();
  });
  await server.connect(transport);
  process.stderr.write(`ebx mcp: serving ${offered.length} tools on stdio${readOnly ? ' (read-only)' : ''}\n`);
  await ended;
  // No more requests: the calls already under way still answer, and every answer is written out
  // (transport.close) before ebx exits — an exit with writes pending cut an answer at 64 KiB.
  await calls.settled();
  // The SDK sends a call's answer in a reaction to its handler's end: let it queue that write.
  await new Promise((resolve) => setImmediate(resolve));
  await server.close();
  await Promise.race([served.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000).unref())]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The tool calls under way, so that the server ends only once each has answered. */
class RunningCalls {
  private count = 0;
  private waiting: (() => void)[] = [];

  async run<T>(call: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await call();
    } finally {
      if (--this.count === 0) for (const done of this.waiting.splice(0)) done();
    }
  }

  settled(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((done) => this.waiting.push(done));
  }
}

/** A definition as MCP's tools/list shows it (the drift test compares these with package.json). */
export function mcpToolOf(tool: ToolDefinition) {
  return {
    name: tool.name,
    title: tool.displayName,
    description: tool.modelDescription,
    inputSchema: toolJsonSchema(tool.input),
    annotations: { title: tool.displayName, readOnlyHint: !tool.changes, destructiveHint: tool.changes, idempotentHint: !tool.changes, openWorldHint: false },
  };
}
