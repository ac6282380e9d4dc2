// A topic's partition filter, as typed: "7", "100-199", "3,5,9" or a mix ("0-9, 42"). No vscode
// here, so the parsing is unit-tested; the tree shows the partitions it matches.

export interface PartitionFilter {
  /** The filter as the user wrote it, tidied ("100-199, 7"), for the topic row and the input box. */
  text: string;
  matches(partition: number): boolean;
}

/** The filter, or one sentence that says what is wrong with the text. Empty text is no filter (undefined). */
export function parsePartitionFilter(input: string): PartitionFilter | undefined | string {
  const parts = input.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return undefined;
  const ranges: [number, number][] = [];
  for (const part of parts) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) return `"${part}" is not a partition number or a range: write 7, 100-199 or 3,5,9.`;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return `The range "${part}" ends before it starts: write the lower number first.`;
    ranges.push([from, to]);
  }
  return {
    text: ranges.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(', '),
    matches: (partition) => ranges.some(([from, to]) => partition >= from && partition <= to),
  };
}
