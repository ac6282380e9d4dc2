// A topic's newest record time without reading its partitions: one ListOffsets per leader broker
// asking MAX_TIMESTAMP (KIP-734), which each partition answers with the offset and time of its record
// with the largest timestamp. At 20,000 partitions a read of every partition's last record would be
// a Fetch of them all; this is one small request a broker. Brokers before Kafka 3.0 cannot answer it.
import { MAX_TIMESTAMP } from '../clusterAccess';
import { explainError } from '../errors';
import type { PartitionInfo } from '../model';
import type { KafkaSession } from '../session';

export type NewestRecord =
  /**
   * The largest record timestamp over the topic's partitions, and where it is; `holding`: each
   * partition that answered with a record, and its newest record's offset (so it is not empty,
   * whatever an end offset that trails says).
   */
  | { kind: 'found'; timestamp: number; partition: number; offset: number; holding: { partition: number; offset: number }[] }
  /** No partition with a leader holds a record. */
  | { kind: 'none' }
  /** The broker could not or would not tell (too old a broker, a denied topic, no answer). */
  | { kind: 'notTold'; reason: string };

/**
 * The newest record time of `topic`, asked of every partition that has a leader (an end offset of
 * VAST's can trail records a reader already sees, so none is skipped as empty). Never throws.
 */
export async function readNewestRecord(session: KafkaSession, topic: string, partitions: readonly Pick<PartitionInfo, 'partition' | 'leader'>[]): Promise<NewestRecord> {
  const led = partitions.filter((p) => p.leader >= 0);
  if (led.length === 0) return { kind: 'none' };
  try {
    const access = session.cluster();
    const answers = await session.withinTimeout(`reading the newest record time of ${topic}`, () =>
      access.listOffsets(led.map((p) => ({ topic, partition: p.partition, leader: p.leader, timestamp: MAX_TIMESTAMP }))),
    );
    let newest: Extract<NewestRecord, { kind: 'found' }> | undefined;
    const holding: { partition: number; offset: number }[] = [];
    for (const a of answers) {
      // An empty partition answers no timestamp (and offset -1).
      if (a.timestamp === null || a.offset < 0) continue;
      holding.push({ partition: a.partition, offset: a.offset });
      if (!newest || a.timestamp > newest.timestamp) newest = { kind: 'found', timestamp: a.timestamp, partition: a.partition, offset: a.offset, holding };
    }
    holding.sort((a, b) => a.partition - b.partition);
    return newest ?? { kind: 'none' };
  } catch (err) {
    return { kind: 'notTold', reason: explainError(err) };
  }
}
