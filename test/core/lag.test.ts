// Lag you can trust, against the real broker: records with timestamps we set, a group's offsets
// committed from outside, and the time lag read at the committed offset (issue 11's proof). Then
// through the VAST-like proxy, whose "latest" answers trail the real end: end-offset lag reads 0,
// reading finds the unread records and their time lag, and the fetches on the wire are counted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { groupLags } from '../../src/core/groups/groupLags';
import { EbxError } from '../../src/core/errors';
import { readGroupLag } from '../../src/core/lag/readGroupLag';
import { readGroupsTimeLag } from '../../src/core/lag/readGroupsTimeLag';
import { describePartitions } from '../../src/core/topics/listTopics';
import { produce, type RecordToSend } from '../../src/core/topics/produce';
import { applicationKafka, liveConsumer, openSession, topicWith, transactionalProduce, uniqueName } from '../support/kafkaFixtures';
import { PROXY_NEEDS_ONE_BROKER, sessionsThroughProxy } from '../support/proxiedSessions';

/** `count` records on `partition`, the first written `ageMs` ago, one second apart. */
function aged(partition: number, count: number, ageMs: number): RecordToSend[] {
  const first = Date.now() - ageMs;
  return Array.from({ length: count }, (_, i) => ({ partition, key: `k${i}`, value: `v${i}`, timestamp: first + i * 1000 }));
}

async function commit(session: KafkaSession, groupId: string, offsets: { topic: string; partition: number; offset: number }[]): Promise<void> {
  const outcomes = await session.cluster().commitOffsets(groupId, offsets);
  assert.deepEqual(outcomes.filter((o) => o.error !== null), [], 'the set-up commit worked');
}

async function groupIds(session: KafkaSession): Promise<string[]> {
  return (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).sort();
}

