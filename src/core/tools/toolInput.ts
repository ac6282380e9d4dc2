// The fields a tool's input is made of, each a zod schema that carries its own sentence for a wrong
// value. VS Code validates input against the manifest's schema, an MCP client need not: the same
// schema checks every field here too (checkToolInput.ts), and a wrong one gets one sentence naming
// it. The field's name comes from the issue's path, so one builder serves every field of its kind.
import * as z from 'zod';

type Issue = z.core.$ZodRawIssue;

/** The input field an issue is about (`groups` also for an entry of it). */
function fieldOf(issue: Issue): string {
  return String(issue.path?.[0] ?? 'input');
}

const missing = (issue: Issue) => issue.code === 'invalid_type' && issue.input === undefined;
const notBlank = (value: string) => value.trim() !== '';

/** A name that must be given and not blank: a topic, a group. */
export function requiredName(description: string) {
  const sentence = (issue: Issue) => (missing(issue) || issue.code === 'custom' ? `"${fieldOf(issue)}" is required.` : `"${fieldOf(issue)}" must be a string.`);
  return z.string({ error: sentence }).refine(notBlank, { error: sentence }).describe(description);
}

/** Any text, empty included. Required unless `.optional()`; `whenMissing` replaces the plain "is required". */
export function text(description: string, whenMissing?: string) {
  return z.string({ error: (issue) => (missing(issue) ? (whenMissing ?? `"${fieldOf(issue)}" is required.`) : `"${fieldOf(issue)}" must be a string.`) }).describe(description);
}

/** A whole number from `min` to `max`; JSON numbers beyond the safe integers are not whole numbers here. */
export function wholeNumber(min: number, max: number, description: string) {
  return z
    .int({
      error: (issue) => {
        const field = fieldOf(issue);
        if (missing(issue)) return `"${field}" is required.`;
        if (!Number.isSafeInteger(issue.input)) return `"${field}" must be a whole number.`;
        return `"${field}" must be between ${min} and ${max} (got ${String(issue.input)}).`;
      },
    })
    .min(min)
    .max(max)
    .describe(description);
}

export function flag(description: string) {
  return z.boolean({ error: (issue) => `"${fieldOf(issue)}" must be true or false.` }).describe(description);
}

/** One of a few words. */
export function choice<const Values extends readonly [string, ...string[]]>(values: Values, description: string) {
  return z
    .enum(values, {
      error: (issue) => {
        const field = fieldOf(issue);
        if (issue.input === undefined || (typeof issue.input === 'string' && !notBlank(issue.input))) return `"${field}" is required.`;
        if (typeof issue.input !== 'string') return `"${field}" must be a string.`;
        return `"${field}" must be one of ${values.join(', ')} (got "${issue.input}").`;
      },
    })
    .describe(description);
}

/** A list of 1 to `maxItems` non-blank names (groups to delete, topics to create). */
export function nameList(maxItems: number, description: string) {
  const entry = z.string({ error: (issue) => `Every entry of "${fieldOf(issue)}" must be a non-empty string.` }).refine(notBlank, {
    error: (issue) => `Every entry of "${fieldOf(issue)}" must be a non-empty string.`,
  });
  return z
    .array(entry, {
      // Also called for the min/max checks' issues (zod types the parameter as the array's own issues only).
      error: (issue: Issue) => {
        const field = fieldOf(issue);
        if (issue.code === 'too_big') return `"${field}" may name at most ${maxItems} entries (got ${(issue.input as unknown[]).length}).`;
        return `"${field}" must be a list of at least one name.`;
      },
    })
    .min(1)
    .max(maxItems)
    .describe(description);
}

/** A non-empty list of partition numbers. */
export function partitionList(description: string) {
  const sentence = (issue: Issue) => `"${fieldOf(issue)}" must be a list of partition numbers (0 or more).`;
  return z
    .array(z.int({ error: sentence }).min(0), { error: sentence })
    .min(1)
    .describe(description);
}

/** Names to text values (`what` names the names: header, setting). */
export function textMap(what: string, description: string) {
  const sentence = (issue: Issue) => `"${fieldOf(issue)}" must be an object of ${what} names to text values.`;
  return z.record(z.string(), z.string({ error: sentence }), { error: sentence }).describe(description);
}

/** The `connection` input every broker tool takes. */
export const CONNECTION_FIELD = text('Name of the connection to use, as ebx_listConnections shows it. Optional when there is only one connection (or one is selected).').optional();

/** The largest partition number Kafka has (an int32). */
export const MAX_PARTITION = 2 ** 31 - 1;
