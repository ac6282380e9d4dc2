// searchRecords over the scripted cluster (through KafkaSession.over): which records it finds
// across partitions, why it stops, how far it says it got, and that a bad expression is refused
// before anything is read. The same behaviour against a real broker: test/core/search.test.ts.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from '../support/virtualClock';
import { ScriptedCluster, serve } from '../support/scriptedCluster';
import { aRecord, FIRST_TIMESTAMP } from '../support/recordBuilders';
import { KafkaSession } from '../../../src/core/session';
import { searchRecords, type SearchOptions, type SearchSummary } from '../../../src/core/search/searchRecords';
import type { ShownRecord } from '../../../src/core/model';
import { WhereExpressionError } from '../../../src/core/search/whereExpression';

const PER_PARTITION = 20;

/** Every 5th record of each partition (offsets 0, 5, 10, 15) is an order of "customer-P", the rest "noise". */
function seed(cluster: ScriptedCluster): void {
  for (let p = 0; p < 3; p++) {
    cluster.appendRecords(
      'orders',
      p,
      Array.from({ length: PER_PARTITION }, (_, offset) =>
        offset % 5 === 0
          ? aRecord(offset).key(`customer-${p}`).value(JSON.stringify({ order: offset, status: offset === 10 ? 'failed' : 'ok' })).header('kind', 'order').build()
          : aRecord(offset).key(`noise-${offset}`).value(`noise ${offset}`).build(),
      ),
    );
  }
}

async function run(session: KafkaSession, options: Partial<SearchOptions>, onRecord?: (r: ShownRecord, controller: AbortController) => void) {
  const controller = new AbortController();
  const search = searchRecords(session, { topic: 'orders', start: { kind: 'beginning' }, criteria: {}, maxMatches: 1000, maxScan: 1000, signal: controller.signal, ...options });
  const records: ShownRecord[] = [];
  for (;;) {
    const next = await search.next();
    if (next.done) return { records, summary: next.value };
    records.push(next.value);
    onRecord?.(next.value, controller);
  }
}

const at = (records: ShownRecord[]) => records.map((r) => `${r.partition}@${r.offset}`).sort();
const resume = (summary: SearchSummary) => summary.resumeFrom.map((r) => `${r.partition}@${r.offset}`);