describe('lag against the real broker', () => {
  let session: KafkaSession;
  before(() => {
    session = openSession();
  });
  after(async () => {
    await session.close();
  });

  test('time lag within 1 s of the truth; caught up and no commit said as such; no group created', { timeout: 120_000 }, async () => {
    const p0 = aged(0, 5, 90_000);
    const topic = await topicWith(session, 'lag-core', 3, [...p0, ...aged(1, 3, 30_000), ...aged(2, 2, 10_000)]);
    const groupId = uniqueName('lag-core-group');
    // Read back, not assumed: a produce retried right after the topic's creation can repeat a batch.
    const ends = (await describePartitions(session, topic)).map((p) => p.high);
    // p0: two read, the rest unread (the next written 88 s ago); p1: all read; p2: never committed.
    await commit(session, groupId, [
      { topic, partition: 0, offset: 2 },
      { topic, partition: 1, offset: ends[1] },
    ]);
    const groupsBefore = await groupIds(session);

    const startedAt = Date.now();
    const report = await readGroupLag(session, groupId, { profile: 'kafka' });
    const endedAt = Date.now();

    assert.equal(report.group, groupId);
    assert.equal(report.state, 'Empty');
    assert.deepEqual(report.partitions.map((p) => [p.partition, p.committed, p.end, p.lag, p.unread, p.basis]), [
      [0, 2, ends[0], ends[0] - 2, true, 'record'],
      [1, ends[1], ends[1], 0, false, 'caughtUp'],
      [2, null, ends[2], null, null, 'noCommit'],
    ]);
    const [behind, caughtUp, noCommit] = report.partitions;
    assert.equal(behind.nextUnreadTimestamp, p0[2].timestamp);
    // The truth: how old the record at offset 2 is while we read it.
    assert.ok(behind.timeLagMs! >= startedAt - p0[2].timestamp! - 1000 && behind.timeLagMs! <= endedAt - p0[2].timestamp! + 1000, `time lag ${behind.timeLagMs} ms`);
    assert.equal(report.maxTimeLagMs, behind.timeLagMs);
    assert.equal(caughtUp.timeLagMs, 0);
    assert.equal(noCommit.timeLagMs, null);
    assert.ok(report.partitions.every((p) => p.endApproximate === false && p.endDisagrees === false));
    assert.deepEqual(await groupIds(session), groupsBefore, 'reading lag created no group');
    const [after] = await groupLags(session, [groupId]);
    assert.deepEqual(after.offsets.map((o) => o.committed), [2, ends[1]], 'and committed nothing');
  });

  test('a committed offset before the earliest record kept: time lag from the earliest record', { timeout: 120_000 }, async () => {
    const records = aged(0, 6, 120_000);
    const topic = await topicWith(session, 'lag-core-retention', 1, records);
    const groupId = uniqueName('lag-core-retention');
    await commit(session, groupId, [{ topic, partition: 0, offset: 1 }]);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.fetchTopicOffsets(topic); // loads the topic's metadata into the admin client
      await admin.deleteTopicRecords({ topic, partitions: [{ partition: 0, offset: '4' }] });
    } finally {
      await admin.disconnect();
    }

    const [reading] = (await readGroupLag(session, groupId)).partitions;

    assert.equal(reading.basis, 'beforeEarliest');
    assert.equal(reading.unread, true);
    assert.equal(reading.nextUnreadTimestamp, records[4].timestamp);
  });

  test('a committed offset past the end: said per partition, the others still read', { timeout: 120_000 }, async () => {
    const topic = await topicWith(session, 'lag-core-past', 2, [...aged(0, 3, 60_000), ...aged(1, 3, 60_000)]);
    const groupId = uniqueName('lag-core-past');
    await commit(session, groupId, [
      { topic, partition: 0, offset: 100 },
      { topic, partition: 1, offset: 1 },
    ]);

    const report = await readGroupLag(session, groupId);

    assert.equal(report.partitions[0].basis, 'pastEnd');
    assert.match(report.partitions[0].error ?? '', /^The committed offset 100 is past the end of/);
    assert.equal(report.partitions[1].basis, 'record');
  });

  test('a committed offset on a transaction marker: the first record after the gap', { timeout: 120_000 }, async () => {
    const topic = await topicWith(session, 'lag-core-gap', 1);
    await transactionalProduce(topic, ['t0', 't1']); // offsets 0, 1, then the commit marker at 2
    const [after] = aged(0, 1, 50_000);
    await produce(session, topic, [after]);
    const groupId = uniqueName('lag-core-gap');
    await commit(session, groupId, [{ topic, partition: 0, offset: 2 }]);

    const [reading] = (await readGroupLag(session, groupId)).partitions;

    assert.equal(reading.basis, 'recordAfterGap');
    assert.equal(reading.unread, true);
    assert.equal(reading.nextUnreadTimestamp, after.timestamp);
  });

  test('a live group that read everything: caught up, and reading it leaves its members alone', { timeout: 120_000 }, async () => {
    const topic = await topicWith(session, 'lag-core-live', 2, [...aged(0, 3, 20_000), ...aged(1, 2, 20_000)]);
    const total = (await describePartitions(session, topic)).reduce((n, p) => n + p.high, 0);
    const groupId = uniqueName('lag-core-live');
    const consumer = await liveConsumer(groupId, topic, total);
    try {
      const before = await describeGroup(session, groupId);

      const report = await readGroupLag(session, groupId);

      assert.equal(report.state, 'Stable');
      assert.deepEqual(report.partitions.map((p) => [p.partition, p.unread, p.timeLagMs, p.basis]), [
        [0, false, 0, 'caughtUp'],
        [1, false, 0, 'caughtUp'],
      ]);
      assert.equal(report.maxTimeLagMs, 0);
      const after = await describeGroup(session, groupId);
      assert.equal(after.state, 'Stable');
      assert.deepEqual(after.members.map((m) => m.memberId), before.members.map((m) => m.memberId), 'the same member, no rebalance');
    } finally {
      await consumer.disconnect();
    }
  });

  test('an unknown group: one sentence, and no group appears', { timeout: 60_000 }, async () => {
    const groupId = uniqueName('lag-core-nobody');
    await assert.rejects(readGroupLag(session, groupId), (err: unknown) => err instanceof EbxError && /does not exist/.test(err.message));
    assert.ok(!(await groupIds(session)).includes(groupId));
  });
});

