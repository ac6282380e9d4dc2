// Errors core raises on purpose, and the sentence adapters show for any error. Broker failures
// arrive already explained (BrokerError, classified in kafka/classifyError.ts). Adapters show
// `explainError(err)`; they never show a stack unless asked to.
import { BrokerError } from './brokerError';

/** The input itself is wrong (CLI exit code 2; a validation message in the editor). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A runtime failure whose message is already a clear sentence. */
export class EbxError extends Error {
  override name = 'EbxError';
}

/** ListOffsets by time found no event at or after the time asked (the broker answers -1). */
export class NoEventAtTimeError extends EbxError {
  override name = 'NoEventAtTimeError';
  constructor(
    readonly topic: string,
    readonly partition: number,
    readonly time: number,
  ) {
    super(
      `No event in ${topic} partition ${partition} is at or after ${new Date(time).toISOString()}: ` +
        'the time is after the newest event. Pick an earlier time, or start from the end.',
    );
  }
}

/** True when the user (or a window closing) cancelled the work: adapters stay silent then. */
export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}

export function abortError(): Error {
  const err = new Error('The operation was cancelled.');
  err.name = 'AbortError';
  return err;
}

/** One clear sentence for any error: what failed and, where we know, what to do. */
export function explainError(err: unknown): string {
  if (err instanceof UsageError || err instanceof EbxError || err instanceof BrokerError) return err.message;
  if (isAbort(err)) return 'Cancelled.';
  return firstLine(String((err as { message?: unknown } | undefined)?.message ?? err));
}

function firstLine(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 0 ? line : 'Unknown error.';
}
