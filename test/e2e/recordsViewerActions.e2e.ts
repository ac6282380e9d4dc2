// End to end in a real browser: what a person does inside the records viewer once it is open, in
// code-server + Chromium. Typing in the filter box narrows the table to the matching rows (and
// clearing it brings them all back); the detail pane's copy buttons put exactly the key, the value
// (base64 for binary) or the record as one JSON line on the clipboard, read back from the browser's
// clipboard; a 1.5 MB value is shown truncated until "Show all" shows its end, and the editor still
// answers; a search cancelled from its progress notification says so and how far it got, made no
// group, and Load more reads on from exactly there.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { selectors, until, Workbench } from './harness';
import { drawnRows, viewerCounts, viewerFrame } from './recordsViewerPage';
import { applicationKafka, openSession, topicWith, uniqueName, groupIds } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';

const MiB = 1024 * 1024;
let wb: Workbench;
let session: KafkaSession;
let topic: string;
let bigValueTopic: string;
let manyTopic: string;
const base = Date.now() - 60 * 60_000;
/** 12 records on 2 partitions, one a minute: keys customer-0..3; record 4 is binary and has a header. */
const BINARY = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f]);
const seeded = Array.from({ length: 12 }, (_, i) => ({
  key: `customer-${i % 4}`,
  value: i === 4 ? BINARY : JSON.stringify({ order: i, note: i % 3 === 0 ? 'refund' : 'paid' }),
  partition: i % 2,
  timestamp: base + i * 60_000,
  headers: i === 4 ? { trace: 't-4' } : undefined,
}));
/** The end of the 1.5 MB value: seen only after "Show all". */
const MARKER = 'END-OF-BIG-VALUE-4f1c9e';
const BIG_VALUE = `{"blob":"${'q'.repeat(1.5 * MiB)}","end":"${MARKER}"}`;
/** Records the cancelled search has to get through: far more than it reads before the cancel lands. */
const MANY = 600_000;
/** Each of them carries a list the search's expression walks (tens of µs a record): the cancel lands long before the end. */
const ITEMS = JSON.stringify(Array.from({ length: 30 }, (_, k) => k));

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'actions', 2, seeded);
  bigValueTopic = uniqueName('actions-big');
  // Apache Kafka's default cap is about 1 MB per batch; raised for this topic (as in recordsViewer.test.ts).
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: bigValueTopic, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: String(4 * MiB) }] }] });
  } finally {
    await admin.disconnect();
  }
  await produce(session, bigValueTopic, [{ key: 'big', value: BIG_VALUE, partition: 0, timestamp: base }]);
  manyTopic = await topicWith(session, 'actions-many', 1);
  for (let from = 0; from < MANY; from += 5000) { // batches under the broker's 1 MB cap
    await produce(session, manyTopic, Array.from({ length: 5000 }, (_, k) => ({ key: `m${from + k}`, value: `{"n":${from + k},"items":${ITEMS}}`, timestamp: base + from + k })));
  }
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
  // The copy test reads what the extension put on the browser's clipboard.
  await wb.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

after(async () => {
  await wb?.close('recordsViewerActions-final');
  await session?.close();
});

const viewer = (): FrameLocator => viewerFrame(wb);

const tableRows = (): Promise<string[][]> => drawnRows(wb);

const counts = (): Promise<string> => viewerCounts(wb);

/** Waits for the table to draw exactly `n` rows and returns them. */
function rowsDrawn(n: number): Promise<string[][]> {
  return until(`${n} drawn rows`, async () => {
    const r = await tableRows();
    return r.length === n ? r : undefined;
  });
}

async function replayAll(name: string, partitions: 'all' | 'one', expected: number): Promise<void> {
  await wb.runCommand('Event Broker: Replay Partition…');
  await wb.typeAndPick(name);
  if (partitions === 'all') await wb.pickQuickInput('All partitions');
  await wb.pickQuickInput('Beginning'); // no record limit asked: the viewer's default
  const text = expected === 1 ? "1 record" : `${expected} records`; // singular for one (issue 24)
  await until(`the viewer with ${text}`, async () => ((await counts()) === text ? true : undefined), 60_000);
}

/** Seeded records in the table's order (time order across partitions): [partition, offset, key]. */
const seededRow = (i: number) => [String(i % 2), String(Math.floor(i / 2)), `customer-${i % 4}`];

