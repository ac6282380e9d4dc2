// The records viewer in the real extension host against the live broker: Replay and Search open it
// with exactly the records read; Load more goes on without repeating; the page draws hostile values
// as the text they are; export writes the right files; the 6 MiB record opens while the extension
// host keeps answering; "Produce these records to…" asks with the plan first, then keeps keys and headers.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { applicationKafka, collect, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import { replayFrom } from '../../src/core/replay';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { SearchRecordsResult } from '../../src/extension/commands/searchRecords';
import type { RecordsViewerPanel, RenderedRows } from '../../src/extension/recordsViewer/recordsViewerPanel';
import type { CommandFailure } from '../../src/extension/runCommand';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, until, withPrompter, withReplayLimit } from './extensionApi';

const MiB = 1024 * 1024;
const HOSTILE_IMG = '<img src=x onerror=alert(1)>';
const HOSTILE_SCRIPT = '</script><script>alert(2)</script>';

suite('records viewer', () => {
  let session: KafkaSession;
  let topic: string;
  let hugeTopic: string;
  const base = Date.now() - 3_600_000;
  // 12 records on 3 partitions, one a minute; customer-1 has records 1, 5 and 9.
  const seeded = Array.from({ length: 12 }, (_, i) => ({
    key: `customer-${i % 4}`,
    value: i === 2 ? HOSTILE_IMG : i === 3 ? HOSTILE_SCRIPT : JSON.stringify({ order: i }),
    partition: i % 3,
    timestamp: base + i * 60_000,
    headers: i === 4 ? { trace: 'abc' } : undefined,
  }));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-viewer-'));

  suiteSetup(async () => {
    session = openSession({ timeoutMs: 30_000 });
    topic = await topicWith(session, 'rv', 3, seeded);
    hugeTopic = uniqueName('rv-huge');
    // Apache Kafka's default cap is about 1 MB per batch; raised for this topic as in test/core/hostileData.test.ts.
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.createTopics({ waitForLeaders: true, topics: [{ topic: hugeTopic, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: String(16 * MiB) }] }] });
    } finally {
      await admin.disconnect();
    }
    await produce(session, hugeTopic, [{ key: 'huge', value: `{"blob":"${'z'.repeat(6 * MiB)}"}`, partition: 0 }]);
    await produce(session, hugeTopic, [{ key: 'after', value: 'small', partition: 0 }]);
  });
  suiteTeardown(async () => {
    const api = await extensionApi();
    for (const viewer of api.viewers.all()) viewer.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
    await session?.close();
  });

  /** The viewer's page has loaded and drawn rows (what it drew, as text). */
  async function drawn(viewer: RecordsViewerPanel, rows: number): Promise<RenderedRows> {
    await viewer.ready;
    return until(`the page to draw ${rows} rows`, () => {
      const r = viewer.lastRender;
      return r && r.cells.length >= rows ? r : undefined;
    }, 60_000);
  }

  const keysOf = (viewer: RecordsViewerPanel) => Array.from(viewer.filteredIds(), (id) => viewer.store.keyAt(id)?.toString());

  test('Replay Partition… opens the viewer with exactly the records read; the document is still there', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    const viewer = result.viewer!;
    assert.ok(viewer, 'the replay opened a records viewer');
    assert.equal(viewer.store.length, 12);
    const inOrder = Array.from(viewer.filteredIds(), (id) => viewer.store.record(id));
    assert.deepEqual(inOrder.map((r) => [r.partition, r.offset, r.timestamp, r.key?.toString(), r.value?.toString()]), seeded.map((s, i) => [i % 3, Math.floor(i / 3), s.timestamp, s.key, s.value]));
    assert.equal(inOrder[4].headers.trace?.toString(), 'abc');
    assert.equal((await result.jsonLinesDocument()).getText().trim().split('\n').length, 13, 'a header line and 12 records');
    // Run from the palette, the result is serialized for the window: the viewer as a line, never its records.
    assert.deepEqual(JSON.parse(JSON.stringify(result)), { viewer: { recordsViewer: viewer.panel.title, records: 12 }, count: 12, startOffset: 0, startOffsets: result.startOffsets, more: false });
    // The page drew the hostile values as the text they are (its cells' textContent, sent back).
    const page = await drawn(viewer, 12);
    assert.equal(page.cells[2][4], HOSTILE_IMG);
    assert.equal(page.cells[3][4], HOSTILE_SCRIPT);
    assert.deepEqual(page.cells[4].slice(0, 2), ['1', '1']);
    assert.equal(page.cells[4][5], '1', 'one header');
  });

  test('Load more reads on from where the replay stopped, nothing twice', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Beginning' }]);
    const result = await withReplayLimit(2, () => withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition')));
    const viewer = result.viewer!;
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.offsetAt(id)), [0, 1]);
    await viewer.handle({ type: 'loadMore' });
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.offsetAt(id)), [0, 1, 2, 3]);
    await viewer.handle({ type: 'loadMore' });
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.offsetAt(id)), [0, 1, 2, 3]);
  });

  test('Search Records… for a key opens the viewer with exactly its records and the summary', async () => {
    const api = await extensionApi();
    // Two questions (issue 24): the topic, then the text; the rest is the viewer's search bar.
    const prompter = new ScriptedPrompter([{ pick: topic }, { input: 'key:customer-1' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<SearchRecordsResult>('eventBroker.searchRecords'));
    assert.deepEqual(prompter.asked.map((a) => a.title), ['Search Records: topic', `Search ${topic}`]);
    const { viewer, summary } = result;
    assert.deepEqual(keysOf(viewer), ['customer-1', 'customer-1', 'customer-1']);
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.valueAt(id)?.toString()), [1, 5, 9].map((i) => JSON.stringify({ order: i })));
    assert.deepEqual({ scanned: summary.scanned, partitions: summary.partitions, matches: summary.matches, stoppedBecause: summary.stoppedBecause }, { scanned: 12, partitions: 3, matches: 3, stoppedBecause: 'end' });
    const page = await drawn(viewer, 3);
    assert.deepEqual(page.cells.map((c) => c[3]), ['customer-1', 'customer-1', 'customer-1']);
  });

  test('a bad where expression gets one sentence, while typing and from the command', async () => {
    const api = await extensionApi();
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    try {
      const prompter = new ScriptedPrompter([{ pick: topic }, { input: 'where:value.order >=' }]);
      const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<SearchRecordsResult | undefined>('eventBroker.searchRecords'));
      assert.equal(result, undefined);
      const validation = prompter.asked[1].validation ?? '';
      assert.match(validation, /^The where expression is not valid: .+\.$/);
      assert.ok(!validation.includes('\n'), 'one sentence, no stack');
      assert.equal(failures.length, 1);
      assert.equal(failures[0].expected, true);
      assert.equal(failures[0].sentence, validation);
    } finally {
      listening.dispose();
    }
  });

  test('Export from the viewer chooses the file in the save dialog; a folder gets one sentence, no Node error', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    const file = path.join(tmp, 'dialog.jsonl');
    const saving = new ScriptedPrompter([{ file }]);
    await withPrompter(api, saving, () => viewer!.handle({ type: 'export', format: 'jsonl', rows: 'loaded' }));
    assert.deepEqual(saving.asked.map((a) => [a.kind, a.title, a.filters]), [['saveFile', 'Export all loaded records', { 'JSON Lines': ['jsonl'] }]]);
    assert.equal(fs.readFileSync(file, 'utf8').trim().split('\n').length, 12);
    assert.equal(viewer!.lastNotice, `Exported 12 records to ${file}.`);
    await withPrompter(api, new ScriptedPrompter([{ file: tmp }]), () => viewer!.handle({ type: 'export', format: 'csv', rows: 'loaded' }));
    assert.equal(viewer!.lastNotice, `${tmp} is a folder: choose a file name for the CSV export (*.csv).`);
  });

  test('export writes the loaded or the filtered rows: CSV and JSON Lines', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    await viewer!.handle({ type: 'filter', filter: { text: 'customer-2' } });
    assert.deepEqual(keysOf(viewer!), ['customer-2', 'customer-2', 'customer-2']);
    const csv = vscode.Uri.file(path.join(tmp, 'filtered.csv'));
    assert.equal(await viewer!.exportTo(csv, 'csv', 'filtered'), 3);
    const time = (i: number) => `${seeded[i].timestamp},${new Date(seeded[i].timestamp).toISOString()}`;
    assert.equal(
      fs.readFileSync(csv.fsPath, 'utf8'),
      'partition,offset,timestamp,time,key,value,headers\r\n' +
        `2,0,${time(2)},customer-2,${HOSTILE_IMG},\r\n` +
        `0,2,${time(6)},customer-2,"{""order"":6}",\r\n` +
        `1,3,${time(10)},customer-2,"{""order"":10}",\r\n`,
    );
    const jsonl = vscode.Uri.file(path.join(tmp, 'all.jsonl'));
    assert.equal(await viewer!.exportTo(jsonl, 'jsonl', 'loaded'), 12);
    const lines = fs.readFileSync(jsonl.fsPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { key: string; value: unknown; headers: Record<string, string> });
    assert.deepEqual(lines.map((l) => l.key), seeded.map((s) => s.key));
    assert.equal(lines[3].value, HOSTILE_SCRIPT);
    assert.deepEqual(lines[1].value, { order: 1 });
    assert.deepEqual(lines[4].headers, { trace: 'abc' });
  });

  test('the 6 MiB record opens without freezing: the extension host answers a command right after', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: hugeTopic }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    assert.equal(viewer!.store.length, 2);
    assert.equal(viewer!.store.valueAt(0)?.length, 6 * MiB + '{"blob":""}'.length);
    const page = await drawn(viewer!, 2);
    assert.equal(page.cells[0][4], `{"blob":"${'z'.repeat(191)}…`, 'the row shows the start of the value');
    assert.equal(page.cells[0][6], '6.0 MB');
    await viewer!.handle({ type: 'detail', id: 0 });
    await viewer!.handle({ type: 'detail', id: 0, whole: true });
    // Answered at once (no timing): the host is free again.
    let answered = false;
    await vscode.commands.executeCommand('eventBroker.refresh').then(() => (answered = true));
    assert.ok(answered);
  });

  test('Produce these records to… shows the plan, asks, then keeps keys and headers', async () => {
    const api = await extensionApi();
    const target = await topicWith(session, 'rv-target', 1);
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    await viewer!.handle({ type: 'filter', filter: { fromTime: seeded[3].timestamp, toTime: seeded[5].timestamp } });
    assert.equal(viewer!.filteredIds().length, 3);
    const refused = new ScriptedPrompter([{ pick: target }, { confirm: false }]);
    await withPrompter(api, refused, () => viewer!.handle({ type: 'produce', rows: 'filtered' }));
    assert.equal(refused.asked[1].message, `Produce 3 records to ${target}?`);
    assert.match(refused.asked[1].detail ?? '', new RegExp(`^3 records \\(\\d+ bytes of keys, values and headers\\) from ${topic} go to ${target} on KAFKA_BOOTSTRAP`));
    assert.equal(refused.asked[1].safeDefault, 'Do Not Produce');
    const answered = new ScriptedPrompter([{ pick: target }, { confirm: true }]);
    await withPrompter(api, answered, () => viewer!.handle({ type: 'produce', rows: 'filtered' }));
    const copied = await collect(replayFrom(session, { topic: target, starts: [{ partition: 0, offset: 0 }] }));
    assert.deepEqual(copied.map((r) => [r.key, r.value, r.headers]), [3, 4, 5].map((i) => [seeded[i].key, seeded[i].value, seeded[i].headers ?? {}]), 'produced once (the refusal sent nothing), keys, values and headers kept');
  });
});
