// The tree in a 300-px sidebar, in a real browser: the text a person reads first on each row — the
// connection's variable and address, a topic's summary, a partition's offsets, a group's lag and a
// group partition's lag and committed offset — is on screen, not behind an ellipsis. The sidebar
// is dragged to 300 px by its sash, as a person would; the screenshot is test-artifacts/e2e/tree-300px.png.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';
import { dragSidebarTo, expectShown as expectShownOn } from './sidebarWidth';
import { applicationKafka, openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

const SIDEBAR_PX = 300;
let wb: Workbench;
let session: KafkaSession;
let topic: string;
let group: string;

before(async () => {
  session = openSession();
  const written = Date.now() - 3 * 60_000;
  topic = await topicWith(session, 'orders-narrow-sidebar', 3, Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, value: `{"n":${i}}`, partition: i % 3, timestamp: written })));
  // Sorted first among the broker's groups, so its rows are on screen without scrolling; as short
  // as a service's name (a long id pushes the lag off its row: the tooltip has it).
  group = `aaa-${randomBytes(3).toString('hex')}`;
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    await admin.setOffsets({ groupId: group, topic, partitions: [{ partition: 0, offset: '1' }, { partition: 1, offset: '4' }, { partition: 2, offset: '4' }] });
  } finally {
    await admin.disconnect();
  }
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('narrow-final');
  await session?.close();
});

test('at 300 px the numbers a person reads first are on screen, not cut off', async () => {
  await wb.openView('Event Broker');
  const width = await dragSidebarTo(wb.page, SIDEBAR_PX);
  assert.ok(Math.abs(width - SIDEBAR_PX) <= 2, `the sidebar is ${width} px`);
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1)); // the folder shows the filter, and must not match the topic's row
  await wb.expandRow('Topics (');
  await wb.expandRow(topic);
  await wb.waitForRow('Partition 2');
  await wb.expandRow('Consumer Groups (');
  await wb.expandRow(group);
  await wb.waitForRow('p0 · lag≈ 3');
  await wb.waitForRow('2 partitions caught up');
  await wb.waitForRow('lag ≈3 ·'); // the group row's lag, which arrives after the listing

  const bootstrap = process.env.KAFKA_BOOTSTRAP!;
  // [row, what must be fully visible on it]
  await expectShown(width, 'tree-300px', [
    ['KAFKA_BOOTSTRAP', 'KAFKA_BOOTSTRAP'],
    ['KAFKA_BOOTSTRAP', bootstrap],
    ['≈12 records', '≈12 records'],
    ['≈12 records', '0 empty'],
    ['Partition 0', '0…4≈'],
    [group, group],
    [group, 'lag ≈3'],
    // The label: partition, offset lag, time lag ("3 min behind").
    ['p0 · lag≈ 3', 'p0 · lag≈ 3 ·'],
    ['p0 · lag≈ 3', 'min behind'],
    ['2 partitions caught up', '2 partitions caught up'],
  ]);
  // Wider, the offsets follow (before, the topic led them and "committed 11 · e…" was cut at 560 px).
  const wider = await dragSidebarTo(wb.page, 560);
  await expectShown(wider, 'tree-560px', [['p0 · lag≈ 3', 'committed 1 · end≈ 4']]);
});

function expectShown(width: number, screenshot: string, musts: [string, string][]): Promise<void> {
  return expectShownOn(wb.page, width, () => wb.screenshot(screenshot), musts);
}
