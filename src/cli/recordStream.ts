// Shared by replay and tail: JSON Lines out, one write per fetched batch (the lines built straight
// from the fetched bytes), stop cleanly on SIGINT/SIGTERM or after --max records.
import { isAbort } from '../core/errors';
import type { PartitionBatch } from '../core/reader/partitionReader';
import type { RecordDecoder } from '../core/formats/recordDecoder';
import { recordJsonLines } from '../core/rendering/jsonLinesBytes';
import { decodedRecordJsonLines } from '../core/rendering/decodedJsonLinesBytes';
import { JsonLinesWriter } from './output';

export interface StreamRun {
  signal: AbortSignal;
  /**
   * Writes the batches of `records` until it ends, the limit is reached, or a signal arrives; read
   * with `decoder`'s formats when it reads any (otherwise straight from the fetched bytes).
   */
  pump(batches: AsyncIterable<readonly PartitionBatch[]>, max?: number, decoder?: RecordDecoder): Promise<number>;
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
    async pump(batches, max, decoder) {
      const formats = decoder?.readsFormats ? decoder : undefined;
      for await (const list of batches) {
        for (const batch of list) {
          const room = max === undefined ? batch.records.length : max - writer.count;
          const records = room < batch.records.length ? batch.records.slice(0, room) : batch.records;
          if (formats) await formats.prepare(records);
          const lines = formats ? decodedRecordJsonLines(batch.topic, batch.partition, records, formats) : recordJsonLines(batch.topic, batch.partition, records);
          await writer.writeLines(lines, records.length);
          if (max !== undefined && writer.count >= max) break;
        }
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

/** One partition batch at a time as a list of one, the shape `pump` takes from tail. */
export async function* oneBatchAtATime(batches: AsyncIterable<PartitionBatch>): AsyncGenerator<PartitionBatch[]> {
  for await (const batch of batches) yield [batch];
}
