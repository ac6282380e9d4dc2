// A tool's input checked against its zod schema before the tool runs: the typed input, or one
// sentence (a UsageError) for the first thing wrong. The fields' own sentences are in toolInput.ts;
// here are the ones about the input as a whole: not an object, or fields the tool does not take.
import * as z from 'zod';
import { UsageError } from '../errors';

export type RawToolInput = Record<string, unknown>;

export function checkToolInput<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape, z.core.$strict>, input: unknown): z.output<z.ZodObject<Shape, z.core.$strict>> {
  const given = inputObject(input);
  // A field sent as null is not given (some MCP clients send null for an optional field).
  const present = Object.fromEntries(Object.entries(given).filter(([field, value]) => !(value === null && Object.hasOwn(schema.shape, field))));
  const result = schema.safeParse(present, { error: plainSentence });
  if (result.success) return result.data;
  throw new UsageError(sentenceOf(result.error.issues, Object.keys(schema.shape)));
}

function inputObject(input: unknown): RawToolInput {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new UsageError('The tool input must be a JSON object.');
  return input as RawToolInput;
}

/** The first problem as our sentence; unknown fields first, so a misspelt option is named as such. */
function sentenceOf(issues: z.core.$ZodIssue[], known: string[]): string {
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown) {
    const accepted = known.length > 0 ? `it takes ${quoted(known)}` : 'it takes no input';
    return `Unknown input ${quoted(unknown.keys)}: ${accepted}.`;
  }
  return issues[0].message;
}

/** For a field made without toolInput.ts's builders: zod's own words, still naming the field. */
function plainSentence(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.length ? issue.path.join('.') : 'input';
  const detail = z.config().localeError?.(issue);
  const words = typeof detail === 'string' ? detail : (detail?.message ?? 'invalid input');
  return `"${field}" is not valid: ${words.charAt(0).toLowerCase()}${words.slice(1)}.`;
}

const quoted = (fields: string[]) => fields.map((f) => `"${f}"`).join(', ');
