// The records viewer as the search form (issue 24, items 4 and 7), in the real extension host
// against the live broker: Search Records… asks only the topic and the text and leaves the bar
// filled in; the bar's Run searches in place (scope, times, partitions, limits) with the core's
// summary; a wrong field gets its own sentence and reads nothing; Load more goes on, the header
// keeps the start and the scope, and Load more is refused once every partition is at its end;
// the bar's Cancel stops a running search; no search joins a group.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith, groupIds } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { SearchRecordsResult } from '../../src/extension/commands/searchRecords';
import { emptySearchForm, type SearchForm } from '../../src/core/search/searchForm';
import type { RecordsViewerPanel } from '../../src/extension/recordsViewer/recordsViewerPanel';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, until, withPrompter, withReplayLimit } from './extensionApi';

suite('records viewer search bar', () => {
  let session: KafkaSession;
  let topic: string;
  let manyTopic: string;
  const MANY = 100_000;
  const base = Date.now() - 3_600_000;
  // 12 records on 3 partitions, one a minute; customer-1 has records 1, 5 and 9 (partitions 1, 2, 0).
  const seeded = Array.from({ length: 12 }, (_, i) => ({
    key: `customer-${i % 4}`,
    value: JSON.stringify({ order: i, status: i % 5 === 0 ? 'failed' : 'ok' }),
    partition: i % 3,
    timestamp: base + i * 60_000,
    headers: i === 4 ? { trace: 'abc' } : undefined,
  }));

  suiteSetup(async () => {
    session = openSession({ timeoutMs: 30_000 });
    topic = await topicWith(session, 'rvs', 3, seeded);
    manyTopic = await topicWith(session, 'rvs-many', 1);
    const items = JSON.stringify(Array.from({ length: 30 }, (_, k) => k));
    for (let from = 0; from < MANY; from += 5000) {
      await produce(session, manyTopic, Array.from({ length: 5000 }, (_, k) => ({ key: `m${from + k}`, value: `{"n":${from + k},"items":${items}}`, timestamp: base + from + k })));
    }
  });
  suiteTeardown(async () => {
    const api = await extensionApi();
    for (const viewer of api.viewers.all()) viewer.dispose();
    await session?.close();
  });

  const form = (fields: Partial<SearchForm>): SearchForm => ({ ...emptySearchForm(), ...fields });
  const ordersOf = (viewer: RecordsViewerPanel) => Array.from(viewer.filteredIds(), (id) => (JSON.parse(viewer.store.valueAt(id)!.toString()) as { order: number }).order);

  async function replayViewer(): Promise<RecordsViewerPanel> {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    return viewer!;
  }

  test('Search Records… asks the topic, then the text; the viewer opens with the bar filled in and the summary', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { input: 'key:customer-1' }]);
    const { viewer, summary } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<SearchRecordsResult>('eventBroker.searchRecords'));
    assert.deepEqual(prompter.asked.map((a) => a.title), ['Search Records: topic', `Search ${topic}`]);
    assert.equal(prompter.answersLeft, 0, 'no further questions: defaults for the rest');
    assert.deepEqual(ordersOf(viewer), [1, 5, 9]);
    assert.deepEqual({ scanned: summary.scanned, partitions: summary.partitions, matches: summary.matches, stoppedBecause: summary.stoppedBecause }, { scanned: 12, partitions: 3, matches: 3, stoppedBecause: 'end' });
    const shown = viewer.currentSearch;
    assert.deepEqual(shown.form, form({ key: 'customer-1' }), 'the bar holds the search, the rest at its defaults');
    assert.equal(shown.summary, 'scanned 12 records in 3 partitions, 3 matches; stopped because it reached the end of every partition');
    assert.deepEqual(viewer.header, { scope: `${topic} · all partitions · key customer-1`, startTime: undefined, start: 'the beginning of each partition', untilTime: undefined });
  });

  test('Run in the bar searches in place: value, header, partitions, from and until; the header says what and from when', async () => {
    const viewer = await replayViewer();
    const groups = await groupIds();
    assert.equal(viewer.store.length, 12);
    const from = new Date(seeded[2].timestamp).toISOString();
    const untilTime = seeded[10].timestamp;
    assert.equal(await viewer.search(form({ value: 'failed', partitions: '0, 2', from, until: String(untilTime) })), true);
    // failed: orders 0, 5, 10; from order 2 on; partitions 0 and 2 (order 5 is partition 2, order 10 partition 1).
    assert.deepEqual(ordersOf(viewer), [5]);
    assert.equal(viewer.currentSearch.summary, 'scanned 6 records in 2 partitions, 1 match; stopped because it reached the until time');
    assert.deepEqual(viewer.header, { scope: `${topic} · partitions 0, 2 · value contains failed`, startTime: seeded[2].timestamp, start: undefined, untilTime });
    assert.equal(viewer.panel.title, `Search ${topic}: value contains failed`);
    await viewer.search(form({ header: 'trace=abc' }));
    assert.deepEqual(ordersOf(viewer), [4]);
    await viewer.search(form({ key: 'customer-', keyMatch: 'contains', where: 'value.order >= 10' }));
    assert.deepEqual(ordersOf(viewer), [10, 11]);
    assert.deepEqual(await groupIds(), groups, 'searching joined no group');
  });

  test('a wrong field gets one sentence next to it, and nothing is read', async () => {
    const viewer = await replayViewer();
    const cases: [Partial<SearchForm>, keyof SearchForm, RegExp][] = [
      [{ where: 'value.order >=' }, 'where', /^The where expression is not valid: .+\.$/],
      [{ value: 'x', from: 'soon' }, 'from', /^"soon" is not a time: use ISO 8601/],
      [{ value: 'x', until: 'yesterday' }, 'until', /^"yesterday" is not a time/],
      [{ value: 'x', from: '-1m', until: '-1h' }, 'until', /^The until time is before the from time/],
      [{ value: 'x', partitions: '0, two' }, 'partitions', /^"two" is not a partition number/],
      [{ value: 'x', partitions: '7' }, 'partitions', new RegExp(`^${topic} has no partition 7\\.$`)],
      [{ value: 'x', from: new Date(Date.now() + 86_400_000).toISOString() }, 'from', /^Nothing that new in any partition of .+: no event is at or after/],
      [{ value: 'x', maxMatches: '0' }, 'maxMatches', /^At most how many matches: a whole number from 1 to 1,000,000\.$/],
      [{ header: '=abc' }, 'header', /^A header name comes first/],
      [{}, 'value', /^Type something to look for/],
    ];
    for (const [fields, field, expected] of cases) {
      assert.equal(await viewer.search(form(fields)), false, JSON.stringify(fields));
      const { problems, form: shown } = viewer.currentSearch;
      assert.deepEqual(Object.keys(problems), [field], `${JSON.stringify(fields)}: one field is wrong`);
      assert.match(problems[field]!, expected);
      assert.ok(!problems[field]!.includes('\n') && !/:\d+:\d+\)/.test(problems[field]!), 'one sentence, no stack');
      assert.deepEqual(shown, form(fields), 'the bar keeps what was typed');
      assert.equal(viewer.store.length, 12, 'the replay\'s records stay: nothing was read');
    }
    assert.equal(await viewer.search(form({ value: 'failed' })), true);
    assert.deepEqual(viewer.currentSearch.problems, {}, 'a good search clears the sentences');
  });

  test('Load more goes on from where the search stopped; the header keeps its start; at the end Load more has nothing to do', async () => {
    const viewer = await replayViewer();
    const from = new Date(seeded[0].timestamp).toISOString();
    // Partition 0 holds orders 0, 3, 6 and 9: two matches a read.
    await viewer.search(form({ key: 'customer-', keyMatch: 'contains', partitions: '0', maxMatches: '2', from }));
    assert.deepEqual(ordersOf(viewer), [0, 3]);
    assert.equal(viewer.currentSearch.summary, 'scanned 2 records in 1 partition, 2 matches; stopped because it found 2 matches (the limit asked); Load more goes on');
    const header = viewer.header;
    assert.deepEqual(header, { scope: `${topic} · partition 0 · key contains customer-`, startTime: seeded[0].timestamp, start: undefined, untilTime: undefined });
    assert.equal(viewer.atEnd, false);
    await viewer.handle({ type: 'loadMore' });
    assert.deepEqual(ordersOf(viewer), [0, 3, 6, 9]);
    assert.deepEqual(viewer.header, header, 'the same start and scope after Load more');
    await viewer.handle({ type: 'loadMore' });
    assert.equal(viewer.currentSearch.summary, 'scanned 4 records in 1 partition, 4 matches; stopped because it reached the end of the partition');
    assert.equal(viewer.atEnd, true, 'read to the end of the partition');
    assert.deepEqual(viewer.header, header);
    // At the end a Load more (the page's button is disabled) reads nothing and changes nothing.
    await viewer.handle({ type: 'loadMore' });
    assert.equal(viewer.currentSearch.summary, 'scanned 4 records in 1 partition, 4 matches; stopped because it reached the end of the partition');
    assert.deepEqual(ordersOf(viewer), [0, 3, 6, 9]);
  });

  test('a replay asks no record limit: it reads the default, and Load more reads the number beside it; at the end it is refused', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Beginning' }]);
    const { viewer } = await withReplayLimit(1, () => withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition')));
    assert.deepEqual(prompter.asked.map((a) => a.title), ['Replay Partition: topic', `Replay Partition: ${topic}`, 'Replay from']);
    assert.equal(viewer!.store.length, 1);
    assert.equal(viewer!.atEnd, false);
    await viewer!.handle({ type: 'loadMore', max: '2' });
    assert.deepEqual(Array.from(viewer!.filteredIds(), (id) => viewer!.store.offsetAt(id)), [0, 1, 2]);
    assert.equal(viewer!.atEnd, false, 'it read as many as it asked: more may follow');
    for (const bad of ['0', '-1', 'abc', '10000001', '1.5', '']) {
      await viewer!.handle({ type: 'loadMore', max: bad });
      assert.equal(viewer!.lastNotice, 'Records per load: a whole number from 1 to 10,000,000.', JSON.stringify(bad));
    }
    assert.equal(viewer!.store.length, 3, 'a refused number read nothing');
    await viewer!.handle({ type: 'loadMore', max: '5' });
    assert.deepEqual(Array.from(viewer!.filteredIds(), (id) => viewer!.store.offsetAt(id)), [0, 1, 2, 3]);
    assert.equal(viewer!.atEnd, true, 'fewer than asked: the partition was read to its end');
    assert.equal(viewer!.header.scope, `${topic} · partition 0`);
    assert.equal(viewer!.header.start, 'the beginning (p0@0)');
  });

  test('the bar\'s Cancel stops a running search; it says how far it got, and Load more goes on from there', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: manyTopic }, { input: 'where:value.items.exists(x, x > 1000)' }]);
    const running = withPrompter(api, prompter, () => vscode.commands.executeCommand<SearchRecordsResult>('eventBroker.searchRecords'));
    const viewer = await until('the search viewer', () => api.viewers.all().find((v) => v.store.topic === manyTopic));
    await until('the search under way', () => (viewer.busy ? true : undefined));
    await viewer.handle({ type: 'cancel' });
    const { summary } = await running;
    assert.equal(summary.stoppedBecause, 'aborted');
    assert.ok(summary.scanned < MANY, `stopped early: ${summary.scanned} of ${MANY}`);
    assert.equal(viewer.currentSearch.summary, `scanned ${summary.scanned} records in 1 partition, 0 matches; stopped because it was cancelled`);
    assert.equal(viewer.atEnd, false);
    await viewer.handle({ type: 'loadMore' });
    assert.equal(viewer.currentSearch.summary, `scanned ${MANY} records in 1 partition, 0 matches; stopped because it reached the end of the partition`);
  });
});
