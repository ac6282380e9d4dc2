// Search against the real broker: a topic seeded across 3 partitions with known keys, values,
// headers and JSON; each kind of search finds exactly the seeded matches, the limits hold and are
// reported, resumeFrom says where each partition stopped, and no consumer group appears.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { searchRecords, type SearchOptions, type SearchSummary } from '../../src/core/search/searchRecords';
import type { SearchCriteria } from '../../src/core/search/searchCriteria';
import { WhereExpressionError } from '../../src/core/search/whereExpression';
import { listGroups } from '../../src/core/groups/listGroups';
import type { RecordToSend } from '../../src/core/topics/produce';
import type { ShownRecord } from '../../src/core/model';
import type { KafkaSession } from '../../src/core/session';
import { openSession, topicWith } from '../support/kafkaFixtures';

const PARTITIONS = 3;
const PER_PARTITION = 30;

interface Seeded {
  partition: number;
  offset: number;
  key: string | null;
  value: string;
  headers: Record<string, string>;
  timestamp: number;
}

/**
 * Record i of partition p: key `customer-7` for a few, `vip-…` for others, plain text with "needle"
 * in two, JSON `{order, status}` otherwise; a `trace` header on offset 8; partition 2's records from
 * offset 15 on are an hour later than the rest.
 */
function seededRecords(firstTime: number): Seeded[] {
  const out: Seeded[] = [];
  for (let p = 0; p < PARTITIONS; p++) {
    for (let i = 0; i < PER_PARTITION; i++) {
      const customer7 = (p === 0 && i === 3) || (p === 1 && i === 10) || (p === 2 && i === 25);
      const vip = (p === 0 && i === 5) || (p === 2 && i === 6);
      const key = customer7 ? 'customer-7' : vip ? `vip-${p}-${i}` : i === 29 ? null : `customer-${p}${i}`;
      const plain = (p === 1 && i === 4) || (p === 2 && i === 20);
      const value = plain ? `plain text with a needle, partition ${p}` : JSON.stringify({ order: p * 10 + i, status: i % 9 === 0 ? 'failed' : 'ok' });
      const headers: Record<string, string> = {};
      if (i === 8) headers.trace = p === 2 ? 'other' : 'abc';
      if (p === 1 && i === 1) headers.flag = '';
      const timestamp = firstTime + i * 1000 + (p === 2 && i >= 15 ? 3_600_000 : 0);
      out.push({ partition: p, offset: i, key, value, headers, timestamp });
    }
  }
  return out;
}

const where = (records: { partition: number; offset: number }[]) => records.map((r) => `${r.partition}@${r.offset}`).sort();

