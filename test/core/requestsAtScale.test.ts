// Requests grow with brokers, not with partitions (issue 25): each read below is done on a topic of
// 4 partitions and on one of 400, in a fresh session through a proxy that counts the requests on
// the wire by API, and the two counts must be the same. A request per partition (or per batch of
// partitions) would show here as hundreds of ListOffsets, Fetch or OffsetFetch.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { describePartitions } from '../../src/core/topics/listTopics';
import { partitionWatermarks } from '../../src/core/partitionWatermarks';
import { readGroupLag } from '../../src/core/lag/readGroupLag';
import { groupLags } from '../../src/core/groups/groupLags';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { searchBatches } from '../../src/core/search/searchRecords';
import { replayStarts } from '../../src/core/replayStarts';
import { produce } from '../../src/core/topics/produce';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { API_KEYS, API_NAMES, startFrameRelay, type FrameRelay } from '../support/kafkaFrames';

const single = testBroker().bootstrap.length === 1 ? false : 'the counting proxy fronts a single broker';
const SMALL = 4;
const LARGE = 400;

interface Fixture {
  topic: string;
  group: string;
  partitions: number;
}

/** Two records on every partition and a commit at offset 1 on every partition: lag 1 and a record to read everywhere. */
async function fixture(session: KafkaSession, partitions: number): Promise<Fixture> {
  const topic = await topicWith(session, `scale-${partitions}`, partitions);
  const records = Array.from({ length: partitions * 2 }, (_, i) => ({ partition: i % partitions, key: null, value: `v${i}` }));
  // Hundreds of new partitions can be in metadata before their leader serves them (NOT_LEADER_FOR_PARTITION).
  for (let attempt = 1; ; attempt++) {
    try {
      await produce(session, topic, records);
      break;
    } catch (err) {
      if (attempt >= 20 || !/leader/i.test((err as Error).message)) throw err;
      await session.cluster().refreshMetadata();
    }
  }
  const group = uniqueName(`scale-group-${partitions}`);
  const offsets = Array.from({ length: partitions }, (_, partition) => ({ topic, partition, offset: 1 }));
  // A fresh broker (Kafka 4 especially) answers "not the coordinator" while it creates __consumer_offsets.
  let outcomes = await session.cluster().commitOffsets(group, offsets);
  for (let attempt = 1; attempt < 20 && outcomes.some((o) => /COORDINATOR|LOAD_IN_PROGRESS/.test(o.error ?? '')); attempt++) {
    await session.cluster().refreshMetadata();
    outcomes = await session.cluster().commitOffsets(group, offsets);
  }
  assert.deepEqual(outcomes.filter((o) => o.error !== null), [], 'the set-up commit worked');
  return { topic, group, partitions };
}

/** Runs `work` in a fresh session through the relay and returns its requests by API name. */
async function countRequests(relay: FrameRelay, seen: Map<number, number>, work: (session: KafkaSession) => Promise<unknown>): Promise<Record<string, number>> {
  seen.clear();
  const session = openSession({ bootstrap: [relay.bootstrap] });
  try {
    await work(session);
  } finally {
    await session.close();
  }
  return Object.fromEntries([...seen].sort((a, b) => a[0] - b[0]).map(([key, n]) => [API_NAMES[key] ?? `api${key}`, n]));
}

async function drain<T>(batches: AsyncGenerator<T, unknown>): Promise<number> {
  let n = 0;
  for (;;) {
    const next = await batches.next();
    if (next.done) return n;
    n++;
  }
}

