// End to end in a real browser: the records viewer as the search form (issue 24, items 4 and 7).
// A replay's viewer is open; a person types a search into its bar (a wrong time first, which gets
// its sentence under the field), runs it, sees the core's summary and the matches, presses Load
// more until every partition is at its end — the header still says what is shown and from when
// (local time and UTC) — and Load more is then disabled and no longer the blue button.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { until, Workbench } from './harness';
import { drawnRows, viewerCounts, viewerFrame } from './recordsViewerPage';
import { openSession, topicWith, groupIds } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;
const base = Date.now() - 60 * 60_000;
// 12 records on 3 partitions, one a minute; customer-1 has records 1, 5 and 9, one in each partition.
const seeded = Array.from({ length: 12 }, (_, i) => ({
  key: `customer-${i % 4}`,
  value: JSON.stringify({ order: i }),
  partition: i % 3,
  timestamp: base + i * 60_000,
}));

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'search-bar', 3, seeded);
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('recordsViewerSearch-final');
  await session?.close();
});

const viewer = (): FrameLocator => viewerFrame(wb);
const text = async (selector: string): Promise<string> => (await viewer().locator(selector).textContent().catch(() => '')) ?? '';
const loadMore = () => viewer().locator('button', { hasText: 'Load more' });

test('a search typed in the bar runs in place; Load more goes on to the end; the header keeps the start; Load more is then disabled', async () => {
  await wb.openView('Event Broker');
  await wb.waitForRow('KAFKA_BOOTSTRAP');
  await wb.runCommand('Event Broker: Replay Topic…');
  await wb.typeAndPick(topic);
  await wb.pickQuickInput('Beginning'); // and no record limit: the viewer reads the default (1000)
  await until('the replay viewer with 12 records', async () => ((await viewerCounts(wb)) === '12 records' ? true : undefined), 60_000);
  assert.equal(await text('.header .scope'), `${topic} · partitions 0, 1, 2`);
  assert.equal(await text('.header .start'), 'From the beginning (p0@0 p1@0 p2@0)');
  const groupsBefore = await groupIds();

  // A time that is not one: its sentence under the From field, nothing read.
  const from = new Date(seeded[0].timestamp).toISOString();
  await viewer().locator('input.search-key').pressSequentially('customer-1');
  await viewer().locator('input.search-from').pressSequentially('soon');
  await viewer().locator('input.search-maxMatches').fill('1');
  await viewer().locator('input.search-from').press('Enter');
  const problem = await until('the From field\'s sentence', async () => {
    const t = await text('.problem-from');
    return t !== '' ? t : undefined;
  });
  assert.match(problem, /^"soon" is not a time: use ISO 8601 \(2026-11-30T10:00:00Z\), epoch milliseconds, or relative to now/);
  assert.equal(await viewerCounts(wb), '12 records', 'the replay stays: nothing was read');
  await wb.screenshot('recordsViewerSearch-bad-from');

  // Fixed, and run with the button: one match a read (Max matches 1).
  await viewer().locator('input.search-from').fill(from);
  await viewer().locator('.search-bar button', { hasText: 'Run' }).click();
  await until('the first match', async () => ((await viewerCounts(wb)) === '1 record' && (await text('.summary')).startsWith('scanned') ? true : undefined), 60_000);
  assert.match(await text('.summary'), /^scanned \d+ records in 3 partitions, 1 match; stopped because it found 1 match \(the limit asked\); Load more goes on$/);
  assert.equal(await text('.problem-from'), '', 'the sentence is gone');
  const scope = `${topic} · all partitions · key customer-1`;
  const startShown = await text('.header .start');
  assert.match(startShown, new RegExp(`^From \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} local · ${from.replace(/[.]/g, '\\.')} UTC$`));
  assert.equal(await text('.header .scope'), scope);
  await wb.screenshot('recordsViewerSearch-first-match');

  for (const count of ['2 records', '3 records']) {
    await loadMore().click();
    await until(`${count} after Load more`, async () => ((await viewerCounts(wb)) === count && !(await loadMore().isDisabled()) ? true : undefined), 60_000);
    assert.equal(await text('.header .start'), startShown, 'the header keeps the resolved start');
    assert.equal(await text('.header .scope'), scope, 'and the scope');
  }
  // The third load stopped at its one match; the next one reads on to the end of every partition.
  await loadMore().click();
  await until('the end of every partition', async () => ((await text('.summary')).endsWith('stopped because it reached the end of every partition') ? true : undefined), 60_000);
  assert.equal(await text('.summary'), 'scanned 12 records in 3 partitions, 3 matches; stopped because it reached the end of every partition');
  const rows = await drawnRows(wb);
  assert.deepEqual(rows.map((r) => [r[0], r[1], r[3], r[4]]), [
    ['1', '0', 'customer-1', '{"order":1}'],
    ['2', '1', 'customer-1', '{"order":5}'],
    ['0', '3', 'customer-1', '{"order":9}'],
  ]);
  assert.equal(await text('.header .start'), startShown);
  assert.equal(await text('.header .scope'), scope);
  assert.equal(await loadMore().isDisabled(), true, 'Load more is disabled at the end');
  const colours = await viewer().locator('.toolbar button').evaluateAll((buttons) =>
    (buttons as unknown as { textContent: string; ownerDocument: { defaultView: { getComputedStyle(e: unknown): { backgroundColor: string } } } }[]).map((b) => [b.textContent, b.ownerDocument.defaultView.getComputedStyle(b).backgroundColor]),
  );
  const run = await viewer().locator('.search-bar button', { hasText: 'Run' }).evaluate((b) => (b as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { backgroundColor: string } } } }).ownerDocument.defaultView.getComputedStyle(b).backgroundColor);
  const loadMoreColour = colours.find(([label]) => label === 'Load more')?.[1];
  assert.ok(loadMoreColour && loadMoreColour !== run, `Load more is not the blue button (${loadMoreColour} vs Run's ${run})`);
  assert.deepEqual(await groupIds(), groupsBefore, 'the search joined no group');
  await wb.screenshot('recordsViewerSearch-end');
});