describe('search a topic across partitions', () => {
  let session: KafkaSession;
  let topic: string;
  let firstTime: number;
  let seeded: Seeded[];
  let groupsBefore: string[];

  before(async () => {
    session = openSession();
    firstTime = Date.now() - 2 * 3_600_000;
    seeded = seededRecords(firstTime);
    const toSend: RecordToSend[] = seeded.map((r) => ({ key: r.key, value: r.value, headers: r.headers, partition: r.partition, timestamp: r.timestamp }));
    topic = await topicWith(session, 'search', PARTITIONS, toSend);
    groupsBefore = (await listGroups(session, 'vast')).groups.map((g) => g.groupId).sort();
  });
  after(() => session.close());

  async function search(criteria: SearchCriteria, options: Partial<SearchOptions> = {}): Promise<{ records: ShownRecord[]; summary: SearchSummary }> {
    const run = searchRecords(session, { topic, start: { kind: 'beginning' }, criteria, maxMatches: 1000, maxScan: 1000, ...options });
    const records: ShownRecord[] = [];
    for (;;) {
      const next = await run.next();
      if (next.done) return { records, summary: next.value };
      records.push(next.value);
    }
  }

  const json = (r: Seeded): { order: number; status: string } | undefined => (r.value.startsWith('{') ? (JSON.parse(r.value) as { order: number; status: string }) : undefined);
  const kinds: [string, SearchCriteria, (r: Seeded) => boolean][] = [
    ['key exactly', { key: 'customer-7' }, (r) => r.key === 'customer-7'],
    ['key contains', { keyContains: 'vip-' }, (r) => r.key?.includes('vip-') ?? false],
    ['value contains', { valueContains: 'needle' }, (r) => r.value.includes('needle')],
    ['header by name', { header: { name: 'trace' } }, (r) => 'trace' in r.headers],
    ['header with an empty value, by name', { header: { name: 'flag' } }, (r) => 'flag' in r.headers],
    ['header by name and value', { header: { name: 'trace', value: 'abc' } }, (r) => r.headers.trace === 'abc'],
    ['where on JSON values', { where: 'value.order >= 30 && value.status == "failed"' }, (r) => (json(r)?.order ?? 0) >= 30 && json(r)?.status === 'failed'],
    ['where on key and partition', { where: 'key == null || (partition == 1 && key.endsWith("-7"))' }, (r) => r.key === null || (r.partition === 1 && r.key.endsWith('-7'))],
    ['several criteria at once', { keyContains: 'customer', where: 'value.status == "failed"' }, (r) => (r.key?.includes('customer') ?? false) && json(r)?.status === 'failed'],
  ];

  for (const [name, criteria, expected] of kinds) {
    test(`${name}: exactly the seeded matches, across partitions`, async () => {
      const { records, summary } = await search(criteria);
      const wanted = seeded.filter(expected);
      assert.ok(wanted.length > 0, 'the seed has matches for this kind');
      assert.deepEqual(where(records), where(wanted));
      assert.deepEqual(
        { scanned: summary.scanned, partitions: summary.partitions, matches: summary.matches, stoppedBecause: summary.stoppedBecause },
        { scanned: PARTITIONS * PER_PARTITION, partitions: PARTITIONS, matches: wanted.length, stoppedBecause: 'end' },
      );
      assert.deepEqual(summary.resumeFrom, [0, 1, 2].map((partition) => ({ topic, partition, offset: PER_PARTITION })));
    });
  }

  test('a match comes in replay\'s shape', async () => {
    const { records } = await search({ key: 'customer-7' }, { partition: 1 });
    assert.deepEqual(records, [{ topic, partition: 1, offset: 10, timestamp: firstTime + 10_000, key: 'customer-7', value: JSON.stringify({ order: 20, status: 'ok' }), headers: {} }]);
  });

  test('max matches: no more than N, reported, and the scan stops there', async () => {
    const { records, summary } = await search({ keyContains: 'customer' }, { maxMatches: 7 });
    assert.equal(records.length, 7);
    assert.equal(summary.matches, 7);
    assert.equal(summary.stoppedBecause, 'maxMatches');
    assert.ok(summary.scanned < PARTITIONS * PER_PARTITION);
    assert.equal(summary.scanned, summary.resumeFrom.reduce((n, r) => n + r.offset, 0), 'offsets from 0 without gaps: the resume offsets add up to what was scanned');
    for (const r of records) assert.ok(r.offset < summary.resumeFrom[r.partition].offset, `${r.partition}@${r.offset} is before where its partition stopped`);
  });

  test('max scan: exactly M records looked at, reported, and every match before the stop found', async () => {
    const { records, summary } = await search({ header: { name: 'trace' } }, { maxScan: 40 });
    assert.deepEqual({ scanned: summary.scanned, stoppedBecause: summary.stoppedBecause }, { scanned: 40, stoppedBecause: 'maxScan' });
    assert.equal(summary.resumeFrom.reduce((n, r) => n + r.offset, 0), 40);
    const before = seeded.filter((r) => 'trace' in r.headers && r.offset < summary.resumeFrom[r.partition].offset);
    assert.deepEqual(where(records), where(before));
  });

  test('resumeFrom: pages of max matches add up to the whole search', async () => {
    const criteria = { keyContains: 'customer' };
    const whole = await search(criteria);
    const pages: ShownRecord[] = [];
    let summary: SearchSummary | undefined;
    let rounds = 0;
    do {
      const page = await search(criteria, { maxMatches: 20, resumeFrom: summary?.resumeFrom });
      pages.push(...page.records);
      summary = page.summary;
      rounds++;
    } while (summary.stoppedBecause !== 'end' && rounds < 20);
    assert.ok(rounds > 1);
    assert.deepEqual(where(pages), where(whole.records));
    assert.equal(new Set(where(pages)).size, pages.length, 'no record twice');
  });

  test('until time ends each partition at its own first later record', async () => {
    const { records, summary } = await search({}, { untilTime: firstTime + 60_000 });
    assert.deepEqual(summary.resumeFrom.map((r) => r.offset), [30, 30, 15]);
    assert.deepEqual({ scanned: summary.scanned, matches: records.length, stoppedBecause: summary.stoppedBecause }, { scanned: 75, matches: 75, stoppedBecause: 'untilTime' });
  });

  test('from a time and from an offset, over all partitions', async () => {
    const byTime = await search({ header: { name: 'trace' } }, { start: { kind: 'time', time: firstTime + 7_500 } });
    assert.deepEqual(where(byTime.records), ['0@8', '1@8', '2@8']);
    assert.equal(byTime.summary.scanned, 3 * 22);
    const byOffset = await search({ keyContains: 'vip-' }, { start: { kind: 'offset', offset: 6 } });
    assert.deepEqual(where(byOffset.records), ['2@6']);
  });

  test('one partition', async () => {
    const { records, summary } = await search({ key: 'customer-7' }, { partition: 2 });
    assert.deepEqual(where(records), ['2@25']);
    assert.deepEqual(summary.resumeFrom, [{ topic, partition: 2, offset: 30 }]);
  });

  test('a bad expression is refused up front, with its position', async () => {
    await assert.rejects(search({ where: 'value.order >= 30 &&' }), (err: Error) => err instanceof WhereExpressionError && / at position 21\.$/.test(err.message));
  });

  test('a cancelled search ends quietly and says so', async () => {
    const controller = new AbortController();
    const run = searchRecords(session, { topic, start: { kind: 'beginning' }, criteria: {}, maxMatches: 1000, maxScan: 1000, signal: controller.signal });
    const first = await run.next();
    assert.equal(first.done, false);
    controller.abort();
    let next = await run.next();
    while (!next.done) next = await run.next();
    assert.equal(next.value.stoppedBecause, 'aborted');
    assert.ok(next.value.scanned >= 1 && next.value.scanned < PARTITIONS * PER_PARTITION);
  });

  // Last in this file: every search above ran by then.
  test('no consumer group was created by any of these searches', async () => {
    const groupsAfter = (await listGroups(session, 'vast')).groups.map((g) => g.groupId);
    assert.deepEqual(groupsAfter.filter((g) => !groupsBefore.includes(g)), [], 'groups that appeared while searching');
    assert.deepEqual(groupsAfter.sort(), groupsBefore);
  });
});