describe('requests per operation grow with brokers, not partitions', { skip: single }, () => {
  let session: KafkaSession;
  let relay: FrameRelay;
  const seen = new Map<number, number>();
  let small: Fixture;
  let large: Fixture;

  /** Metadata requests that asked for every topic of the view (a null topic list, v1–v11). */
  let everyTopicAsked = 0;

  before(async () => {
    session = openSession();
    [small, large] = [await fixture(session, SMALL), await fixture(session, LARGE)];
    relay = await startFrameRelay(testBroker().bootstrap[0], {
      onRequest(frame, request) {
        seen.set(request.apiKey, (seen.get(request.apiKey) ?? 0) + 1);
        if (request.apiKey === API_KEYS.Metadata && request.apiVersion >= 1 && request.apiVersion < 9 && frame.readInt32BE(request.bodyOffset) === -1) everyTopicAsked++;
      },
    });
  });
  after(async () => {
    await relay?.close();
    await session?.close();
  });

  const operations: [string, (s: KafkaSession, f: Fixture) => Promise<unknown>][] = [
    ['partitions with watermarks', (s, f) => describePartitions(s, f.topic)],
    ['watermarks of a topic', (s, f) => partitionWatermarks(s, [f.topic])],
    ['lag of one group (offset and time lag)', (s, f) => readGroupLag(s, f.group, { profile: 'kafka' })],
    ['lag column of a group list', (s, f) => groupLags(s, [f.group])],
    ['a group in detail', (s, f) => describeGroup(s, f.group)],
    ['starts of every partition from a time', (s, f) => replayStarts(s, f.topic, { kind: 'time', time: Date.now() - 3_600_000 })],
    [
      'search across every partition',
      (s, f) => drain(searchBatches(s, { topic: f.topic, start: { kind: 'beginning' }, criteria: { valueContains: 'no record has this' }, maxMatches: 10, maxScan: 1_000_000 })),
    ],
  ];

  for (const [name, run] of operations) {
    test(`${name}: the same requests for ${LARGE} partitions as for ${SMALL}`, { timeout: 60_000 }, async () => {
      const forSmall = await countRequests(relay, seen, (s) => run(s, small));
      const forLarge = await countRequests(relay, seen, (s) => run(s, large));
      assert.ok(Object.keys(forSmall).length > 0, 'the requests went through the counting proxy');
      assert.deepEqual(forLarge, forSmall, `${name}: requests for ${LARGE} partitions ${JSON.stringify(forLarge)}, for ${SMALL} ${JSON.stringify(forSmall)}`);
    });
  }

  // A session that starts with a group (FindCoordinator, not a topic) once refreshed kafkajs's
  // metadata for every topic of the view: on VAST up to 200,000 partitions in every such command.
  for (const [name, run] of [
    ['lag of one group', (s: KafkaSession) => readGroupLag(s, large.group, { profile: 'kafka' })],
    ['a group in detail', (s: KafkaSession) => describeGroup(s, large.group)],
    ['lag column of a group list', (s: KafkaSession) => groupLags(s, [large.group])],
  ] as const) {
    test(`${name}: no Metadata request asks for every topic of the view`, { timeout: 60_000 }, async () => {
      everyTopicAsked = 0;
      const requests = await countRequests(relay, seen, run);
      assert.ok((requests.Metadata ?? 0) > 0, `Metadata was asked (${JSON.stringify(requests)})`);
      assert.equal(everyTopicAsked, 0, `${name}: Metadata requests for every topic`);
    });
  }

  test('the search read every record of every partition (the counts above are of whole reads)', { timeout: 60_000 }, async () => {
    const batches = searchBatches(session, { topic: large.topic, start: { kind: 'beginning' }, criteria: { valueContains: 'v' }, maxMatches: 1_000_000, maxScan: 1_000_000 });
    let records = 0;
    for (;;) {
      const next = await batches.next();
      if (next.done) {
        assert.equal(next.value.stoppedBecause, 'end');
        assert.equal(next.value.partitions, LARGE);
        break;
      }
      records += next.value.records.length;
    }
    // Read back, not assumed: a produce retried after a leader moved can write a batch twice.
    const written = (await describePartitions(session, large.topic)).reduce((n, p) => n + p.high - p.low, 0);
    assert.ok(written >= LARGE * 2);
    assert.equal(records, written);
  });
});
