/** "1 record", "2 records", "0 records": a count and its noun, singular only for exactly one. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${plural(count, one, many)}`;
}

/** The noun alone, singular only for exactly one: for a count written apart from it (formatted, or elsewhere). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