test('typing in the filter box shows only the matching rows; clearing it shows them all again', async () => {
  await wb.openView('Event Broker');
  await wb.waitForRow('KAFKA_BOOTSTRAP');
  await replayAll(topic, 'all', 12);
  assert.deepEqual((await rowsDrawn(12)).map((r) => r.slice(0, 2).concat(r[3])), seeded.map((_, i) => seededRow(i)));

  const box = viewer().locator('input.filter');
  await box.click();
  await box.pressSequentially('refund'); // key by key, as a person types: records 0, 3, 6, 9
  await until('the filtered counts', async () => ((await counts()) === '4 of 12 records' ? true : undefined));
  const filtered = await rowsDrawn(4);
  assert.deepEqual(filtered.map((r) => r.slice(0, 2).concat(r[3])), [0, 3, 6, 9].map(seededRow));
  for (const row of filtered) assert.ok(row[4].includes('"note":"refund"'), `a matching value: ${row[4]}`);

  // Narrower while typing on: "customer-3" is in the key of records 3, 7, 11.
  await box.fill('');
  await box.pressSequentially('customer-3');
  await until('the key-filtered counts', async () => ((await counts()) === '3 of 12 records' ? true : undefined));
  assert.deepEqual((await rowsDrawn(3)).map((r) => r.slice(0, 2).concat(r[3])), [3, 7, 11].map(seededRow));

  // Text no record has: an empty table, then Backspace to empty brings every row back.
  await box.fill('');
  await box.pressSequentially('zz-nothing');
  await until('no rows', async () => ((await counts()) === '0 of 12 records' ? true : undefined));
  assert.deepEqual(await tableRows(), []);
  await box.press('Control+A');
  await box.press('Backspace');
  await until('all rows again', async () => ((await counts()) === '12 records' ? true : undefined));
  assert.deepEqual((await rowsDrawn(12)).map((r) => r.slice(0, 2).concat(r[3])), seeded.map((_, i) => seededRow(i)));
  await wb.screenshot('recordsViewerActions-filter');
});

test('the detail pane\'s copy buttons put exactly the key, the value or the record on the clipboard', async () => {
  // The viewer of the previous test, all 12 rows: open record 4 (binary value, a header) and record 5.
  const clipboard = () => wb.page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  const notice = viewer().locator('.statusline .notice');
  /** Clicks a copy button and waits for the extension's "Copied …" notice, then reads the clipboard. */
  async function copy(label: string, noticeText: string): Promise<string> {
    await wb.page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText('(before the copy)'));
    await viewer().locator('.notice').evaluate((e) => (e.textContent = ''));
    await viewer().locator('.detail button', { hasText: label }).click();
    await until(`the notice "${noticeText}"`, async () => ((await notice.textContent()) === noticeText ? true : undefined));
    return until('the copied text on the clipboard', async () => {
      const text = await clipboard();
      return text === '(before the copy)' ? undefined : text;
    });
  }
  const rows = viewer().locator('.viewport .row:not(.loading)');
  await rows.and(viewer().locator('[data-row="5"]')).click(); // record 5: partition 1 offset 2
  const title = viewer().locator('.detail .detail-title strong');
  await until('the detail of record 5', async () => ((await title.textContent().catch(() => '')) === `${topic} · partition 1 · offset 2` ? true : undefined));
  assert.equal(await copy('Copy key', 'Copied the key.'), 'customer-1');
  assert.equal(await copy('Copy value', 'Copied the value.'), JSON.stringify({ order: 5, note: 'paid' }));
  const record = await copy('Copy record', 'Copied the record as JSON.');
  assert.ok(!record.includes('\n'), 'one JSON line');
  assert.deepEqual(JSON.parse(record), {
    partition: 1, offset: 2, timestamp: seeded[5].timestamp, time: new Date(seeded[5].timestamp).toISOString(),
    key: 'customer-1', value: { order: 5, note: 'paid' }, headers: {},
  });

  // Record 4: partition 0 offset 2, a binary value (copied as base64) and a header.
  await rows.and(viewer().locator('[data-row="4"]')).click();
  await until('the detail of record 4', async () => ((await title.textContent().catch(() => '')) === `${topic} · partition 0 · offset 2` ? true : undefined));
  assert.equal(await copy('Copy key', 'Copied the key.'), 'customer-0');
  assert.equal(await copy('Copy value', 'Copied the value.'), BINARY.toString('base64'));
  const binaryRecord = JSON.parse(await copy('Copy record', 'Copied the record as JSON.')) as Record<string, unknown>;
  assert.deepEqual({ offset: binaryRecord.offset, key: binaryRecord.key, headers: binaryRecord.headers }, { offset: 2, key: 'customer-0', headers: { trace: 't-4' } });
  assert.deepEqual(binaryRecord.value, { base64: BINARY.toString('base64') });
  await wb.screenshot('recordsViewerActions-copy');
});

