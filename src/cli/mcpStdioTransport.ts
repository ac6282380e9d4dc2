// ebx mcp's stdio transport: JSON-RPC messages one per line on stdin, answers one per line on
// stdout. In place of the SDK's StdioServerTransport (issue 39), which on one message over 10 MiB
// closed the server without a word (exit 0), and whose answers were cut at the pipe's 64 KiB when
// the process exited with writes still pending. Here a message that is too long is refused with a
// JSON-RPC error (when its id can be found) and a sentence on stderr, then the next line is read as
// ever; every answer is written out before close() resolves; and stdin's end is told to the server
// (onend) rather than closing it, so the answers of calls still running can still be sent.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own limit for one message. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How much of the start and end of a refused message is kept to find its id. */
const EDGE_BYTES = 256;
const INVALID_REQUEST = -32600;

export interface McpStdioOptions {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  /** One sentence for the operator (stderr). */
  log: (sentence: string) => void;
  maxMessageBytes?: number;
}

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** stdin ended: no more requests will come. */
  onend?: () => void;

  private readonly stdin: NodeJS.ReadableStream;
  private readonly stdout: NodeJS.WritableStream;
  private readonly log: (sentence: string) => void;
  private readonly max: number;
  /** The current line's bytes so far (while it is within the limit). */
  private parts: Buffer[] = [];
  private size = 0;
  /** A line past the limit, being skipped to its end: its first and last bytes, to find its id. */
  private skipping: { head: Buffer; tail: Buffer; size: number } | undefined;
  private readonly writing = new Set<Promise<void>>();
  private closed = false;

  constructor(options: McpStdioOptions) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.log = options.log;
    this.max = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  }

  start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
    this.stdin.once('end', this.onEnd);
    return Promise.resolve();
  }

  /** Resolves once the message has been handed to the operating system (not merely queued). */
  send(message: JSONRPCMessage): Promise<void> {
    const written = new Promise<void>((resolve) => {
      // A reader that went away is closedPipe.ts's business: nothing to wait for here.
      this.stdout.write(`${JSON.stringify(message)}\n`, () => resolve());
    });
    this.writing.add(written);
    void written.then(() => this.writing.delete(written));
    return written;
  }

  /** Stops reading; resolves once every answer is written out. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.stdin.off('end', this.onEnd);
    this.stdin.pause();
    await Promise.all([...this.writing]);
    this.onclose?.();
  }

  private readonly onError = (err: Error) => this.onerror?.(err);

  private readonly onEnd = () => this.onend?.();

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let from = 0;
    while (from < bytes.length) {
      const newline = bytes.indexOf(0x0a, from);
      const end = newline < 0 ? bytes.length : newline;
      this.take(bytes.subarray(from, end));
      if (newline < 0) return;
      this.endOfLine();
      from = newline + 1;
    }
  };

  /** Part of the current line. */
  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping) {
      const skip = this.skipping;
      skip.size += part.length;
      skip.tail = Buffer.concat([skip.tail, part]).subarray(-EDGE_BYTES);
      return;
    }
    if (this.size + part.length <= this.max) {
      this.parts.push(part);
      this.size += part.length;
      return;
    }
    const line = Buffer.concat([...this.parts, part]);
    this.skipping = { head: line.subarray(0, EDGE_BYTES), tail: line.subarray(-EDGE_BYTES), size: line.length };
    this.parts = [];
    this.size = 0;
  }

  private endOfLine(): void {
    if (this.skipping) {
      const { head, tail, size } = this.skipping;
      this.skipping = undefined;
      this.refuseTooLong(head, tail, size);
      return;
    }
    const line = Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    if (line.trim() === '') return;
    this.deliver(line);
  }

  private deliver(line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      // No id to answer to: said to the operator only.
      this.log(`a line of ${Buffer.byteLength(line).toLocaleString('en-US')} bytes on stdin is not JSON; it was skipped.`);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(json);
    if (!message.success) {
      const id = idOf(json);
      this.log(`a message on stdin is not JSON-RPC 2.0${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}; it was skipped.`);
      this.answerError(id, INVALID_REQUEST, 'The message is not a JSON-RPC 2.0 request, notification or response.');
      return;
    }
    this.onmessage?.(message.data);
  }

  private refuseTooLong(head: Buffer, tail: Buffer, size: number): void {
    const id = idAtEdges(head.toString('utf8'), tail.toString('utf8'));
    const what = `message of ${size.toLocaleString('en-US')} bytes was refused: at most ${this.max.toLocaleString('en-US')} bytes are read as one message`;
    this.log(`a ${what}${id === undefined ? '' : ` (request id ${JSON.stringify(id)})`}.`);
    this.answerError(id, INVALID_REQUEST, `A ${what}.`);
  }

  /** An error answer to a request whose id is known; without one there is nobody to answer. */
  private answerError(id: string | number | undefined, code: number, message: string): void {
    if (id === undefined) return;
    void this.send({ jsonrpc: '2.0', id, error: { code, message } });
  }
}

function idOf(json: unknown): string | number | undefined {
  if (typeof json !== 'object' || json === null || !('id' in json)) return undefined;
  const { id } = json;
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined;
}

/**
 * The id of a message too long to parse, from its first or last bytes: `{"jsonrpc":"2.0","id":7,…`
 * as most clients write it, or `…,"jsonrpc":"2.0","id":7}` as the SDK's client does.
 */
function idAtEdges(head: string, tail: string): string | number | undefined {
  const id = String.raw`("(?:[^"\\]|\\.){0,100}"|-?\d{1,15})`;
  const atStart = new RegExp(String.raw`^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*${id}\s*,`).exec(head);
  const atEnd = new RegExp(String.raw`"id"\s*:\s*${id}\s*\}\s*$`).exec(tail);
  const found = atStart?.[1] ?? atEnd?.[1];
  if (found === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(found);
    return idOf({ id });
  } catch {
    return undefined;
  }
}
