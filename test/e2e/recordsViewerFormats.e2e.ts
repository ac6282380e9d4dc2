// End to end in a real browser (issue 23, item 3): the records viewer on Avro records decoded
// through the workspace's .avsc, named in `eventBroker.recordFormats`. The table shows each value's
// decoded JSON after the schema's mark, a record that does not decode shows "not decoded" and hex;
// the detail pane shows the decoded value indented with its schema, and the bytes as written one
// click away. A schema registry that does not answer is one notice above the table, not one per
// record. Screenshots: recordsViewerFormats-table.png, -detail.png, -not-decoded.png, -registry-down.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { until, Workbench } from './harness';
import { drawnRows, viewerCounts, viewerFrame } from './recordsViewerPage';
import { repoRoot } from './codeServer';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { loadSchemaFile } from '../../src/core/formats/schemaFiles';
import { writeWireFormat } from '../../src/core/formats/wireFormat';
import type { KafkaSession } from '../../src/core/session';
import { closedPort } from '../support/closedPort';

const SCHEMA = 'records/schemas/order-v1.avsc';
const HOSTILE_NAME = 'Ann \u202egpj.exe <img src=x onerror=alert(1)>';
const NOT_AVRO = Buffer.from('not avro at all');

let wb: Workbench;
let session: KafkaSession;
let topic: string;
let wiredTopic: string;
let registryPort: number;
let orders: Record<string, unknown>[];

before(async () => {
  const fixtures = path.join(repoRoot, 'test', 'fixtures');
  const codec = loadSchemaFile(path.join(fixtures, SCHEMA));
  const written = codec.decode(fs.readFileSync(path.join(fixtures, 'records/avro/order-v1.1.raw.bin'))) as Record<string, unknown>;
  const statuses = ['NEW', 'PAID', 'SHIPPED'];
  orders = Array.from({ length: 6 }, (_, i) => ({ ...written, id: i === 1 ? `order-2 ${HOSTILE_NAME}` : `order-${i + 1}`, status: statuses[i % 3], customer: { name: i === 1 ? HOSTILE_NAME : `customer ${i + 1}`, email: null } }));
  const base = Date.now() - 30 * 60_000;
  session = openSession();
  // Raw Avro, the wire format (schema id 42) every third record, and one record that is not Avro.
  topic = await topicWith(session, 'viewer-avro', 1, [
    ...orders.map((order, i) => ({ key: `k-${i + 1}`, value: i % 3 === 2 ? writeWireFormat(42, codec.encode(order)) : codec.encode(order), partition: 0, timestamp: base + i * 60_000 })),
    { key: 'k-bad', value: NOT_AVRO, partition: 0, timestamp: base + 6 * 60_000 },
  ]);
  // Wire-format records (two schema ids) for a connection whose registry does not answer.
  wiredTopic = await topicWith(session, 'viewer-wired', 1, [5, 6, 5, 6].map((id, i) => ({ key: `w-${i + 1}`, value: writeWireFormat(id, codec.encode(orders[i])), partition: 0 })));
  registryPort = await closedPort();
  wb = await Workbench.open({
    env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP },
    settings: {
      // The workspace is a copy of test/fixtures: the setting names its schema file, relative to it.
      'eventBroker.recordFormats': [{ topic: 'viewer-avro-*', valueSchema: SCHEMA }],
      'eventBroker.connections': [{ name: 'Registry down', bootstrap: process.env.KAFKA_BOOTSTRAP, schemaRegistry: { url: `http://127.0.0.1:${registryPort}` } }],
    },
  });
});

after(async () => {
  await wb?.close('recordsViewerFormats-final');
  await session?.close();
});

const viewer = (): FrameLocator => viewerFrame(wb);