test('a 1.5 MB value shows truncated with "Show all"; Show all shows its end; the editor still answers', async () => {
  await replayAll(bigValueTopic, 'one', 1);
  await viewer().locator('.viewport .row:not(.loading)').first().click();
  const value = viewer().locator('.detail pre.value');
  await value.waitFor({ timeout: 30_000 });
  const warning = viewer().locator('.detail .warning');
  assert.equal(await warning.textContent(), 'Value of 1.5 MB: the first 1.0 MB is shown. ');
  const shown = await value.evaluate((e, marker) => ({ length: e.textContent?.length ?? 0, marker: e.textContent?.includes(marker) ?? false }), MARKER);
  assert.deepEqual(shown, { length: MiB, marker: false }, 'the first MiB only, without the end');

  await viewer().locator('.detail button', { hasText: 'Show all' }).click();
  const whole = await until('the whole value', async () => {
    const r = await value.evaluate((e, marker) => ({ length: e.textContent?.length ?? 0, end: e.textContent?.includes(`"end": "${marker}"`) ?? false }), MARKER);
    return r.end ? r : undefined;
  }, 60_000);
  assert.ok(whole.length > BIG_VALUE.length, `the whole value, pretty-printed (${whole.length} characters)`);
  assert.equal(await warning.count(), 0, 'no truncation note any more');
  assert.equal(await viewer().locator('.detail button', { hasText: 'Show all' }).count(), 0);

  // Responsive, by events: the page takes a filter round trip through the extension, and the
  // workbench opens its command palette.
  const box = viewer().locator('input.filter');
  await box.fill('no-such-text');
  await until('the page and the extension answer', async () => ((await counts()) === '0 of 1 record' ? true : undefined));
  await box.fill('');
  await until('the row back', async () => ((await counts()) === '1 record' ? true : undefined));
  await wb.page.locator(selectors.workbench).click({ position: { x: 700, y: 5 } });
  await wb.page.keyboard.press('F1');
  await wb.page.locator(selectors.quickInputBox).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.page.keyboard.press('Escape');
  await wb.screenshot('recordsViewerActions-show-all');
});

test('a search cancelled from its progress notification says it was cancelled and how far it got; no group', async () => {
  const groupsBefore = await groupIds();
  await wb.runCommand('Event Broker: Search Records…');
  await wb.typeAndPick(manyTopic);
  await answerPrompt(`Search ${manyTopic}`, 'where:value.items.exists(x, x > 1000)'); // matches nothing: the search looks at every record
  // The progress notification, once it has scanned something, then its Cancel button.
  const toast = wb.page.locator(selectors.notification).filter({ hasText: 'Searching' }).filter({ hasText: /scanned [1-9]\d* records/ });
  await toast.first().waitFor({ timeout: 60_000 });
  await toast.first().hover(); // the toast's buttons are drawn on it; hovering keeps it from hiding
  await toast.first().locator('.monaco-button', { hasText: 'Cancel' }).click();

  const summary = await until('the cancelled search\'s viewer', async () => {
    const s = (await viewer().locator('.summary').textContent().catch(() => '')) ?? '';
    return s.includes('cancelled') ? s : undefined;
  }, 60_000);
  const m = /^scanned (\d+) records in 1 partition, 0 matches; stopped because it was cancelled$/.exec(summary);
  assert.ok(m, `the summary says so: ${summary}`);
  const scanned = Number(m[1]);
  assert.ok(scanned > 0 && scanned < MANY, `how far it got: ${scanned} of ${MANY}`);
  assert.equal(await counts(), '0 records', 'nothing half-done: no records in the viewer');
  assert.equal(await wb.page.locator(selectors.notification).filter({ hasText: 'Searching' }).count(), 0, 'the progress is gone');
  assert.deepEqual(await groupIds(), groupsBefore, 'the search joined no group');
  await wb.screenshot('recordsViewerActions-cancelled');

  // Where it stopped is kept: Load more reads on from there to the end, nothing skipped or read twice.
  await viewer().locator('button', { hasText: 'Load more' }).click();
  const resumed = await until('the search read on to the end', async () => {
    const s = (await viewer().locator('.summary').textContent().catch(() => '')) ?? '';
    return s.includes('end of the partition') ? s : undefined;
  }, 120_000);
  assert.equal(resumed, `scanned ${MANY} records in 1 partition, 0 matches; stopped because it reached the end of the partition`);
  assert.deepEqual(await groupIds(), groupsBefore, 'still no group');
});

/**
 * Answers the input box titled `title` once it is the one on screen: typed into the box before it
 * has replaced the previous prompt, the answer can go to that prompt or be overwritten by the
 * default value.
 */
async function answerPrompt(title: string, text: string): Promise<void> {
  await wb.page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 30_000 });
  await wb.answerQuickInput(text);
}

