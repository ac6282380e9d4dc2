import { UsageError } from './errors';

const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A point in time as people type it: ISO 8601 (`2026-11-30T10:00:00Z`), epoch milliseconds
 * (`1764496800000`), or relative to now (`-15m`, `-2h`, `-1d`, `-30s`). Returns epoch milliseconds.
 */
export function parseTime(text: string, now: number = Date.now()): number {
  const input = text.trim();
  if (input === '') throw new UsageError('A time is required: ISO 8601, epoch milliseconds, or relative like -15m.');
  if (input === 'now') return now;
  const relative = /^-(\d+(?:\.\d+)?)\s*([smhdw])$/i.exec(input);
  if (relative) return Math.round(now - Number(relative[1]) * unitMs[relative[2].toLowerCase()]);
  if (/^\d+$/.test(input)) {
    const ms = Number(input);
    if (!Number.isSafeInteger(ms) || ms > 8.64e15) throw new UsageError(`"${input}" is too large for a time in epoch milliseconds.`);
    return ms;
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(input)) {
    const ms = Date.parse(input);
    if (!Number.isNaN(ms)) return ms;
  }
  throw new UsageError(
    `"${truncate(input)}" is not a time: use ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d).`,
  );
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Why `text` is not a time parseTime accepts (its sentence), or undefined when it is: for input boxes. */
export function timeProblem(text: string): string | undefined {
  try {
    parseTime(text);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
