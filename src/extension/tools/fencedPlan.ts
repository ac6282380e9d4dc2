// A plan shown in a Markdown code block, whatever it holds: VS Code's appendCodeblock fences with
// three backticks and escapes nothing, so a value holding ``` (a topic setting, a produced record)
// would close the block and render as Markdown. The fence here is longer than any backtick run in
// the text (CommonMark: a block ends only at a fence at least as long as the one that opened it).
export function fencedPlan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  // The same shape as appendCodeblock's (a blank line first), with the longer fence.
  return `\n${fence}text\n${text}\n${fence}\n`;
}