describe('search: what it finds and how far it says it got', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;
  let session: KafkaSession;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1, 2, 1]);
    seed(cluster);
    session = KafkaSession.over(cluster);
  });
  afterEach(() => clock.stop());

  test('to the end of every partition: exactly the seeded matches, in replay shape', async () => {
    const { records, summary } = await run(session, { criteria: { header: { name: 'kind', value: 'order' } } });
    assert.deepEqual(at(records), ['0@0', '0@10', '0@15', '0@5', '1@0', '1@10', '1@15', '1@5', '2@0', '2@10', '2@15', '2@5']);
    assert.deepEqual(records.find((r) => r.partition === 1 && r.offset === 10), {
      topic: 'orders',
      partition: 1,
      offset: 10,
      timestamp: FIRST_TIMESTAMP + 10,
      key: 'customer-1',
      value: '{"order":10,"status":"failed"}',
      headers: { kind: 'order' },
    });
    assert.deepEqual(summary, { scanned: 60, partitions: 3, matches: 12, stoppedBecause: 'end', resumeFrom: [0, 1, 2].map((partition) => ({ topic: 'orders', partition, offset: 20 })) });
  });

  test('where over JSON values across partitions', async () => {
    const { records, summary } = await run(session, { criteria: { where: 'value.order >= 10 && value.status == "failed"' } });
    assert.deepEqual(at(records), ['0@10', '1@10', '2@10']);
    assert.equal(summary.matches, 3);
  });

  test('one partition only', async () => {
    const { records, summary } = await run(session, { partition: 2, criteria: { key: 'customer-2' } });
    assert.deepEqual(at(records), ['2@0', '2@10', '2@15', '2@5']);
    assert.deepEqual(resume(summary), ['2@20']);
    assert.equal(summary.partitions, 1);
    assert.equal(summary.scanned, 20);
  });

  test('max matches: stops at the Nth match; that partition resumes just past it', async () => {
    const { records, summary } = await run(session, { partition: 0, criteria: { keyContains: 'customer' }, maxMatches: 2 });
    assert.deepEqual(at(records), ['0@0', '0@5']);
    assert.deepEqual({ scanned: summary.scanned, matches: summary.matches, stoppedBecause: summary.stoppedBecause }, { scanned: 6, matches: 2, stoppedBecause: 'maxMatches' });
    assert.deepEqual(resume(summary), ['0@6']);
  });

  test('max matches across partitions: no more than N, and the scan count is what was looked at', async () => {
    const { records, summary } = await run(session, { criteria: { keyContains: 'customer' }, maxMatches: 5 });
    assert.equal(records.length, 5);
    assert.equal(summary.stoppedBecause, 'maxMatches');
    const lookedAt = summary.resumeFrom.reduce((n, r) => n + r.offset, 0);
    assert.equal(summary.scanned, lookedAt, 'offsets start at 0 without gaps: the resume offsets add up to the records scanned');
  });

  test('max scan: stops after exactly M records looked at, matching or not', async () => {
    const { records, summary } = await run(session, { partition: 1, criteria: { keyContains: 'customer' }, maxScan: 7 });
    assert.deepEqual(at(records), ['1@0', '1@5']);
    assert.deepEqual({ scanned: summary.scanned, stoppedBecause: summary.stoppedBecause }, { scanned: 7, stoppedBecause: 'maxScan' });
    assert.deepEqual(resume(summary), ['1@7']);
  });

  test('max scan across partitions', async () => {
    const { summary } = await run(session, { criteria: { key: 'nobody' }, maxScan: 25 });
    assert.deepEqual({ scanned: summary.scanned, matches: summary.matches, stoppedBecause: summary.stoppedBecause }, { scanned: 25, matches: 0, stoppedBecause: 'maxScan' });
    assert.equal(summary.resumeFrom.reduce((n, r) => n + r.offset, 0), 25);
  });

  test('until time ends each partition at its own first later record; the others read on to their end', async () => {
    // Partition 1's records from offset 8 on are a day later; the others stay before the until time.
    cluster.addTopic('late', [1, 2]);
    cluster.appendRecords('late', 0, Array.from({ length: 10 }, (_, o) => aRecord(o).key('k').build()));
    cluster.appendRecords('late', 1, Array.from({ length: 10 }, (_, o) => aRecord(o).key('k').timestamp(FIRST_TIMESTAMP + (o >= 8 ? 86_400_000 : o)).build()));
    const { records, summary } = await run(session, { topic: 'late', criteria: { key: 'k' }, untilTime: FIRST_TIMESTAMP + 3_600_000 });
    assert.equal(records.length, 18);
    assert.deepEqual(resume(summary), ['0@10', '1@8']);
    assert.deepEqual({ scanned: summary.scanned, stoppedBecause: summary.stoppedBecause }, { scanned: 18, stoppedBecause: 'untilTime' });
  });

  test('until time before a partition\'s first record: nothing scanned there, it resumes at its start', async () => {
    const { summary } = await run(session, { partition: 0, untilTime: FIRST_TIMESTAMP - 1 });
    assert.deepEqual({ scanned: summary.scanned, stoppedBecause: summary.stoppedBecause }, { scanned: 0, stoppedBecause: 'untilTime' });
    assert.deepEqual(resume(summary), ['0@0']);
  });

  test('from an offset, over all partitions', async () => {
    const { records, summary } = await run(session, { start: { kind: 'offset', offset: 11 }, criteria: { header: { name: 'kind' } } });
    assert.deepEqual(at(records), ['0@15', '1@15', '2@15']);
    assert.equal(summary.scanned, 27);
  });

  test('from a time, over all partitions', async () => {
    const { records } = await run(session, { start: { kind: 'time', time: FIRST_TIMESTAMP + 12 }, criteria: { keyContains: 'customer' } });
    assert.deepEqual(at(records), ['0@15', '1@15', '2@15']);
  });

  test('aborted: the search ends quietly and says so, with how far it got', async () => {
    const { records, summary } = await run(session, { partition: 0, criteria: { keyContains: 'customer' } }, (_r, controller) => controller.abort());
    assert.equal(records.length >= 1, true);
    assert.equal(summary.stoppedBecause, 'aborted');
    assert.equal(summary.matches, records.length);
    assert.ok(summary.resumeFrom[0].offset >= 1);
  });

  test('aborted: a fetch that brought several partitions stops at the next batch, not after all of them', async () => {
    // Partitions 0 and 2 share leader 1: its first answer carries both.
    const { summary } = await run(session, {}, (_r, controller) => controller.abort());
    assert.equal(summary.stoppedBecause, 'aborted');
    assert.equal(summary.scanned, PER_PARTITION);
  });

  test('aborted while a batch is matched: seen at the next turn of the event loop, not after the batch', { timeout: 15_000 }, async () => {
    // 20 records in one fetch, each costing a `where` of ~490,000 steps (hundreds of ms, far more
    // than the 20 ms matching may keep the event loop). The abort is a timer just after the fetch's
    // answer: it fires at the first turn the search gives, which is after the first record.
    const list = Array.from({ length: 700 }, (_, i) => i);
    cluster.addTopic('heavy', [1]);
    cluster.appendRecords('heavy', 0, Array.from({ length: 20 }, (_, o) => aRecord(o).value(JSON.stringify({ l: list })).build()));
    const controller = new AbortController();
    clock.at(1, () => controller.abort());
    const search = searchRecords(session, { topic: 'heavy', start: { kind: 'beginning' }, criteria: { where: 'value.l.all(x, value.l.all(y, y >= 0))' }, maxMatches: 100, maxScan: 100, signal: controller.signal });
    let next = await search.next();
    const found: ShownRecord[] = [];
    while (!next.done) {
      found.push(next.value);
      next = await search.next();
    }
    assert.deepEqual(at(found), ['0@0']);
    assert.deepEqual({ scanned: next.value.scanned, stoppedBecause: next.value.stoppedBecause }, { scanned: 1, stoppedBecause: 'aborted' });
    assert.deepEqual(resume(next.value), ['0@1']);
  });

  test('progress is told after each fetched batch, with exact counts, between the records it found', async () => {
    // Partition 1 (broker 2) in batches of 5 from offset 1: 1–5, 6–10, 11–15 each hold one order; 16–19 none.
    cluster.script(2, serve({ maxRecords: 5 }), serve({ maxRecords: 5 }), serve({ maxRecords: 5 }), serve({ maxRecords: 5 }));
    const told: string[] = [];
    const { records, summary } = await run(session, {
      partition: 1,
      start: { kind: 'offset', offset: 1 },
      criteria: { header: { name: 'kind' } },
      onProgress: (p) => told.push(`scanned ${p.scanned}, matched ${p.matches} (${p.partitions} partition)`),
    }, (r) => told.push(`found ${r.partition}@${r.offset}`));
    assert.deepEqual(told, [
      'found 1@5',
      'scanned 5, matched 1 (1 partition)',
      'found 1@10',
      'scanned 10, matched 2 (1 partition)',
      'found 1@15',
      'scanned 15, matched 3 (1 partition)',
      'scanned 19, matched 3 (1 partition)',
    ]);
    assert.deepEqual({ scanned: summary.scanned, matches: summary.matches }, { scanned: 19, matches: records.length });
  });

  test('progress over all partitions: once per partition\'s batch, counts running up to the summary\'s', async () => {
    const seen: { scanned: number; matches: number; partitions: number }[] = [];
    const { summary } = await run(session, { criteria: { key: 'nobody' }, onProgress: (p) => seen.push({ ...p }) });
    assert.deepEqual(seen, [
      { scanned: 20, matches: 0, partitions: 3 },
      { scanned: 40, matches: 0, partitions: 3 },
      { scanned: 60, matches: 0, partitions: 3 },
    ]);
    assert.equal(summary.scanned, 60);
  });

  test('a bad expression is refused before anything is asked of the broker', async () => {
    await assert.rejects(run(session, { criteria: { where: 'value.order >= 30 &&' } }), WhereExpressionError);
    assert.deepEqual(cluster.calls, []);
  });

  test('bad limits and partitions are refused with one sentence', async () => {
    await assert.rejects(run(session, { maxMatches: 0 }), { message: 'The match limit must be a whole number of at least 1 (got 0).' });
    await assert.rejects(run(session, { maxScan: 1.5 }), { message: 'The scan limit must be a whole number of at least 1 (got 1.5).' });
    await assert.rejects(run(session, { partition: 7 }), { message: 'orders has no partition 7: it has partitions 0 to 2.' });
  });

  test('stopping early closes the read', async () => {
    const search = searchRecords(session, { topic: 'orders', start: { kind: 'beginning' }, criteria: {}, maxMatches: 100, maxScan: 100 });
    assert.equal((await search.next()).done, false);
    assert.deepEqual(await search.return(undefined as never), { done: true, value: undefined });
    const fetchesAfter = cluster.fetchCalls().length;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(cluster.fetchCalls().length, fetchesAfter);
  });
});