describe('lag through a broker whose end offsets trail (VAST-like proxy)', { skip: PROXY_NEEDS_ONE_BROKER }, () => {
  const at = sessionsThroughProxy({ endOffsetLag: 1_000 });

  test('end-offset lag reads 0; reading finds the unread records and their time lag', { timeout: 120_000 }, async () => {
    const records = aged(0, 8, 45_000);
    const topic = await topicWith(at.direct, 'lag-trailing', 1, records);
    const groupId = uniqueName('lag-trailing');
    await commit(at.direct, groupId, [{ topic, partition: 0, offset: 3 }]);

    const [endOnly] = await groupLags(at.viaProxy, [groupId]);
    const startedAt = Date.now();
    const report = await readGroupLag(at.viaProxy, groupId);
    const endedAt = Date.now();

    assert.equal(endOnly.totalLag, 0, 'the end offset alone says nothing is unread');
    const [reading] = report.partitions;
    assert.equal(reading.lag, 0);
    assert.equal(reading.endApproximate, true);
    assert.equal(reading.unread, true);
    assert.equal(reading.endDisagrees, true);
    assert.equal(reading.nextUnreadTimestamp, records[3].timestamp);
    assert.ok(reading.timeLagMs! >= startedAt - records[3].timestamp! - 1000 && reading.timeLagMs! <= endedAt - records[3].timestamp! + 1000);
  });

  test('a 16-partition group samples in one fetch per sample on the wire', { timeout: 120_000 }, async () => {
    const partitions = 16;
    const topic = await topicWith(at.direct, 'lag-wire', partitions, Array.from({ length: partitions }, (_, p) => aged(p, 4, 60_000)).flat());
    const groupId = uniqueName('lag-wire');
    const ends = (await describePartitions(at.direct, topic)).map((p) => p.high);
    // Even partitions behind, odd ones caught up (at their end, read back: a retried produce can repeat a batch).
    await commit(at.direct, groupId, Array.from({ length: partitions }, (_, partition) => ({ topic, partition, offset: partition % 2 === 0 ? 1 : ends[partition] })));
    await readGroupLag(at.viaProxy, groupId); // connections and metadata warm

    const counts: number[] = [];
    for (let sample = 0; sample < 3; sample++) {
      const before = at.proxy.fetches.length;
      const report = await readGroupLag(at.viaProxy, groupId);
      counts.push(at.proxy.fetches.length - before);
      assert.equal(report.partitions.filter((p) => p.unread === true).length, partitions / 2);
    }

    assert.deepEqual(counts, [1, 1, 1], 'one Fetch per leader (one broker here) per sample');
  });

  test('the worst time lag of many groups: fetches grow with offsets per partition, not with groups', { timeout: 120_000 }, async () => {
    const topic = await topicWith(at.direct, 'lag-many', 4, Array.from({ length: 4 }, (_, p) => aged(p, 5, 60_000)).flat());
    const same = Array.from({ length: 6 }, (_, i) => uniqueName(`lag-many-${i}`));
    for (const g of same) await commit(at.direct, g, Array.from({ length: 4 }, (_, partition) => ({ topic, partition, offset: 2 })));
    const other = uniqueName('lag-many-other');
    await commit(at.direct, other, [{ topic, partition: 0, offset: 4 }]);
    await readGroupsTimeLag(at.viaProxy, same); // warm

    let before = at.proxy.fetches.length;
    const lags = await readGroupsTimeLag(at.viaProxy, same);
    assert.equal(at.proxy.fetches.length - before, 1, 'six groups at the same offsets: one Fetch');
    assert.ok(lags.every((g) => g.maxTimeLagMs !== null && g.maxTimeLagMs >= 55_000));

    before = at.proxy.fetches.length;
    const withOther = await readGroupsTimeLag(at.viaProxy, [...same, other]);
    assert.equal(at.proxy.fetches.length - before, 2, 'a second offset of partition 0: one more round');
    assert.ok(withOther.at(-1)!.maxTimeLagMs! < withOther[0].maxTimeLagMs!);
  });
});
