// Records written in Avro (issue 23, item 3), in the real extension host against the live broker,
// read through `eventBroker.recordFormats` with the workspace's .avsc: Replay Topic… opens the
// viewer with decoded cells and the schema's mark, the detail has the decoded value beside the bytes
// as written, Copy / export / the replay document carry decoded values, the search bar's `where`
// sees them, a tail's panel lines show them — and a record that does not decode shows its bytes and
// one sentence, never stopping anything. A registry that does not answer is one notice in the
// viewer and one line in the panel, not one per record.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { produce } from '../../src/core/topics/produce';
import { loadSchemaFile } from '../../src/core/formats/schemaFiles';
import type { SchemaCodec } from '../../src/core/formats/formatTypes';
import { writeWireFormat } from '../../src/core/formats/wireFormat';
import { emptySearchForm } from '../../src/core/search/searchForm';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { SearchRecordsResult } from '../../src/extension/commands/searchRecords';
import type { RecordsViewerPanel, RenderedRows } from '../../src/extension/recordsViewer/recordsViewerPanel';
import type { CommandFailure } from '../../src/extension/runCommand';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, until, withPrompter, withReplayLimit } from './extensionApi';
import { closedPort } from '../support/closedPort';

const SCHEMA = 'records/schemas/order-v1.avsc';
const HOSTILE_NAME = `Ann \u202egpj.exe <img src=x onerror=alert(1)>\u0007`;
const NOT_AVRO = Buffer.from('not avro at all');
/** The first field, so the table's one-line cell shows it. */
const HOSTILE_ID = `o-1 ${HOSTILE_NAME}`;

