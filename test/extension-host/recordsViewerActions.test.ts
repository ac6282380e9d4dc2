// The records viewer's actions in the real extension host against the live broker, through the exact
// messages its page sends: `copy` puts exactly the key, the value (base64 when binary, empty for a
// tombstone's null) or the record as one JSON line on the clipboard, read back with
// vscode.env.clipboard; `filter` narrows the rows and the page draws only those, an empty filter
// brings them all back. (The browser e2e, test/e2e/recordsViewerActions.e2e.ts, clicks the same
// buttons and types in the same box.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { RecordsViewerPanel, RenderedRows } from '../../src/extension/recordsViewer/recordsViewerPanel';
import type { CopyWhat } from '../../src/webview/recordsViewer/messages';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, until, withPrompter } from './extensionApi';

suite('records viewer actions', () => {
  let session: KafkaSession;
  let topic: string;
  const base = Date.now() - 3_600_000;
  const BINARY = Buffer.from([0xde, 0xad, 0x00, 0xbe, 0xef]);
  // 6 records on one partition, one a minute: JSON, text, binary, a null key, a tombstone, headers.
  const seeded = [
    { key: 'order-1', value: JSON.stringify({ id: 1, state: 'failed' }) },
    { key: 'order-2', value: 'plain text, "quoted"' },
    { key: 'order-3', value: BINARY, headers: { trace: 'x-3' } },
    { key: null, value: JSON.stringify({ id: 4, state: 'ok' }) },
    { key: 'order-5', value: null },
    { key: 'order-6', value: JSON.stringify({ id: 6, state: 'failed' }) },
  ].map((r, i) => ({ ...r, partition: 0, timestamp: base + i * 60_000 }));

  suiteSetup(async () => {
    session = openSession({ timeoutMs: 30_000 });
    topic = await topicWith(session, 'rva', 1, seeded);
  });
  suiteTeardown(async () => {
    const api = await extensionApi();
    for (const viewer of api.viewers.all()) viewer.dispose();
    await session?.close();
  });

  async function openViewer(): Promise<RecordsViewerPanel> {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Beginning' }]);
    const { viewer } = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    assert.ok(viewer, 'the replay opened a records viewer');
    assert.equal(viewer.store.length, seeded.length);
    await viewer.ready;
    return viewer;
  }

  /** What the page drew last for the viewer's current rows (its cells' text, sent back). */
  function drawnAfter(viewer: RecordsViewerPanel, rows: number, since: RenderedRows | undefined): Promise<RenderedRows> {
    return until(`the page to draw ${rows} rows`, () => {
      const r = viewer.lastRender;
      return r && r !== since && r.cells.length === rows ? r : undefined;
    }, 60_000);
  }

  async function copied(viewer: RecordsViewerPanel, id: number, what: CopyWhat): Promise<string> {
    await vscode.env.clipboard.writeText('(before the copy)');
    await viewer.handle({ type: 'copy', id, what });
    return vscode.env.clipboard.readText();
  }

  test('copy puts exactly the key, the value or the record on the clipboard', async () => {
    const viewer = await openViewer();
    assert.equal(await copied(viewer, 0, 'key'), 'order-1');
    assert.equal(await copied(viewer, 0, 'value'), '{"id":1,"state":"failed"}', 'the value as produced, not re-formatted');
    assert.equal(await copied(viewer, 1, 'value'), 'plain text, "quoted"');
    assert.equal(await copied(viewer, 2, 'value'), BINARY.toString('base64'), 'binary as base64');
    assert.equal(await copied(viewer, 3, 'key'), '', 'a null key copies as nothing');
    assert.equal(await copied(viewer, 4, 'value'), '', 'a tombstone\'s value copies as nothing');

    const time = (i: number) => new Date(seeded[i].timestamp).toISOString();
    assert.equal(await copied(viewer, 0, 'record'), `{"partition":0,"offset":0,"timestamp":${seeded[0].timestamp},"time":"${time(0)}","key":"order-1","value":{"id":1,"state":"failed"},"headers":{}}`);
    assert.equal(await copied(viewer, 2, 'record'), `{"partition":0,"offset":2,"timestamp":${seeded[2].timestamp},"time":"${time(2)}","key":"order-3","value":{"base64":"${BINARY.toString('base64')}"},"headers":{"trace":"x-3"}}`);
    assert.equal(await copied(viewer, 4, 'record'), `{"partition":0,"offset":4,"timestamp":${seeded[4].timestamp},"time":"${time(4)}","key":"order-5","value":null,"headers":{}}`);
  });

  test('the filter narrows the rows and the page draws only those; an empty filter brings all back', async () => {
    const viewer = await openViewer();
    await drawnAfter(viewer, seeded.length, undefined);
    const before = viewer.lastRender;
    await viewer.handle({ type: 'filter', filter: { text: 'failed' } });
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.offsetAt(id)), [0, 5]);
    const narrowed = await drawnAfter(viewer, 2, before);
    assert.deepEqual(narrowed.cells.map((c) => [c[1], c[3]]), [['0', 'order-1'], ['5', 'order-6']]);

    // Keys match too; a null key or value never matches (and never throws).
    await viewer.handle({ type: 'filter', filter: { text: 'order-5' } });
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.offsetAt(id)), [4]);
    const one = await drawnAfter(viewer, 1, narrowed);
    assert.deepEqual(one.cells.map((c) => c[1]), ['4']);

    await viewer.handle({ type: 'filter', filter: { text: '' } });
    assert.deepEqual(viewer.currentFilter, {}, 'an empty text is no filter');
    const all = await drawnAfter(viewer, seeded.length, one);
    assert.deepEqual(all.cells.map((c) => c[1]), ['0', '1', '2', '3', '4', '5']);
  });
});
