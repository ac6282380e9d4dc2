/** "1 record", "2 records", "0 records": a count and its noun, singular only for exactly one. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
