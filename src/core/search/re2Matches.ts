// CEL's `matches` on RE2 (re2js, a port of Google's engine): time linear in the text whatever the
// pattern. The CEL library's own `matches` builds a JavaScript RegExp, which backtracks:
// `value.s.matches('^(a+)+b$')` took 56 s of CPU on 30 characters (issue 39). RE2 is also what the
// CEL specification names for `matches`; it has no backreferences and no lookaround.
import { RE2JS, RE2JSSyntaxException } from 're2js';
import { spendMatchSteps } from './celBudget';

/** Longer patterns are refused: a typed expression never needs one, and a record's would cost its compile. */
export const MAX_PATTERN_CHARS = 10_000;
/** Compiled patterns kept: every literal of an expression, and the last few a record supplied. */
const CACHE_SIZE = 64;

const compiled = new Map<string, RE2JS | string>();

/** The compiled pattern, or the sentence saying why it is not one RE2 runs. */
export function compileRe2(pattern: string): RE2JS | string {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  const made = compileUncached(pattern);
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, made);
  return made;
}

function compileUncached(pattern: string): RE2JS | string {
  const shown = pattern.length > 60 ? `${JSON.stringify(pattern.slice(0, 57))}…` : JSON.stringify(pattern);
  if (pattern.length > MAX_PATTERN_CHARS) return `the pattern of matches is ${pattern.length} characters long, more than the ${MAX_PATTERN_CHARS} it may have`;
  try {
    return RE2JS.compile(pattern);
  } catch (err) {
    const why = err instanceof RE2JSSyntaxException ? `${err.getDescription()}${err.getPattern() ? ` ${JSON.stringify(err.getPattern())}` : ''}` : String((err as Error).message ?? err);
    return `matches takes RE2 syntax (no backreferences or lookaround), and ${shown} is not: ${why}`;
  }
}

/** `text.matches(pattern)`: whether the pattern matches anywhere in the text, paid for from the record's budget. */
export function re2Matches(text: string, pattern: string): boolean {
  const re = compileRe2(pattern);
  if (typeof re === 'string') throw new Error(re);
  spendMatchSteps(re.programSize() * (text.length + 1));
  return re.test(text);
}
