// Sequence-numbered records for the fault tests, and the one check they all make: per partition,
// the sequence numbers arrive exactly once each and in order (no gap, no repeat, no reordering).
import assert from 'node:assert/strict';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type { ShownRecord } from '../../src/core/model';

/** ~200 bytes of padding: records stay small, but a replay of many of them takes several fetches. */
const PADDING = '.'.repeat(200);

export function seqValue(seq: number): string {
  return `seq=${seq} ${PADDING}`;
}

export function seqOf(record: ShownRecord): number {
  const value = record.value;
  const text = typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
  const m = /^seq=(\d+) /.exec(text);
  if (!m) throw new Error(`not a sequence-numbered record: ${text.slice(0, 40)}`);
  return Number(m[1]);
}

export function testKafka(bootstrap: string[]): Kafka {
  return new Kafka({ clientId: 'faults-test', brokers: bootstrap, logLevel: logLevel.NOTHING, retry: { retries: 8, initialRetryTime: 300 } });
}

/**
 * Creates a topic for a fault test. `flush.messages=1` makes the broker fsync every append before
 * it acknowledges, so a SIGKILL (or a machine crash) cannot take acknowledged records with it and
 * any record missing afterwards is the reader's fault, not the broker's. (A SIGKILL of the process
 * alone would not lose page-cache data either; the setting makes the check independent of that.)
 */
export async function createSeqTopic(
  kafka: Kafka,
  topic: string,
  partitions: number,
  replicationFactor = -1, // the broker's default
  extra: Record<string, string> = {},
  { fsyncEachAppend = true } = {}, // off for brokers that refuse topic settings (VAST honours only partitions and retention)
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({
      // kafkajs's own wait asks one broker, which in a cluster may not know the topic yet and fails.
      waitForLeaders: false,
      topics: [
        {
          topic,
          numPartitions: partitions,
          replicationFactor,
          configEntries: Object.entries({ ...(fsyncEachAppend ? { 'flush.messages': '1' } : {}), ...extra }).map(([name, value]) => ({ name, value })),
        },
      ],
    });
    // Every broker knows the topic and every partition has a leader.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await admin
        .fetchTopicMetadata({ topics: [topic] })
        .then((m) => m.topics[0]?.partitions.length === partitions && m.topics[0].partitions.every((p) => p.leader >= 0 && p.isr.length >= replicationFactor))
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${topic} has no leaders after 30 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Produces seq = from … from+count-1 to each partition, acks from all in-sync replicas, in chunks.
 * Idempotent (Apache Kafka supports it; VAST does not, but this is test data): a send retried after
 * a leader died mid-request is written once, so the log itself holds each seq exactly once and any
 * repeat the check finds is the reader's.
 */
export async function produceSeq(kafka: Kafka, topic: string, partitions: number[], from: number, count: number, chunk = 2_000): Promise<void> {
  const producer = kafka.producer({ idempotent: true, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    for (let start = from; start < from + count; start += chunk) {
      const end = Math.min(from + count, start + chunk);
      const messages = partitions.flatMap((partition) => Array.from({ length: end - start }, (_, i) => ({ partition, value: seqValue(start + i) })));
      await producer.send({ topic, acks: -1, messages });
    }
  } finally {
    await producer.disconnect();
  }
}

export interface SequenceReport {
  records: number;
  perPartition: Map<number, number>;
}

/**
 * Asserts that, for each partition, the records carry exactly seq = from, from+1, …, to-1 in
 * arrival order, with strictly increasing offsets: nothing lost, nothing repeated, nothing out of order.
 */
export function assertExactlyOnceInOrder(records: ShownRecord[], expected: Map<number, { from: number; to: number }>): SequenceReport {
  const byPartition = new Map<number, ShownRecord[]>();
  for (const r of records) {
    let list = byPartition.get(r.partition);
    if (!list) byPartition.set(r.partition, (list = []));
    list.push(r);
  }
  const unexpected = [...byPartition.keys()].filter((p) => !expected.has(p));
  assert.deepEqual(unexpected, [], `records from partitions that should have none: ${unexpected.join(', ')}`);
  const perPartition = new Map<number, number>();
  for (const [partition, { from, to }] of expected) {
    const list = byPartition.get(partition) ?? [];
    let next = from;
    let lastOffset = -1;
    for (const r of list) {
      const seq = seqOf(r);
      if (seq !== next) {
        assert.fail(
          `partition ${partition}: expected seq=${next} at offset ${r.offset}, got seq=${seq} (` +
            (seq < next ? 'a repeat' : seq > next ? `a gap of ${seq - next}` : '') +
            `) after ${next - from} records`,
        );
      }
      assert.ok(r.offset > lastOffset, `partition ${partition}: offset ${r.offset} after ${lastOffset}`);
      lastOffset = r.offset;
      next++;
    }
    assert.equal(next, to, `partition ${partition}: got seq ${from}…${next - 1}, expected up to ${to - 1} (${to - next} missing at the end)`);
    perPartition.set(partition, list.length);
  }
  return { records: records.length, perPartition };
}