suite('records viewer: record formats', () => {
  let session: KafkaSession;
  let topic: string;
  let codec: SchemaCodec;
  let order: (id: string, status?: string, name?: string) => Record<string, unknown>;
  const base = Date.now() - 3_600_000;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-formats-'));
  const formats = () => vscode.workspace.getConfiguration('eventBroker');

  suiteSetup(async () => {
    const workspace = vscode.workspace.workspaceFolders![0].uri.fsPath;
    // Encoded with core's codec from the workspace's own schema file: the file the setting names.
    codec = loadSchemaFile(path.join(workspace, SCHEMA));
    const written = codec.decode(fs.readFileSync(path.join(workspace, 'records/avro/order-v1.1.raw.bin'))) as Record<string, unknown>;
    order = (id, status = 'NEW', name = 'Bo') => ({ ...written, id, status, customer: { name, email: null } });
    session = openSession({ timeoutMs: 30_000 });
    // Two partitions, in time order: raw Avro (a hostile name), the wire format (id 42), bytes that are not Avro, raw Avro SHIPPED.
    topic = await topicWith(session, 'rvf', 2, [
      { key: 'k-1', value: codec.encode(order(HOSTILE_ID, 'NEW', HOSTILE_NAME)), partition: 0, timestamp: base },
      { key: 'k-2', value: writeWireFormat(42, codec.encode(order('o-2', 'PAID'))), partition: 0, timestamp: base + 60_000 },
      { key: 'k-3', value: NOT_AVRO, partition: 1, timestamp: base + 120_000 },
      { key: 'k-4', value: codec.encode(order('o-4', 'SHIPPED')), partition: 1, timestamp: base + 180_000 },
    ]);
    await formats().update('recordFormats', [{ topic: 'rvf-*', valueFormat: 'avro', valueSchema: SCHEMA }], vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    const api = await extensionApi();
    for (const viewer of api.viewers.all()) viewer.dispose();
    await formats().update('recordFormats', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(tmp, { recursive: true, force: true });
    await session?.close();
  });

  async function replayTopic(node?: unknown, answers = [{ pick: topic }, { pick: 'Beginning' }]): Promise<RecordsViewerPanel> {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter(node === undefined ? answers : [{ pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayTopic', node));
    assert.ok(result.viewer, 'the replay opened a records viewer');
    return result.viewer;
  }

  async function drawn(viewer: RecordsViewerPanel, rows: number): Promise<RenderedRows> {
    await viewer.ready;
    return until(`the page to draw ${rows} rows`, () => {
      const r = viewer.lastRender;
      return r && r.cells.length >= rows ? r : undefined;
    }, 60_000);
  }

  const idOf = (viewer: RecordsViewerPanel, key: string) => Array.from(viewer.filteredIds()).find((id) => viewer.store.keyAt(id)?.toString() === key)!;

  test('Replay Topic… shows decoded values with the schema\'s mark; a record that does not decode shows hex and "not decoded"', async () => {
    const viewer = await replayTopic();
    assert.equal(viewer.store.length, 4);
    assert.equal(viewer.header.readAs, 'value: avro (order-v1.avsc)', 'the header says how the topic is read');
    assert.deepEqual(viewer.formatProblems, []);
    const page = await drawn(viewer, 4);
    const values = page.cells.map((c) => c[4]);
    assert.ok(values[0].startsWith('Order {"id":"o-1 Ann \\u202egpj.exe <img src=x onerror=alert(1)>\\u0007","uuid":'), `the mark, then the decoded JSON as one line; hostile text as visible escapes and plain text: ${values[0]}`);
    assert.doesNotMatch(values[0], /[\u202a-\u202e\u2066-\u2069]/);
    assert.match(values[1], /^Order \{"id":"o-2","uuid":.*"status":"PAID"/);
    assert.equal(values[2], `not decoded ${NOT_AVRO.toString('hex').replace(/(..)(?!$)/g, '$1 ')}`, 'hex of the bytes as written, marked');
    assert.match(values[3], /"status":"SHIPPED"/);
    assert.deepEqual(page.cells.map((c) => c[3]), ['k-1', 'k-2', 'k-3', 'k-4'], 'keys stay as they were (no key format)');
    // The filter box finds the decoded text the table shows (the enum is an index in the bytes).
    await viewer.handle({ type: 'filter', filter: { text: '"PAID"' } });
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.keyAt(id)?.toString()), ['k-2']);
  });

  test('the detail pane gets the decoded value, its schema and id, and the bytes as written; a bad record its sentence', async () => {
    const viewer = await replayTopic();
    await viewer.ready;
    await viewer.handle({ type: 'detail', id: idOf(viewer, 'k-2') });
    const wired = viewer.lastDetail!;
    assert.ok(wired.valueRead?.ok, 'decoded');
    assert.deepEqual([wired.valueRead.format, wired.valueRead.name, wired.valueRead.id], ['avro', 'ebx.fixtures.Order', 42]);
    assert.deepEqual(JSON.parse(wired.valueRead.json), order('o-2', 'PAID'));
    assert.equal(wired.value.kind, 'binary', 'the bytes one click away, as base64 and hex');
    assert.equal(wired.value.text, viewer.store.valueAt(idOf(viewer, 'k-2'))!.toString('base64'));
    assert.match(wired.value.hex, /^00000000 {2}00 00 00 00 2a /, 'the wire-format header in the hex');
    await viewer.handle({ type: 'detail', id: idOf(viewer, 'k-3') });
    const bad = viewer.lastDetail!;
    assert.ok(bad.valueRead && !bad.valueRead.ok);
    assert.match(bad.valueRead.error, /^[^\n]+\.$/, `one sentence: ${bad.valueRead.error}`);
    assert.equal(bad.value.kind, 'binary');
    assert.equal(Buffer.from(bad.value.text, 'base64').toString(), NOT_AVRO.toString());
  });

  test('Copy value copies the decoded JSON; Copy record the JSON line with valueSchema', async () => {
    const viewer = await replayTopic();
    await viewer.ready;
    await viewer.handle({ type: 'copy', id: idOf(viewer, 'k-1'), what: 'value' });
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), order(HOSTILE_ID, 'NEW', HOSTILE_NAME));
    await viewer.handle({ type: 'copy', id: idOf(viewer, 'k-3'), what: 'record' });
    const record = JSON.parse(await vscode.env.clipboard.readText()) as Record<string, unknown>;
    assert.deepEqual(record.value, { base64: NOT_AVRO.toString('base64') });
    assert.match(record.valueError as string, /\.$/);
  });

  test('export writes decoded values: JSON Lines as the CLI\'s --json lines, CSV with the schema and error columns', async () => {
    const viewer = await replayTopic();
    const jsonl = vscode.Uri.file(path.join(tmp, 'avro.jsonl'));
    assert.equal(await viewer.exportTo(jsonl, 'jsonl', 'loaded'), 4);
    const lines = fs.readFileSync(jsonl.fsPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(lines.map((l) => l.key), ['k-1', 'k-2', 'k-3', 'k-4']);
    assert.deepEqual(lines[0].value, order(HOSTILE_ID, 'NEW', HOSTILE_NAME), 'the file keeps the text exactly');
    assert.deepEqual(lines[0].valueSchema, { format: 'avro', id: null, name: 'ebx.fixtures.Order' });
    assert.deepEqual(lines[1].valueSchema, { format: 'avro', id: 42, name: 'ebx.fixtures.Order' });
    assert.deepEqual(lines[2].value, { base64: NOT_AVRO.toString('base64') });
    assert.match(lines[2].valueError as string, /^[^\n]+\.$/);
    const csv = vscode.Uri.file(path.join(tmp, 'avro.csv'));
    assert.equal(await viewer.exportTo(csv, 'csv', 'loaded'), 4);
    const rows = fs.readFileSync(csv.fsPath, 'utf8').split('\r\n');
    assert.equal(rows[0], 'partition,offset,timestamp,time,key,value,headers,keySchema,keyError,valueSchema,valueError');
    assert.match(rows[1], /^0,0,\d+,[^,]+,k-1,"\{""id"":""o-1 Ann \u202egpj/, 'a file is data: the text as written');
    assert.ok(rows[1].endsWith(',,,"{""format"":""avro"",""id"":null,""name"":""ebx.fixtures.Order""}",'), rows[1]);
    assert.match(rows[3], new RegExp(`^1,0,\\d+,[^,]+,k-3,base64:${NOT_AVRO.toString('base64').replace(/[+/=]/g, '\\$&')},,,,,.+\\."?$`), 'the sentence in valueError');
  });

  test('the replay document and a search\'s where see decoded values', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayTopic'));
    const [header, ...records] = (await result.jsonLinesDocument()).getText().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(header.readAs, 'value: avro (order-v1.avsc)');
    assert.deepEqual(records.map((r) => (r.value as { id?: string }).id ?? r.valueError), [HOSTILE_ID, 'o-2', records[2].valueError, 'o-4']);
    assert.match(String(records[2].valueError), /\.$/);
    assert.deepEqual(records[3].valueSchema, { format: 'avro', id: null, name: 'ebx.fixtures.Order' });
    // The bar's where (CEL over the decoded value): only the SHIPPED order, though the bytes hold an enum index.
    const viewer = result.viewer!;
    await viewer.ready;
    assert.equal(await viewer.search({ ...emptySearchForm(), where: 'value.status == "SHIPPED"' }), true);
    assert.deepEqual(Array.from(viewer.filteredIds(), (id) => viewer.store.keyAt(id)?.toString()), ['k-4']);
    const page = await until('the search\'s row drawn', () => (viewer.lastRender?.cells.length === 1 ? viewer.lastRender : undefined), 60_000);
    assert.match(page.cells[0][4], /^Order \{"id":"o-4"/);
  });

  test('Replay Partition… (with Load more) and Search Records… read with the format too', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 1' }, { pick: 'Beginning' }]);
    const result = await withReplayLimit(1, () => withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition')));
    const viewer = result.viewer!;
    assert.equal(viewer.header.readAs, 'value: avro (order-v1.avsc)');
    await viewer.handle({ type: 'loadMore' });
    assert.equal(viewer.store.length, 2);
    const page = await until('both rows drawn', () => (viewer.lastRender?.cells.length === 2 ? viewer.lastRender : undefined), 60_000);
    assert.deepEqual(page.cells.map((c) => c[4].split(' ')[0]), ['not', 'Order']);
    assert.match(page.cells[1][4], /^Order \{"id":"o-4"/);
    // Search Records… from the palette: its where sees the decoded value, and the matches show decoded.
    const searching = new ScriptedPrompter([{ pick: topic }, { input: 'where:value.status == "PAID"' }]);
    const { viewer: found, summary } = await withPrompter(api, searching, () => vscode.commands.executeCommand<SearchRecordsResult>('eventBroker.searchRecords'));
    assert.equal(summary.matches, 1);
    assert.equal(found.header.readAs, 'value: avro (order-v1.avsc)');
    const matches = await drawn(found, 1);
    assert.match(matches.cells[0][4], /^Order \{"id":"o-2",/);
  });

  test('Show Offsets for a Time… replays into a document of decoded values', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { input: String(base) }, { pick: 'Replay all partitions from here' }, { input: '10' }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.offsetsForTime'));
    // The command shows the document it made before it returns.
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document && document.uri.scheme === 'eventbroker-replay' && document.uri.path.includes(`${topic}-all-partitions`), `the replay document is shown: ${document?.uri.toString()}`);
    const [header, ...records] = document.getText().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(header.readAs, 'value: avro (order-v1.avsc)');
    assert.deepEqual(records.map((r) => r.key), ['k-1', 'k-2', 'k-3', 'k-4']);
    assert.deepEqual(records[0].value, order(HOSTILE_ID, 'NEW', HOSTILE_NAME));
    assert.ok(records[2].valueError);
  });

  test('a tail\'s panel shows decoded lines and goes on past a record that does not decode', async () => {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topicRow = await findRow(api, (await findRow(api, connection.node, /^Topics/)).node, topic);
    const name = `Event Broker: ${topic}`;
    const shownText = () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'output' && e.document.uri.path.endsWith(`-${name}`))?.document.getText();
    await vscode.commands.executeCommand('eventBroker.tailTopic', topicRow.node);
    try {
      await api.tails.running()[0].started;
      await produce(session, topic, [
        { key: 't-1', value: codec.encode(order('live-1', 'PAID', HOSTILE_NAME)), partition: 0 },
        { key: 't-2', value: NOT_AVRO, partition: 0 },
        { key: 't-3', value: writeWireFormat(7, codec.encode(order('live-3'))), partition: 0 },
      ]);
      const text = await until('the three live records in the panel', () => {
        const t = shownText();
        return t?.includes('key=t-3') ? t : undefined;
      }, 60_000);
      const lines = text.split('\n');
      assert.match(lines[0], /reading value: avro \(order-v1\.avsc\)$/, 'the header line says how the topic is read');
      const live = (key: string) => lines.find((l) => l.includes(` key=${key} `))!;
      assert.match(live('t-1'), /value=\{"id":"live-1",.*"name":"Ann \\u202egpj\.exe <img src=x onerror=alert\(1\)>\\u0007".*\} \(avro ebx\.fixtures\.Order\)$/);
      // eslint-disable-next-line no-control-regex -- a raw BEL is what this looks for
      assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069\u0007]/, 'nothing a terminal would obey');
      assert.match(live('t-2'), new RegExp(`value=<binary base64:${NOT_AVRO.toString('base64').replace(/[+/=]/g, '\\$&')}> \\(.+\\.\\)$`));
      assert.match(live('t-3'), /value=\{"id":"live-3",.*\} \(avro ebx\.fixtures\.Order id 7\)$/, 'the tail went on');
      assert.equal(api.tails.running()[0].count, 3);
    } finally {
      await vscode.commands.executeCommand('eventBroker.stopTail');
      await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));
    }
  });

  test('a schema file that cannot be read stops the replay with one sentence before anything is read', async () => {
    const api = await extensionApi();
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    const missing = await topicWith(session, 'rvf-missing', 1, [{ value: 'x', partition: 0 }]);
    await formats().update('recordFormats', [{ topic: missing, valueFormat: 'avro', valueSchema: 'records/schemas/nope.avsc' }, { topic: 'rvf-*', valueFormat: 'avro', valueSchema: SCHEMA }], vscode.ConfigurationTarget.Global);
    try {
      const opened = api.viewers.all().length;
      const prompter = new ScriptedPrompter([{ pick: missing }, { pick: 'Beginning' }]);
      const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult | undefined>('eventBroker.replayTopic'));
      assert.equal(result, undefined);
      assert.equal(api.viewers.all().length, opened, 'no viewer opened');
      assert.equal(failures.length, 1);
      assert.match(failures[0].sentence, new RegExp(`^The record format of ${missing} \\(eventBroker.recordFormats\\): cannot read nope\\.avsc: no such file\\.$`));
    } finally {
      listening.dispose();
      await formats().update('recordFormats', [{ topic: 'rvf-*', valueFormat: 'avro', valueSchema: SCHEMA }], vscode.ConfigurationTarget.Global);
    }
  });

  test('a schema registry that does not answer is one notice in the viewer and one line in the tail, records keep their bytes', async () => {
    const api = await extensionApi();
    const port = await closedPort();
    const connectionName = 'Formats registry down';
    const config = vscode.workspace.getConfiguration('eventBroker');
    // `auto` (no rule for rvd-*): wire-format values are decoded when the registry has their id; here it does not answer.
    const wired = await topicWith(session, 'rvd', 1, [
      { key: 'w-1', value: writeWireFormat(5, codec.encode(order('w-1'))), partition: 0 },
      { key: 'w-2', value: writeWireFormat(6, codec.encode(order('w-2'))), partition: 0 },
      { key: 'w-3', value: writeWireFormat(5, codec.encode(order('w-3'))), partition: 0 },
      { key: 'plain', value: '{"plain":true}', partition: 0 },
    ]);
    await config.update('connections', [{ name: connectionName, bootstrap: testBroker().bootstrap.join(','), schemaRegistry: { url: `http://127.0.0.1:${port}` } }], vscode.ConfigurationTarget.Global);
    try {
      api.explorer.refresh();
      const root = await until('the connection with a registry', async () => (await api.explorer.getChildren()).length > 1 ? findRow(api, undefined, connectionName) : undefined);
      const topicRow = await findRow(api, (await findRow(api, root.node, /^Topics/)).node, wired);
      const viewer = await replayTopic(topicRow.node);
      assert.equal(viewer.store.length, 4);
      assert.equal(viewer.header.readAs, 'wire format: schema registry');
      assert.equal(viewer.formatProblems.length, 1, `one notice: ${viewer.formatProblems.join(' | ')}`);
      assert.match(viewer.formatProblems[0], new RegExp(`127\\.0\\.0\\.1:${port}.* does not answer`));
      const page = await drawn(viewer, 4);
      assert.deepEqual(page.cells.map((c) => (c[4].startsWith('not decoded 00 00 00 00 0') ? 'bytes' : c[4])), ['bytes', 'bytes', 'bytes', '{"plain":true}'], 'each wire-format record its bytes, marked; the plain one as it was');
      await viewer.handle({ type: 'detail', id: idOf(viewer, 'w-2') });
      const detail = viewer.lastDetail!;
      assert.ok(detail.valueRead && !detail.valueRead.ok);
      assert.equal(detail.valueRead.error, viewer.formatProblems[0]);

      await vscode.commands.executeCommand('eventBroker.tailTopic', topicRow.node);
      const name = `Event Broker: ${wired}`;
      const shownText = () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'output' && e.document.uri.path.endsWith(`-${name}`))?.document.getText();
      try {
        await api.tails.running()[0].started;
        await produce(session, wired, [5, 6, 7, 8].map((id) => ({ key: `live-${id}`, value: writeWireFormat(id, codec.encode(order(`live-${id}`))), partition: 0 })));
        const text = await until('the live records in the panel', () => {
          const t = shownText();
          return t?.includes('key=live-8') ? t : undefined;
        }, 60_000);
        const notices = text.split('\n').filter((l) => l.startsWith('— ') && l.includes('does not answer'));
        assert.equal(notices.length, 1, `one line in the panel: ${text}`);
        assert.equal(text.split('\n').filter((l) => /^key=live-\d value=<binary base64:\S+> \(.+ does not answer .+\.\)$/.test(l.replace(/^\[[^\]]+\] /, ''))).length, 4, `each record its bytes and the sentence: ${text}`);
      } finally {
        await vscode.commands.executeCommand('eventBroker.stopTail');
        await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));
      }
    } finally {
      await config.update('connections', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
