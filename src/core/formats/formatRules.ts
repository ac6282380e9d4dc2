// How a connection's topics are read, set per topic-name pattern (issue 23, item 1): the extension's
// `eventBroker.recordFormats` setting is a list of these rules, the first that matches a topic wins.
// The rules are plain data, checked here once (each problem one sentence), so the settings, the
// "Value Format…" command and the agent tools agree on what a rule means.
import { FormatError, type FieldFormatName, type SchemaCodec, type SchemaFormat } from './formatTypes';
import type { FieldRole } from './fieldValues';
import { FIELD_FORMATS, isFieldFormat, isSchemaFormat, SCHEMA_FORMATS_TEXT } from './formatCatalog';
import type { FieldSpec } from './fieldReading';
import { parseSubjectStrategy } from '../schemaRegistry/subjectStrategy';


/** One entry of `eventBroker.recordFormats`. */
export interface FormatRule {
  /** A topic name, or a pattern: `*` is any run of characters, `?` one character (`orders.*`). */
  topic: string;
  /** The connection's name; absent: every connection. */
  connection?: string;
  keyFormat?: FieldFormatName;
  valueFormat?: FieldFormatName;
  /** A workspace schema file (.avsc, .proto, .json): relative to the workspace folder, or absolute. */
  keySchema?: string;
  valueSchema?: string;
  /** The Protobuf message type (`shop.Order`) when the file holds several. */
  keyMessage?: string;
  valueMessage?: string;
  /** The registry subject producing looks a schema up under: topic (default), record or topic-record. */
  subjectStrategy?: string;
}

/** One field's part of a rule: its format, and the schema file and message naming its schema. */
export interface FieldChoice {
  format: FieldFormatName;
  schemaFile?: string;
  message?: string;
}

const RULE_KEYS = new Set(['topic', 'connection', 'keyFormat', 'valueFormat', 'keySchema', 'valueSchema', 'keyMessage', 'valueMessage', 'subjectStrategy']);

/** Whether `topic` matches `pattern` (`*` any run of characters, `?` one; everything else as is). */
export function topicPatternMatches(pattern: string, topic: string): boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return pattern === topic;
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(topic);
}

/** The first rule for this connection and topic. */
export function ruleFor(rules: readonly FormatRule[], connectionName: string, topic: string): FormatRule | undefined {
  return rules.find((rule) => (rule.connection === undefined || rule.connection === connectionName) && topicPatternMatches(rule.topic, topic));
}

export function fieldChoice(rule: FormatRule | undefined, role: FieldRole): FieldChoice {
  const schemaFile = role === 'key' ? rule?.keySchema : rule?.valueSchema;
  const message = role === 'key' ? rule?.keyMessage : rule?.valueMessage;
  const format = (role === 'key' ? rule?.keyFormat : rule?.valueFormat) ?? (schemaFile !== undefined ? formatOfFileName(schemaFile) : message !== undefined ? 'protobuf' : undefined) ?? 'auto';
  return { format, ...(schemaFile !== undefined ? { schemaFile } : {}), ...(message !== undefined ? { message } : {}) };
}

/** The format a schema file's name says: .avsc, .proto, or .json (a JSON Schema unless told otherwise). */
export function formatOfFileName(file: string): SchemaFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.avsc')) return 'avro';
  if (lower.endsWith('.proto')) return 'protobuf';
  if (lower.endsWith('.json')) return 'json-schema';
  return undefined;
}

/**
 * What is wrong with one entry of the setting, one sentence each (empty when nothing is). `at` names
 * the entry in the sentences (`recordFormats[2]`).
 */
export function ruleProblems(entry: unknown, at: string): string[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [`${at} is not an object like {"topic": "orders", "valueFormat": "avro", "valueSchema": "schemas/order.avsc"}.`];
  const rule = entry as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(rule)) if (!RULE_KEYS.has(key)) problems.push(`${at} has "${key}", which is not a setting of a record format (${[...RULE_KEYS].join(', ')}).`);
  if (typeof rule.topic !== 'string' || rule.topic.trim() === '') problems.push(`${at} needs "topic": a topic name or a pattern such as "orders.*".`);
  for (const key of ['connection', 'keySchema', 'valueSchema', 'keyMessage', 'valueMessage', 'subjectStrategy']) {
    const value = rule[key];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) problems.push(`${at}.${key} must be a non-empty text.`);
  }
  if (typeof rule.subjectStrategy === 'string') {
    try {
      parseSubjectStrategy(rule.subjectStrategy);
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      problems.push(`${at}.subjectStrategy: ${err.message}`);
    }
  }
  for (const role of ['key', 'value'] as const) {
    const format = rule[`${role}Format`];
    if (format !== undefined && !isFieldFormat(format)) {
      problems.push(`${at}.${role}Format ${JSON.stringify(format)} is not a format: use one of ${FIELD_FORMATS.join(', ')}.`);
      continue;
    }
    if (problems.length > 0) continue;
    const choice = fieldChoice(rule as unknown as FormatRule, role);
    const problem = choiceProblem(role, choice, true);
    if (problem !== undefined) problems.push(`${at}: ${problem}`);
  }
  return problems;
}

