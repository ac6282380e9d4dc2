/** The most records one replay read may take. */
export const RECORD_LIMIT_MAX = 10_000_000;

/** Why `text` is not a record limit (one sentence), or undefined: the replay's box and the viewer's "per load" field. */
export function recordLimitProblem(text: string): string | undefined {
  return /^\s*[1-9]\d*\s*$/.test(text) && Number(text) <= RECORD_LIMIT_MAX ? undefined : 'A whole number from 1 to 10,000,000.';
}
