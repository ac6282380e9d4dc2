// End to end in a real browser: Watch Lag from a group's context menu in the tree; the chart panel
// (a webview: its page is read inside its iframes) shows the group's partitions, their offset and
// time lag and the trend in words, while a consumer working from outside brings the lag down; the
// status-bar item shows the time lag on the warning background, and goes when the panel closes.
// Screenshots land in test-artifacts/e2e (lag-chart.png is the README's picture).
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { until, Workbench } from './harness';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;
const group = uniqueName('billing');
/** 200 records per partition, written one every 6 s over the last 20 minutes. */
const PER_PARTITION = 200;
const start = Date.now() - PER_PARTITION * 6000;
/** Where the group stands on p0 and p1: p1 further back, catching up faster. */
const committed = [40, 10];
const pace = [2, 3];
let catchingUp: NodeJS.Timeout | undefined;

async function commitBoth(): Promise<void> {
  await session.cluster().commitOffsets(group, committed.map((offset, partition) => ({ topic, partition, offset })));
}

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'orders-lag', 2, Array.from({ length: 2 * PER_PARTITION }, (_, i) => ({ value: JSON.stringify({ order: i }), partition: i % 2, timestamp: start + Math.floor(i / 2) * 6000 })));
  await commitBoth();
  wb = await Workbench.open({
    env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP },
    settings: { 'eventBroker.lag.watchIntervalSeconds': 1, 'eventBroker.lag.warningSeconds': 300, 'workbench.colorTheme': 'Default Dark Modern' },
  });
});

after(async () => {
  clearInterval(catchingUp);
  await wb?.close('lag-chart-final');
  await session?.close();
});

/** The Watch Lag page: VS Code puts a webview in an iframe, and its page in another inside it. */
function lagPage(): FrameLocator {
  return wb.page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
}

test('Watch Lag from the tree: the chart panel shows the partitions and the trend; the status bar shows the time lag', async () => {
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.expandRow('Consumer Groups (');
  const row = await wb.waitForRow(group);
  // The row shows the worst time lag beside the offset lag before it is expanded.
  await until('the time lag on the group row', async () => ((await row.innerText()).includes('min behind') ? true : undefined));
  await wb.contextMenu(row, 'Watch Lag');

  // A consumer catches up from outside the editor: 2 and 3 records a second on p0 and p1.
  catchingUp = setInterval(() => {
    committed.forEach((offset, p) => (committed[p] = Math.min(PER_PARTITION, offset + pace[p])));
    void commitBoth().catch(() => undefined);
  }, 1000);

  const page = lagPage();
  await page.locator('#partitions tbody tr').nth(1).waitFor({ timeout: 60_000 });
  const trend = await until('the trend in words', async () => {
    const text = (await page.locator('#trend').textContent()) ?? '';
    return /falling ~[\d,.]+ records\/s, clears in ~/.test(text) ? text : undefined;
  }, 60_000);
  assert.match(trend, /^Trend: falling/);
  const cells = (await page.locator('#partitions tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  assert.equal(cells.length, 2, cells.join(' | '));
  assert.match(cells[0], new RegExp(`^${topic} p0 \\d+ ${PER_PARTITION} ≈ \\d+ \\d+ min behind`));
  assert.match(cells[1], new RegExp(`^${topic} p1 `));
  assert.deepEqual(await page.locator('#legend li').allInnerTexts(), [`${topic} p0`, `${topic} p1`]);
  assert.match((await page.locator('#current-time-lag').textContent()) ?? '', /^Time lag: \d+ min behind$/);
  assert.ok((await page.locator('#offset-lag-chart polyline').count()) >= 2, 'a line per partition');
  assert.equal(await page.locator('#error').isVisible(), false);

  const status = wb.page.locator('.statusbar-item').filter({ hasText: `${group}:` }).first();
  await status.waitFor({ timeout: 30_000 });
  assert.match(await status.innerText(), new RegExp(`${group}: \\d+ min behind`));
  // Above eventBroker.lag.warningSeconds (5 min) the item is on the warning background.
  await until('the warning background', async () => ((await status.getAttribute('class'))?.includes('warning-kind') ? true : undefined));
  // Enough samples for the lines to show their slope (the README's picture).
  await until('two dozen samples on the chart', async () => {
    const points = (await page.locator('#offset-lag-chart polyline').first().getAttribute('points')) ?? '';
    return points.trim().split(/\s+/).length >= 24 ? true : undefined;
  }, 120_000);
  await wb.screenshot('lag-chart');

  // Closing the panel ends the watch: its status-bar item goes.
  await wb.runCommand('View: Close Editor');
  await status.waitFor({ state: 'detached', timeout: 30_000 });
  await wb.screenshot('lag-chart-closed');
});