/** The rules of the setting that can be used; each problem of the others is one sentence. */
export function usableRules(entries: unknown): { rules: FormatRule[]; problems: string[] } {
  if (entries === undefined || entries === null) return { rules: [], problems: [] };
  if (!Array.isArray(entries)) return { rules: [], problems: ['recordFormats is not a list of record formats.'] };
  const rules: FormatRule[] = [];
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    const found = ruleProblems(entry, `recordFormats[${i}]`);
    if (found.length === 0) rules.push(entry as FormatRule);
    else problems.push(...found);
  });
  return { rules, problems };
}

/**
 * Why a field's choice cannot work, or undefined when it can. `hasRegistry`: a schema registry is
 * configured for the connection (a schema format may then do without a file).
 */
export function choiceProblem(role: FieldRole, choice: FieldChoice, hasRegistry: boolean): string | undefined {
  const { format, schemaFile, message } = choice;
  if (message !== undefined && format !== 'protobuf') return `${role}Message names a Protobuf message type, but the ${role} format is ${format}.`;
  if (schemaFile !== undefined && !isSchemaFormat(format)) return `${role}Schema gives a schema, but the ${role} format ${format} reads without one (use ${SCHEMA_FORMATS_TEXT}).`;
  const fileFormat = schemaFile === undefined ? undefined : formatOfFileName(schemaFile);
  if (schemaFile !== undefined && fileFormat === undefined && format !== 'avro') return `${role}Schema "${schemaFile}" is not a schema file (.avsc, .proto or .json).`;
  // A .json file may hold an Avro schema or a JSON Schema; .avsc and .proto say what they are.
  if (fileFormat !== undefined && fileFormat !== 'json-schema' && fileFormat !== format) {
    return `${role}Schema "${schemaFile}" is ${fileFormat === 'avro' ? 'an Avro' : 'a Protobuf'} schema, but the ${role} format is ${format}.`;
  }
  if (isSchemaFormat(format) && schemaFile === undefined && !hasRegistry) return `the ${role} format ${format} needs a schema: ${role}Schema (a workspace file) or a schema registry on the connection.`;
  return undefined;
}

/**
 * A field's choice made into what RecordDecoder reads with: the schema file loaded by `loadFile`
 * (which resolves the path and caches codecs). Throws a FormatError whose message is one sentence.
 */
export function fieldSpecFor(
  role: FieldRole,
  choice: FieldChoice,
  options: { hasRegistry: boolean; loadFile: (file: string, format: SchemaFormat, message: string | undefined) => SchemaCodec },
): FieldSpec {
  const problem = choiceProblem(role, choice, options.hasRegistry);
  if (problem !== undefined) throw new FormatError(problem);
  if (choice.schemaFile === undefined) return { format: choice.format };
  return { format: choice.format, codec: options.loadFile(choice.schemaFile, choice.format as SchemaFormat, choice.message) };
}

/**
 * The setting's entries with one field of exactly one topic of one connection changed (what "Value
 * Format…" writes). Entries that cannot be used stay as they are; the topic's own entry goes first.
 */
export function withFieldChoice(entries: readonly unknown[], connectionName: string, topic: string, role: FieldRole, choice: FieldChoice): unknown[] {
  const isExact = (e: unknown) => typeof e === 'object' && e !== null && (e as FormatRule).topic === topic && (e as FormatRule).connection === connectionName;
  const exact = entries.findIndex(isExact);
  // Starting from the rule that applies today keeps the other field as it reads now.
  const applying = exact >= 0 ? (entries[exact] as FormatRule) : ruleFor(usableRules(entries).rules, connectionName, topic);
  const base: FormatRule = { ...applying, topic, connection: connectionName };
  const formatKey = role === 'key' ? 'keyFormat' : 'valueFormat';
  const schemaKey = role === 'key' ? 'keySchema' : 'valueSchema';
  const messageKey = role === 'key' ? 'keyMessage' : 'valueMessage';
  delete base[formatKey];
  delete base[schemaKey];
  delete base[messageKey];
  const others = entries.filter((_, i) => i !== exact);
  // "auto" is written only when a pattern would otherwise read this field another way.
  const patternChoice = fieldChoice(ruleFor(usableRules(others).rules, connectionName, topic), role);
  if (choice.format !== 'auto' || patternChoice.format !== 'auto') base[formatKey] = choice.format;
  if (choice.schemaFile !== undefined) base[schemaKey] = choice.schemaFile;
  if (choice.message !== undefined) base[messageKey] = choice.message;
  const saysSomething = Object.keys(base).some((k) => k !== 'topic' && k !== 'connection');
  // An exact entry goes first, so that no pattern before it hides it; one that says nothing goes.
  return saysSomething ? [base, ...others] : others;
}