test('Replay Partition… on Avro records shows decoded values with the schema\'s mark; detail with the decoded value and the bytes one click away', async () => {
  await wb.openView('Event Broker');
  await wb.waitForRow('KAFKA_BOOTSTRAP');
  await wb.runCommand('Event Broker: Replay Partition…');
  await wb.pickQuickInput('KAFKA_BOOTSTRAP');
  await wb.typeAndPick(topic);
  await wb.pickQuickInput('Beginning');
  await until('the viewer with 7 records', async () => ((await viewerCounts(wb).catch(() => '')) === '7 records' ? true : undefined), 60_000);
  assert.equal(await viewer().locator('.read-as').textContent(), 'Read as value: avro (order-v1.avsc)');
  const rows = await until('the drawn rows', async () => {
    const r = await drawnRows(wb);
    return r.length === 7 ? r : undefined;
  });
  // A cell's text is its mark, then the decoded JSON (the mark is a badge of its own).
  for (let i = 0; i < 6; i++) assert.ok(rows[i][4].startsWith(`Order{"id":"order-${i + 1}`), rows[i][4]);
  assert.ok(rows[1][4].startsWith('Order{"id":"order-2 Ann \\u202egpj.exe <img src=x onerror=alert(1)>",'), `the bidi control as a visible escape, markup as text: ${rows[1][4]}`);
  assert.equal(rows[6][4], `not decoded${NOT_AVRO.toString('hex').replace(/(..)(?!$)/g, '$1 ')}`);
  assert.equal(await viewer().locator('img').count(), 0, 'no element was made from a record');
  assert.equal(await viewer().locator('.viewport .row:not(.loading) .c-value .mark').first().getAttribute('title'), 'avro · ebx.fixtures.Order');
  assert.equal(await viewer().locator('.viewport .row[data-row="2"]:not(.loading) .c-value .mark').getAttribute('title'), 'avro · ebx.fixtures.Order · schema id 42');
  await wb.screenshot('recordsViewerFormats-table');

  // The wire-format record's detail: the decoded value indented, the schema with its id.
  await viewer().locator('.viewport .row[data-row="2"]:not(.loading)').click();
  const body = viewer().locator('.detail pre.value');
  await until('the decoded detail', async () => ((await body.textContent().catch(() => ''))?.startsWith('{\n  "id": "order-3"') ? true : undefined), 30_000);
  assert.deepEqual(JSON.parse((await body.textContent()) ?? ''), orders[2]);
  assert.match((await viewer().locator('.detail .value-bar').textContent()) ?? '', /value: avro · ebx\.fixtures\.Order · schema id 42 · \d+ B as written/);
  await wb.screenshot('recordsViewerFormats-detail');
  // The bytes as written, one click away.
  await viewer().locator('.detail .tabs button', { hasText: 'Hex' }).click();
  await until('the hex', async () => ((await body.textContent())?.startsWith('00000000  00 00 00 00 2a ') ? true : undefined));
  await viewer().locator('.detail .tabs button', { hasText: 'Base64' }).click();
  await until('the base64', async () => ((await body.textContent())?.startsWith('AAAAACo') ? true : undefined));
  await viewer().locator('.detail .tabs button', { hasText: 'Decoded' }).click();

  // The record that is not Avro: its bytes and the sentence.
  await viewer().locator('.viewport .row[data-row="6"]:not(.loading)').click();
  const problem = viewer().locator('.detail .reading-problem');
  await problem.waitFor({ timeout: 30_000 });
  assert.match((await problem.textContent()) ?? '', /^Value not decoded: .+\.$/);
  assert.equal(await body.textContent(), `(not decoded: the bytes as written, base64)\n${NOT_AVRO.toString('base64')}`);
  await wb.screenshot('recordsViewerFormats-not-decoded');
});

test('a schema registry that does not answer is one notice above the table; the records keep their bytes', async () => {
  await wb.runCommand('Event Broker: Replay Partition…');
  await wb.pickQuickInput('Registry down');
  await wb.typeAndPick(wiredTopic);
  await wb.pickQuickInput('Beginning');
  await until('the viewer with 4 records', async () => ((await viewerCounts(wb).catch(() => '')) === '4 records' ? true : undefined), 60_000);
  assert.equal(await viewer().locator('.read-as').textContent(), 'Read as wire format: schema registry');
  const notices = viewer().locator('.format-problems .warning');
  await notices.first().waitFor({ timeout: 30_000 });
  assert.equal(await notices.count(), 1, 'one notice for four records and two schema ids');
  assert.match((await notices.first().textContent()) ?? '', new RegExp(`^⚠ The schema registry at .*127\\.0\\.0\\.1:${registryPort}.* does not answer .*\\.$`));
  const rows = await until('the drawn rows', async () => {
    const r = await drawnRows(wb);
    return r.length === 4 ? r : undefined;
  });
  for (const row of rows) assert.match(row[4], /^not decoded00 00 00 00 0[56] /, 'each record its bytes (magic byte, schema id), marked');
  await wb.screenshot('recordsViewerFormats-registry-down');
});