describe('search: going on from where one stopped (load more)', () => {
  let clock: VirtualClock;
  let cluster: ScriptedCluster;
  let session: KafkaSession;

  beforeEach(() => {
    clock = new VirtualClock();
    cluster = new ScriptedCluster(clock).addTopic('orders', [1, 2, 1]);
    seed(cluster);
    session = KafkaSession.over(cluster);
  });
  afterEach(() => clock.stop());

  test('pages of matches from resumeFrom add up to one whole search: none lost, none twice', async () => {
    const criteria = { keyContains: 'customer' };
    const whole = await run(session, { criteria });
    const pages: ShownRecord[] = [];
    let summary: SearchSummary | undefined;
    do {
      const page = await run(session, { criteria, maxMatches: 5, resumeFrom: summary?.resumeFrom });
      pages.push(...page.records);
      summary = page.summary;
    } while (summary.stoppedBecause !== 'end');
    assert.deepEqual(at(pages), at(whole.records));
    assert.equal(new Set(at(pages)).size, pages.length);
  });

  test('with a partition, only its entry is used', async () => {
    const { records, summary } = await run(session, { partition: 1, criteria: { keyContains: 'customer' }, resumeFrom: [{ partition: 0, offset: 3 }, { partition: 1, offset: 11 }] });
    assert.deepEqual(at(records), ['1@15']);
    assert.deepEqual(resume(summary), ['1@20']);
  });

  test('positions that cannot be gone on from are refused', async () => {
    await assert.rejects(run(session, { resumeFrom: [] }), { message: 'Nothing to go on from: no partition positions were given.' });
    await assert.rejects(run(session, { resumeFrom: [{ partition: 0, offset: -1 }] }), { message: 'Cannot go on from partition 0 offset -1: both must be whole numbers, 0 or more.' });
    await assert.rejects(run(session, { resumeFrom: [{ partition: 0, offset: 1 }, { partition: 0, offset: 2 }] }), { message: 'Cannot go on from the same partition twice.' });
  });
});
