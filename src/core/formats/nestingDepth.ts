// How deep a decoded key or value may nest. Everything that shows one recurses (JSON.stringify,
// the JSON Lines writers, the viewer, the agent preview): a JSON value 20,000 levels deep — a few
// dozen kilobytes — overflowed the stack in writing its line, and the whole read stopped with
// "Maximum call stack size exceeded" (issue 39). Deeper than this, the field is shown as its bytes
// with a sentence, like any field that does not read; the read goes on.
export const MAX_NESTING = 1_000;

export const TOO_DEEP = `it is nested more than ${MAX_NESTING.toLocaleString('en-US')} levels deep, too deep to show.`;

/** Whether arrays and objects in `value` nest more than `limit` levels deep (looked at without recursion). */
export function nestedDeeperThan(value: unknown, limit = MAX_NESTING): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const pending: [object, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push([child as object, depth + 1]);
    }
  }
  return false;
}

/**
 * The engine's own overflow, thrown by a decoder that recurses (Avro or Protobuf with a recursive
 * schema) — also when a codec has wrapped it in a sentence of its own.
 */
export function isStackOverflow(err: unknown): boolean {
  return err instanceof Error && err.message.includes('Maximum call stack size exceeded');
}
