// One definition per language-model tool, shared by the VS Code adapter (vscode.lm.registerTool,
// package.json's languageModelTools) and `ebx mcp`. A definition says what the tool is for (the
// model reads `modelDescription`), what it takes (one zod schema: the input's type, its runtime
// check and its JSON Schema) and returns text an agent can quote. Tools that change the broker
// never run in one step: `prepare` reads what is needed and returns the exact plan, which the
// adapter shows for confirmation before `apply` runs it (or, when the broker already is as asked,
// `{ nothingToChange: sentence }`: no question, no apply).
//
// Adding a tool (say ebx_deleteRecords; createTopicTool.ts is a whole example):
// 1. src/core/tools/deleteRecordsTool.ts: `export const deleteRecordsTool = defineTool({ name: 'ebx_deleteRecords',
//    ..., changes: true, input: { connection: CONNECTION_FIELD, topic: requiredName('…'), before:
//    wholeNumber(0, Number.MAX_SAFE_INTEGER, '…') }, async prepare(context, input, signal) { … } })`. The fields come
//    from toolInput.ts (each brings its sentence for a wrong value; add a builder there for a new
//    kind); `input` in prepare/run is typed from them and already checked, unknown fields refused.
//    A changing tool calls refuseIfReadOnly and returns its exact plan; apply does only that.
// 2. Add it to TOOL_DEFINITIONS in toolList.ts (the order agents see).
// 3. Add its package.json `contributes.languageModelTools` entry, with the same texts (changing
//    tools: the `changesBroker` tag and `"when": "!eventBroker.allConnectionsReadOnly"`); for its
//    inputSchema run `npm run test:unit`: test/unit/tools/toolDrift.test.ts prints the one to paste.
//    The tests name the changing tools (toolDrift.test.ts, test/cli/mcp.test.ts's CHANGING, the
//    serving-N-tools counts): a new changing tool is added there on purpose, not by accident.
import * as z from 'zod';
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import type { RecordDecoder } from '../formats/recordDecoder';
import type { FieldEncoders } from '../formats/fieldEncoders';

/** A connection as a tool may show it: never a password. */
export interface ConnectionSummary {
  name: string;
  bootstrap: string;
  /** 'none', 'plain', 'scram-sha-256' or 'scram-sha-512'. */
  auth: string;
  username: string | null;
  tls: boolean;
  /** A read-only connection refuses every changing tool. */
  readOnly: boolean;
}

/** What an adapter gives the tools: its connections, the broker profile, and files for the settings check. */
export interface ToolContext {
  connections(): ConnectionSummary[];
  /** The open session of a connection (by name; the adapter's default when absent), with its summary. */
  session(name: string | undefined): Promise<{ session: KafkaSession; connection: ConnectionSummary }>;
  profile: BrokerProfile;
  /** Reads a file the settings check was asked about; relative names resolve where the adapter works. */
  readTextFile(path: string): Promise<{ name: string; text: string }>;
  /** How topics' records are read and written (issue 23); absent: every topic is plain text-or-bytes. */
  recordFormats?: ToolRecordFormats;
}

/** A topic's record formats on a connection, named as `session` gave it (the extension: its settings; ebx mcp: EBX_SCHEMA_REGISTRY). */
export interface ToolRecordFormats {
  /** The decoder of the topic's records; undefined when they are plain text-or-bytes. */
  decoderFor(connection: string, topic: string): Promise<RecordDecoder | undefined>;
  /** The encoders of the topic's key and value (JSON in, the schema's bytes out); empty when text goes as it is. */
  encodersFor(connection: string, topic: string): Promise<FieldEncoders>;
}

/** A tool's input as its run/prepare gets it: checked, typed from the fields. */
export type ToolInput<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape, z.core.$strict>>;

interface ToolDescription<Shape extends z.ZodRawShape> {
  /** The tool's id: VS Code's `name` and MCP's tool name. `ebx_` + camelCase. */
  name: string;
  displayName: string;
  /** What the `#` reference in chat is called. */
  toolReferenceName: string;
  /** For people (VS Code's tool picker). */
  userDescription: string;
  /** For the model: what it returns, its limits, when to use it. */
  modelDescription: string;
  /** The fields it takes; any other field is refused. */
  input: z.ZodObject<Shape, z.core.$strict>;
}

export interface ReadingTool<Shape extends z.ZodRawShape = z.ZodRawShape> extends ToolDescription<Shape> {
  changes: false;
  run(context: ToolContext, input: ToolInput<Shape>, signal: AbortSignal): Promise<string>;
}

/** A change computed and checked, not yet made: `plan` is exactly what `apply` will do. */
export interface PreparedChange {
  title: string;
  plan: string;
  apply(signal: AbortSignal): Promise<string>;
}

/** What prepare returns when the broker already is as asked: nothing to confirm, nothing to apply, and the sentence saying so. */
export interface NothingToChange {
  nothingToChange: string;
}

export interface ChangingTool<Shape extends z.ZodRawShape = z.ZodRawShape> extends ToolDescription<Shape> {
  changes: true;
  prepare(context: ToolContext, input: ToolInput<Shape>, signal: AbortSignal): Promise<PreparedChange | NothingToChange>;
}

export type ToolDefinition = ReadingTool | ChangingTool;

/** A definition as written: `input` is the fields, defineTool makes them a strict object. */
type Written<Tool extends ToolDescription<Shape>, Shape extends z.ZodRawShape> = Omit<Tool, 'input'> & { input: Shape };

/** Defines a tool from its fields (see the steps above); run/prepare get the input typed and checked. */
export function defineTool<Shape extends z.ZodRawShape>(tool: Written<ReadingTool<Shape>, Shape>): ReadingTool<Shape>;
export function defineTool<Shape extends z.ZodRawShape>(tool: Written<ChangingTool<Shape>, Shape>): ChangingTool<Shape>;
export function defineTool<Shape extends z.ZodRawShape>(tool: Written<ReadingTool<Shape>, Shape> | Written<ChangingTool<Shape>, Shape>): ReadingTool<Shape> | ChangingTool<Shape> {
  return { ...tool, input: z.strictObject(tool.input) };
}
