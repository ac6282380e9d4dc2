// The `where` criterion: a CEL expression (Common Expression Language, @marcbachmann/cel-js) over
// one record. CEL is not Turing complete and the library interprets its own AST — no eval, no
// new Function — so an expression typed by anyone can only read the record it is given. Its cost
// is bounded too (issue 39): `matches` runs on RE2, in time linear in the text, and each record's
// evaluation has a budget (celBudget.ts).
import { Environment, type ASTNode, type ParseError, type TypeError as CelTypeError } from '@marcbachmann/cel-js';
import { UsageError } from '../errors';
import { newEvaluation, spendLoopSteps } from './celBudget';
import { compileRe2, re2Matches } from './re2Matches';

/** The names an expression can use, one per part of a record. */
export const WHERE_NAMES = ['key', 'value', 'headers', 'partition', 'offset', 'timestamp'] as const;
export type WhereName = (typeof WHERE_NAMES)[number];

export type WhereContext = Partial<Record<WhereName, unknown>>;

/** A bad expression, refused before any record is read: what is wrong and where (1-based). */
export class WhereExpressionError extends UsageError {
  override name = 'WhereExpressionError';
  constructor(
    readonly reason: string,
    readonly position: number | undefined,
  ) {
    super(`The where expression is not valid: ${reason}${position === undefined ? '' : ` at position ${position}`}.`);
  }
}

export interface WhereExpression {
  /** True when the expression is true for this record; false for anything else, errors included. */
  test(context: WhereContext): boolean;
  /** The record parts the expression reads: the matcher builds only these. */
  uses: ReadonlySet<WhereName>;
}

/**
 * The name `matches` calls are given once parsed: the library's registry refuses a second overload
 * of its own `string.matches(string)` (a JavaScript RegExp), so ours are registered under this
 * name and every call of `matches` in a parsed expression is pointed at them (pointMatchesAtRe2).
 */
const RE2_MATCHES = 'matches_re2';

// One environment for every search: every name is `dyn` because JSON values have no schema, and
// mixed list/map literals are allowed as JSON has them.
const environment = (() => {
  const env = new Environment({ homogeneousAggregateLiterals: false });
  for (const name of WHERE_NAMES) env.registerVariable(name, 'dyn');
  env.registerFunction(`string.${RE2_MATCHES}(string): bool`, re2Matches);
  env.registerFunction(`${RE2_MATCHES}(string, string): bool`, re2Matches);
  return env;
})();

/** Parses and type-checks `text` once; throws WhereExpressionError with a one-sentence reason. */
export function compileWhere(text: string): WhereExpression {
  if (text.trim() === '') throw new WhereExpressionError('it is empty', undefined);
  let evaluate: ReturnType<Environment['parse']>;
  try {
    evaluate = environment.parse(text);
  } catch (err) {
    throw fromCelError(err);
  }
  pointMatchesAtRe2(evaluate.ast);
  const checked = evaluate.check();
  if (!checked.valid) throw fromCelError(checked.error);
  if (checked.type !== 'bool' && checked.type !== 'dyn') {
    throw new WhereExpressionError(`it gives a ${checked.type}, not true or false`, undefined);
  }
  meterComprehensions(evaluate.ast);
  return {
    uses: namesUsed(evaluate.ast),
    test(context) {
      newEvaluation();
      try {
        return evaluate(context) === true;
      } catch {
        // CEL raises for a missing field or a type mismatch (`value.order > 3` on a string), and
        // celBudget for an evaluation that would cost too much: no match.
        return false;
      }
    },
  };
}

function fromCelError(err: unknown): WhereExpressionError {
  const cel = err as Partial<ParseError | CelTypeError> | undefined;
  // The library's message goes on with a drawing of the expression and a caret: keep its first line.
  const reason = String(cel?.message ?? err).split('\n')[0].trim().replaceAll(RE2_MATCHES, 'matches') || 'it cannot be read';
  const at = cel?.node?.pos;
  return new WhereExpressionError(reason.replace(/\.$/, ''), typeof at === 'number' ? at + 1 : undefined);
}

/** A parsed node as the library builds it (its TypeScript type leaves out what is used here). */
interface CelNode {
  op: string;
  args: unknown;
  pos?: number;
  /** Set by the type check: what evaluating the node calls (for a comprehension, with the elements). */
  handle?: (...args: unknown[]) => unknown;
  /** What a macro (all, exists, map, filter…) was expanded into. */
  meta?: { alternate?: CelNode };
}

function isNode(value: unknown): value is CelNode {
  return typeof value === 'object' && value !== null && 'op' in value && 'args' in value;
}

/** Every node of the expression once, macro expansions included. */
function eachNode(root: unknown, visit: (node: CelNode) => void, seen = new Set<CelNode>()): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (isNode(value)) {
      if (seen.has(value)) return;
      seen.add(value);
      visit(value);
      walk(value.args);
      walk(value.meta?.alternate);
      return;
    }
    // A comprehension's arguments are an object of nodes (iterable, init, step…).
    if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) Object.values(value).forEach(walk);
  };
  walk(root);
}

/**
 * Points `text.matches(pattern)` and `matches(text, pattern)` at the RE2 overloads, before the type
 * check picks overloads. A pattern written in the expression is compiled now: one RE2 does not
 * take is refused with the expression, at its position, before any record is read.
 */
function pointMatchesAtRe2(ast: ASTNode): void {
  eachNode(ast, (node) => {
    const args = node.args as unknown[];
    const method = node.op === 'rcall' && args[0] === 'matches' && (args[2] as unknown[]).length === 1;
    const fn = node.op === 'call' && args[0] === 'matches' && (args[1] as unknown[]).length === 2;
    if (!method && !fn) return;
    args[0] = RE2_MATCHES;
    const pattern = method ? (args[2] as unknown[])[0] : (args[1] as unknown[])[1];
    if (isNode(pattern) && pattern.op === 'value' && typeof pattern.args === 'string') {
      const re = compileRe2(pattern.args);
      if (typeof re === 'string') throw new WhereExpressionError(re, pattern.pos === undefined ? undefined : pattern.pos + 1);
    }
  });
}

/**
 * Counts each comprehension's work against the record's budget before it runs: its elements times
 * the nodes evaluated for each. Wraps what the type check set up to run it.
 */
function meterComprehensions(ast: ASTNode): void {
  eachNode(ast, (node) => {
    if (node.op !== 'comprehension' || typeof node.handle !== 'function') return;
    const run = node.handle;
    let stepNodes = 1;
    eachNode((node.args as { step?: unknown }).step, () => stepNodes++);
    node.handle = (items: unknown, ...rest: unknown[]) => {
      spendLoopSteps(sizeOf(items) * stepNodes);
      return run(items, ...rest);
    };
  });
}

function sizeOf(items: unknown): number {
  if (Array.isArray(items)) return items.length;
  if (items instanceof Map || items instanceof Set) return items.size;
  return typeof items === 'object' && items !== null ? Object.keys(items).length : 0;
}

/** Which of WHERE_NAMES occur as identifiers anywhere in the parsed expression. */
function namesUsed(ast: ASTNode): Set<WhereName> {
  const used = new Set<WhereName>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null || !('op' in node)) return;
    const { op, args } = node as { op: string; args: unknown };
    if (op === 'id' && (WHERE_NAMES as readonly unknown[]).includes(args)) used.add(args as WhereName);
    visit(args);
  };
  visit(ast);
  return used;
}
