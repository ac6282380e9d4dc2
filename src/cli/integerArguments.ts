// Parsers for numeric arguments: commander turns their InvalidArgumentError into a usage error (exit 2).
import { InvalidArgumentError } from 'commander';

function integer(text: string, min: number, what: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(value) || value < min) throw new InvalidArgumentError(`give ${what}.`);
  return value;
}

export const positiveInteger = (text: string): number => integer(text, 1, 'a positive whole number');
export const nonNegativeInteger = (text: string): number => integer(text, 0, 'a whole number, 0 or more');

/** For options given more than once: `--partition 0 --partition 3`. */
export function collectNonNegativeIntegers(text: string, previous: number[] | undefined): number[] {
  return [...(previous ?? []), nonNegativeInteger(text)];
}
