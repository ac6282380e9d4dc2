// Our Fetch decoder against the real broker: one partition holding batches of every codec (written by
// kcat, i.e. librdkafka), awkward records (binary, null, empty, invalid UTF-8, repeated headers),
// committed and aborted transactions, and 1 MiB and 6 MiB values. Read through our fetch path, each
// broker answer must decode as kafkajs decodes the same request's answer (minus the control records
// and the aborted transaction, which kafkajs leaves to its consumer), with the fetch size limit small
// enough to cut batches off; and what the CLI prints must agree with what kcat prints.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Kafka, Partitioners, CompressionTypes } from 'kafkajs';
import { fetchPartitions, type FetchingBroker } from '../../src/core/kafka/fetchRequest';
import { registerCodecs } from '../../src/core/kafka/codecs';
import { replayBatches } from '../../src/core/replay';
import { recordJsonLines } from '../../src/core/rendering/jsonLinesBytes';
import type { FetchLimits, RawRecord } from '../../src/core/clusterAccess';
import type { KafkaSession } from '../../src/core/session';
import { applicationKafka, kcatProduce, openSession, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';

const run = promisify(execFile);
const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const invalidUtf8 = Buffer.from([0x61, 0xc3, 0x28, 0xff]);

/** The parts of kafkajs's internal Cluster and Broker the test drives, as the product does. */
interface InternalCluster {
  connect(): Promise<void>;
  refreshMetadata(): Promise<void>;
  getNodeIds(): number[];
  findBroker(query: { nodeId: string }): Promise<InternalBroker>;
  disconnect(): Promise<void>;
}
interface KafkaJsMessage {
  offset: string;
  timestamp: string;
  key: Buffer | null;
  value: Buffer | null;
  headers?: RawRecord['headers'];
  isControlRecord: boolean;
}
interface InternalBroker extends FetchingBroker {
  fetch(request: object): Promise<{ responses: { partitions: { messages: KafkaJsMessage[] }[] }[] }>;
}

async function internalBroker(kafka: Kafka): Promise<{ broker: InternalBroker; cluster: InternalCluster }> {
  const factory = Object.getOwnPropertySymbols(kafka).find((s) => s.description === 'private:Kafka:createCluster')!;
  const cluster = (kafka as unknown as Record<symbol, (options: object) => InternalCluster>)[factory]({ allowAutoTopicCreation: false });
  await cluster.connect();
  await cluster.refreshMetadata();
  const nodeId = cluster.getNodeIds()[0];
  return { broker: await cluster.findBroker({ nodeId: String(nodeId) }), cluster };
}

/** kafkajs's own decoding of a Fetch for one partition from `offset`, with the same limits. */
async function kafkaJsFetch(broker: InternalBroker, topic: string, offset: number, limits: FetchLimits): Promise<RawRecord[]> {
  const response = await broker.fetch({
    replicaId: -1,
    isolationLevel: 1,
    maxWaitTime: limits.maxWaitMs,
    minBytes: 1,
    maxBytes: limits.maxBytes,
    topics: [{ topic, partitions: [{ partition: 0, fetchOffset: String(offset), maxBytes: limits.partitionMaxBytes }] }],
  });
  return response.responses[0].partitions[0].messages
    .filter((m) => !m.isControlRecord && Number(m.offset) >= offset)
    .map((m) => ({ offset: Number(m.offset), timestamp: Number(m.timestamp), key: m.key, value: m.value, headers: { ...(m.headers ?? {}) } }));
}

const plain = (records: RawRecord[]) => records.map((r) => ({ ...r, headers: { ...r.headers } }));
const isAborted = (r: RawRecord) => r.value !== null && r.value.subarray(0, 7).toString('latin1') === 'aborted';

describe('the Fetch decoder on a real broker', () => {
  let session: KafkaSession;
  let kafka: Kafka;
  let topic: string;
  let total = 0;

  before(async () => {
    registerCodecs();
    session = openSession();
    kafka = applicationKafka();
    topic = uniqueName('decoder');
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: String(8 * 1024 * 1024) }] }] });
    await admin.disconnect();

    for (const codec of ['gzip', 'snappy', 'lz4', 'zstd'] as const) {
      await kcatProduce(topic, 0, Array.from({ length: 300 }, (_, i) => `${codec} ${i}\ttab \u001b[1m ünï ${'y'.repeat(i % 50)}`), codec);
      total += 300;
    }
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, allowAutoTopicCreation: false });
    await producer.connect();
    const awkward = [
      { key: null, value: Buffer.from('null key') },
      { key: Buffer.alloc(0), value: Buffer.alloc(0) },
      { key: binary, value: binary },
      { key: Buffer.from('k'), value: invalidUtf8, headers: { h: [Buffer.from('one'), binary, Buffer.from('three')], other: invalidUtf8 } },
      { key: Buffer.from('tombstone'), value: null },
    ];
    await producer.send({ topic, acks: -1, messages: awkward.map((m) => ({ ...m, partition: 0 })) });
    await producer.send({ topic, acks: -1, compression: CompressionTypes.GZIP, messages: awkward.map((m) => ({ ...m, partition: 0 })) });
    total += 2 * awkward.length;
    await producer.send({ topic, acks: -1, messages: [{ key: Buffer.from('1MiB'), value: Buffer.alloc(1024 * 1024, 'm'), partition: 0 }] });
    await producer.send({ topic, acks: -1, messages: [{ key: Buffer.from('6MiB'), value: Buffer.alloc(6 * 1024 * 1024, 's'), partition: 0 }] });
    total += 2;
    await producer.disconnect();

    const txProducer = kafka.producer({ transactionalId: uniqueName('tx'), idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
    await txProducer.connect();
    const aborted = await txProducer.transaction();
    await aborted.send({ topic, messages: [0, 1, 2].map((i) => ({ value: `aborted ${i}`, partition: 0 })) });
    await aborted.abort();
    const committed = await txProducer.transaction();
    await committed.send({ topic, messages: [0, 1].map((i) => ({ value: `committed ${i}`, partition: 0 })) });
    await committed.commit();
    await txProducer.disconnect();
    total += 2;
    await kcatProduce(topic, 0, ['last'], 'zstd');
    total += 1;
  });
  after(() => session.close());

  for (const [name, partitionMaxBytes] of [
    ['4 KiB (batches cut off at the end of most answers)', 4096],
    ['1 MiB (the replay limit: the 6 MiB record still comes whole)', 1024 * 1024],
  ] as const) {
    test(`reading the partition with ${name} per fetch: every answer decodes as kafkajs decodes it`, async () => {
      const { broker, cluster } = await internalBroker(kafka);
      try {
        const limits: FetchLimits = { maxWaitMs: 100, maxBytes: partitionMaxBytes, partitionMaxBytes };
        const ours: RawRecord[] = [];
        let offset = 0;
        let fetches = 0;
        for (let empty = 0; empty < 2; fetches++) {
          const [answer] = await fetchPartitions(broker, 1, [{ topic, partition: 0, offset }], limits);
          const theirs = (await kafkaJsFetch(broker, topic, offset, limits)).filter((r) => !isAborted(r));
          assert.deepEqual(plain(answer.records), theirs, `fetch from offset ${offset}`);
          ours.push(...answer.records);
          empty = answer.nextOffset === offset ? empty + 1 : 0;
          assert.ok(answer.nextOffset >= offset);
          offset = answer.nextOffset;
        }
        assert.equal(ours.length, total, `records read in ${fetches} fetches`);
        assert.equal(ours.filter(isAborted).length, 0);
        assert.deepEqual(ours.filter((r) => r.value?.toString().startsWith('committed')).map((r) => r.value!.toString()), ['committed 0', 'committed 1']);
        assert.equal(ours.find((r) => r.key?.toString() === '6MiB')!.value!.length, 6 * 1024 * 1024);
        // Offsets only grow, with gaps where the transaction markers and the aborted records are.
        assert.ok(ours.every((r, i) => i === 0 || r.offset > ours[i - 1].offset));
      } finally {
        await cluster.disconnect();
      }
    });
  }

  test('what the CLI prints for the partition agrees with what kcat prints: offsets, timestamps, keys, values, headers', async () => {
    const printed: string[] = [];
    for await (const batch of replayBatches(session, { topic, partition: 0, start: { kind: 'beginning' } })) {
      printed.push(...recordJsonLines(batch.topic, batch.partition, batch.records).toString('utf8').split('\n').filter(Boolean));
    }
    const ours = printed.map((l) => JSON.parse(l) as { offset: number; timestamp: number; key: unknown; value: unknown; headers: Record<string, unknown> });
    const { stdout } = await run('kcat', ['-C', '-b', testBroker().bootstrap.join(','), '-t', topic, '-p', '0', '-o', 'beginning', '-e', '-q', '-J'], { maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' });
    const theirs = stdout.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { offset: number; ts: number; key: string | null; payload: string | null; headers?: (string | null)[] });
    assert.equal(ours.length, total);
    assert.deepEqual(ours.map((r) => r.offset), theirs.map((r) => r.offset));
    assert.deepEqual(ours.map((r) => r.timestamp), theirs.map((r) => r.ts));
    for (let i = 0; i < ours.length; i++) {
      const o = ours[i];
      const k = theirs[i];
      // Text compares as text; bytes that are not UTF-8 we print as base64, and kcat raw.
      if (typeof o.key === 'string' || o.key === null) assert.equal(o.key, k.key, `key at ${o.offset}`);
      if (typeof o.value === 'string' || o.value === null) assert.equal(o.value, k.payload, `value at ${o.offset}`);
      const kcatHeaderNames = (k.headers ?? []).filter((_, j) => j % 2 === 0);
      assert.deepEqual(Object.keys(o.headers).sort(), [...new Set(kcatHeaderNames)].sort(), `header names at ${o.offset}`);
    }
    const withBase64 = ours.filter((r) => typeof r.value === 'object' && r.value !== null);
    assert.ok(withBase64.length >= 4, 'binary and invalid UTF-8 values are marked as base64');
  });
});
