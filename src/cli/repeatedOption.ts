// For options given more than once (`--config a=1 --config b=2`): commander passes each value and
// the list so far; the values are kept in the order given.
export function collect(text: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), text];
}
