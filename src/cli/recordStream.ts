// Shared by replay and tail: JSON Lines out, one write per batch, stop cleanly on SIGINT/SIGTERM or
// after --max records.
import { isAbort } from '../core/errors';
import type { ShownRecord } from '../core/model';
import { JsonLinesWriter } from './output';

export interface StreamRun {
  signal: AbortSignal;
  /** Writes the batches of `records` until it ends, the limit is reached, or a signal arrives. */
  pump(records: AsyncIterable<ShownRecord[]>, max?: number): Promise<number>;
}

/** Runs `work` with an AbortSignal that SIGINT/SIGTERM abort; a second Ctrl-C kills as usual. */
export async function runRecordStream(work: (run: StreamRun) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const writer = new JsonLinesWriter();
  const run: StreamRun = {
    signal: controller.signal,
    async pump(records, max) {
      for await (const batch of records) {
        const room = max === undefined ? batch.length : max - writer.count;
        await writer.writeBatch(room < batch.length ? batch.slice(0, room) : batch);
        if (max !== undefined && writer.count >= max) {
          controller.abort();
          break;
        }
      }
      return writer.count;
    },
  };
  try {
    await work(run);
  } catch (err) {
    // Stopping on request is success; anything else is a failure to report.
    if (!(controller.signal.aborted && isAbort(err))) throw err;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
