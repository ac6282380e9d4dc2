// What one `where` evaluation may cost (issue 39): an expression typed by anyone, run on a record
// written by anyone, must end soon, so a search can be stopped and an `ebx mcp` server answers
// others. CEL has no loops, but its comprehensions (all, exists, map, filter…) nest, and `matches`
// costs the pattern's size times the text's length. Both are counted here, per record; past either
// budget the evaluation fails, and the record does not match (as for a field it lacks).

/** Comprehension steps: elements visited × the nodes of the expression run for each. */
export const LOOP_STEPS = 4_000_000;
/**
 * RE2 steps: the pattern's instructions × (the text's characters + 1), over all `matches` of the
 * record. Measured worst (a pattern whose automaton keeps growing) ~0.5 µs a step: about a second.
 */
export const MATCH_STEPS = 2_000_000;

export class BudgetSpent extends Error {
  override name = 'BudgetSpent';
}

let loopsLeft = LOOP_STEPS;
let matchesLeft = MATCH_STEPS;

/** Called before each evaluation: a record's budget is its own. */
export function newEvaluation(): void {
  loopsLeft = LOOP_STEPS;
  matchesLeft = MATCH_STEPS;
}

export function spendLoopSteps(steps: number): void {
  loopsLeft -= steps;
  if (loopsLeft < 0) throw new BudgetSpent(`the expression's comprehensions take more than ${LOOP_STEPS} steps on this record`);
}

export function spendMatchSteps(steps: number): void {
  matchesLeft -= steps;
  if (matchesLeft < 0) throw new BudgetSpent(`matches takes more than ${MATCH_STEPS} steps on this record`);
}
