// One definition per language-model tool, shared by the VS Code adapter (vscode.lm.registerTool,
// package.json's languageModelTools) and `ebx mcp`. A definition says what the tool is for (the
// model reads `modelDescription`), what it takes (a JSON Schema object) and returns text an agent
// can quote. Tools that change the broker never run in one step: `prepare` reads what is needed
// and returns the exact plan, which the adapter shows for confirmation before `apply` runs it.
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';

/** The part of JSON Schema our inputs use (VS Code and MCP both take it as is). */
export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

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
}

export type ToolInput = Record<string, unknown>;

interface ToolDescription {
  /** The tool's id: VS Code's `name` and MCP's tool name. `ebx_` + camelCase. */
  name: string;
  displayName: string;
  /** What the `#` reference in chat is called. */
  toolReferenceName: string;
  /** For people (VS Code's tool picker). */
  userDescription: string;
  /** For the model: what it returns, its limits, when to use it. */
  modelDescription: string;
  inputSchema: JsonSchema;
}

export interface ReadingTool extends ToolDescription {
  changes: false;
  run(context: ToolContext, input: ToolInput, signal: AbortSignal): Promise<string>;
}

/** A change computed and checked, not yet made: `plan` is exactly what `apply` will do. */
export interface PreparedChange {
  title: string;
  plan: string;
  apply(signal: AbortSignal): Promise<string>;
}

export interface ChangingTool extends ToolDescription {
  changes: true;
  prepare(context: ToolContext, input: ToolInput, signal: AbortSignal): Promise<PreparedChange>;
}

export type ToolDefinition = ReadingTool | ChangingTool;
