/** A tree node class a command works on (TopicNode, PartitionNode, GroupNode…). */
export type NodeKind = abstract new (...args: never[]) => unknown;

/**
 * The row a command acts on: the one it was given (a context menu, a click, another command), else,
 * when it runs from the palette, the tree's selected row if exactly one is selected and it is of a
 * kind the command works on; otherwise undefined, and the command asks with its pickers. (A row of
 * another kind, or several rows, would have to be guessed at: asking is better.)
 */
export function nodeOrSelected(node: unknown, selection: readonly unknown[], kinds: readonly NodeKind[]): unknown {
  if (node !== undefined) return node;
  if (selection.length !== 1) return undefined;
  const [selected] = selection;
  return kinds.some((kind) => selected instanceof kind) ? selected : undefined;
}
