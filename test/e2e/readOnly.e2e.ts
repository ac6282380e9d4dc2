// End to end in a real browser: code-server started with EBX_READ_ONLY=1, so the environment's
// connection is read-only. The tree marks it, and the context menus a person opens on its group and
// its topic offer the read commands but none that changes the broker (the Consumer Groups folder
// then has no menu items at all; the extension-host test checks every row's context value).
// Screenshots (the open group menu) land in test-artifacts/e2e.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;
const group = uniqueName('e2e-ro');

/** Every changing command's menu title (package.json): none may show on a read-only connection. */
const CHANGING_TITLES = ['Delete Consumer Group', 'Delete Idle Consumer Groups…', 'Reset Offsets…', 'Restore Offsets…', 'Produce Test Event…'];

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'e2e-ro', 2, Array.from({ length: 4 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
  // An Empty group with commits: on a writable connection its menu offers Delete, Reset and Restore.
  await session.cluster().commitOffsets(group, [
    { topic, partition: 0, offset: 1 },
    { topic, partition: 1, offset: 1 },
  ]);
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP, EBX_READ_ONLY: '1' } });
});

after(async () => {
  await wb?.close('read-only-final');
  await session?.close();
});

/** Opens the context menu of `row` and returns its item titles once `expected` (a read command) is in it. */
async function menuTitles(label: string, expected: string): Promise<string[]> {
  const row = await wb.waitForRow(label);
  await row.click({ button: 'right' });
  const menu = wb.page.locator('.monaco-menu');
  await menu.locator('.action-item').filter({ hasText: expected }).first().waitFor({ timeout: 30_000 });
  return (await menu.locator('.action-item .action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

test('a read-only connection: marked in the tree, and its context menus offer no Delete, Reset, Restore or Produce', async () => {
  await wb.openView('Event Broker');
  const connection = await wb.waitForRow('KAFKA_BOOTSTRAP');
  assert.match((await connection.innerText()).replace(/\s+/g, ' '), /read-only/);
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.expandRow('Consumer Groups (');
  await wb.waitForRow(group);

  const groupMenu = await menuTitles(group, 'Save Offsets Snapshot…');
  await wb.screenshot('read-only-group-menu');
  await wb.page.keyboard.press('Escape');
  for (const title of CHANGING_TITLES) assert.ok(!groupMenu.includes(title), `the group menu offers ${title}: ${groupMenu.join(' | ')}`);

  // The test broker holds every earlier test's topics (136 in CI): narrow the list, as a user would.
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1));
  await wb.expandRow('Topics (');
  const topicMenu = await menuTitles(topic, 'Tail Topic…');
  await wb.page.keyboard.press('Escape');
  for (const title of CHANGING_TITLES) assert.ok(!topicMenu.includes(title), `the topic menu offers ${title}: ${topicMenu.join(' | ')}`);
  await wb.screenshot('read-only-tree');
});
