/** The latest time a JavaScript Date holds (±100,000,000 days from 1970); beyond it toISOString throws. */
const MAX_DATE_MS = 8.64e15;

/**
 * A record's timestamp as ISO 8601, or undefined when it is not a time: negative (-1, no
 * timestamp) or beyond what a Date holds. Any producer can write any int64 here, and a RangeError
 * from toISOString would stop a tail, a replay document or an export at that record.
 */
export function isoTime(timestamp: number): string | undefined {
  return Number.isFinite(timestamp) && timestamp >= 0 && timestamp <= MAX_DATE_MS ? new Date(timestamp).toISOString() : undefined;
}
