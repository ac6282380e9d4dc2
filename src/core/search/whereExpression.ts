// The `where` criterion: a CEL expression (Common Expression Language, @marcbachmann/cel-js) over
// one record. CEL is not Turing complete and the library interprets its own AST — no eval, no
// new Function — so an expression typed by anyone can only read the record it is given.
import { Environment, type ASTNode, type ParseError, type TypeError as CelTypeError } from '@marcbachmann/cel-js';
import { UsageError } from '../errors';

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

// One environment for every search: every name is `dyn` because JSON values have no schema, and
// mixed list/map literals are allowed as JSON has them.
const environment = (() => {
  const env = new Environment({ homogeneousAggregateLiterals: false });
  for (const name of WHERE_NAMES) env.registerVariable(name, 'dyn');
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
  const checked = evaluate.check();
  if (!checked.valid) throw fromCelError(checked.error);
  if (checked.type !== 'bool' && checked.type !== 'dyn') {
    throw new WhereExpressionError(`it gives a ${checked.type}, not true or false`, undefined);
  }
  return {
    uses: namesUsed(evaluate.ast),
    test(context) {
      try {
        return evaluate(context) === true;
      } catch {
        // CEL raises for a missing field or a type mismatch (`value.order > 3` on a string): no match.
        return false;
      }
    },
  };
}

function fromCelError(err: unknown): WhereExpressionError {
  const cel = err as Partial<ParseError | CelTypeError> | undefined;
  // The library's message goes on with a drawing of the expression and a caret: keep its first line.
  const reason = String(cel?.message ?? err).split('\n')[0].trim() || 'it cannot be read';
  const at = cel?.node?.pos;
  return new WhereExpressionError(reason.replace(/\.$/, ''), typeof at === 'number' ? at + 1 : undefined);
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
