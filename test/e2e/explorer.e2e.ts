// End to end in a real browser: the packaged extension in code-server, driven through Chromium the
// way a person uses it — the tree, a tail from the palette, a replay from a time, an idle-group
// cleanup through the real modal, and a settings warning. Screenshots land in test-artifacts/e2e.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Consumer } from 'kafkajs';
import { until, Workbench } from './harness';
import { liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import { listGroups } from '../../src/core/groups/listGroups';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;
let busyGroup: string;
let idleGroup: string;
let consumer: Consumer;
const base = Date.now() - 60 * 60_000;

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'orders', 3, Array.from({ length: 12 }, (_, i) => ({ key: `order-${i}`, value: JSON.stringify({ order: i }), partition: i % 3, timestamp: base + i * 60_000 })));
  busyGroup = uniqueName('billing');
  idleGroup = uniqueName('idle-e2e');
  await (await liveConsumer(idleGroup, topic, 1)).disconnect();
  consumer = await liveConsumer(busyGroup, topic, 12);
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('final');
  await consumer?.disconnect();
  await session?.close();
});

test('the Event Broker view shows the connection, topics, partitions and groups', async () => {
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  // The test broker holds every earlier test's topics: narrow the list the way a user would.
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1)); // the folder shows the filter, and must not match the topic's row
  await wb.expandRow('Topics (');
  await wb.expandRow(topic);
  await wb.waitForRow('Partition 2');
  await wb.expandRow('Consumer Groups (');
  await wb.expandRow(busyGroup);
  // The group read everything: its three partitions are folded into one row.
  await wb.expandRow('3 partitions caught up');
  await wb.waitForRow('p2 · lag≈');
  const rows = await wb.treeRows('Explorer');
  const partitionRow = rows.find((r) => r.startsWith('Partition 0'));
  assert.match(partitionRow ?? "", /^Partition 0\s*0…4≈ · leader \d+$/); // label and description are separate elements
  assert.ok(rows.some((r) => /^Consumer Groups \(\d+\/256\)/.test(r)), rows.join(' | '));
  assert.ok(rows.some((r) => r.startsWith(busyGroup) && r.includes('Stable · 1 member')), rows.join(' | '));
  // Partition and lag lead a group's offset rows, so a narrow sidebar still shows them.
  assert.ok(rows.some((r) => r.startsWith('p0 · lag≈ 0') && r.includes(`committed 4 · end≈ 4 · ${topic}`)), rows.join(' | '));
  await wb.screenshot('tree');
});

test('Tail Topic… from the palette shows new records in the output panel', async () => {
  await wb.runCommand('Event Broker: Tail Topic…');
  await wb.typeAndPick(topic);
  const header = await until('the tail header', async () => {
    // The panel wraps long lines: join them back before matching.
    const text = (await wb.outputPanelText()).replace(/\n/g, '');
    return text.includes(`tailing ${topic}`) ? text : undefined;
  });
  assert.match(header, /no consumer group, nothing committed/);
  const producing = setInterval(() => void produce(session, topic, [{ key: 'live', value: `live event ${Date.now()}` }]).catch(() => undefined), 300);
  try {
    const text = await until('live records in the panel', async () => {
      const t = (await wb.outputPanelText()).replace(/\n/g, '');
      return (t.match(/live event/g) ?? []).length >= 3 ? t : undefined;
    });
    assert.match(text, /\[p\d @\d+ \d{4}-\d\d-\d\dT[^\]]+\] key=live value=live event \d+/);
    await wb.screenshot('tail');
  } finally {
    clearInterval(producing);
  }
  await wb.runCommand('Event Broker: Stop Tail');
  await until('the stop line', async () => ((await wb.outputPanelText()).includes('tail stopped after') ? true : undefined));
});

test('Replay Partition… from a time opens the records from the offset it resolved to', async () => {
  await wb.runCommand('Event Broker: Replay Partition…');
  await wb.typeAndPick(topic);
  await wb.pickQuickInput('Partition 0');
  await wb.pickQuickInput('Time…');
  // Partition 0 holds orders 0, 3, 6, 9 (one a minute apart): from order 5's time, the first is order 6 at offset 2.
  await wb.answerQuickInput(new Date(base + 5 * 60_000).toISOString());
  // Replay opens the records viewer; its "Open as JSON Lines" opens the document checked here.
  const viewerPage = wb.page.locator('iframe.webview.ready').last().contentFrame().locator('iframe#active-frame').contentFrame();
  await viewerPage.locator('button', { hasText: 'Open as JSON Lines' }).click({ timeout: 60_000 });
  const editor = wb.page.locator('.editor-instance .view-lines');
  await until('the replay document', async () => ((await editor.first().innerText().catch(() => '')).includes('"offset":2') ? true : undefined), 60_000);
  const text = (await editor.first().innerText()).replace(/\u00a0/g, ' ');
  assert.match(text, /"partition":0,"offset":2,"timestamp":\d+,"time":"\d{4}-[^"]+Z","key":"order-6","value":\{"order":6\}/);
  assert.doesNotMatch(text, /"offset":1,/);
  await wb.screenshot('replay');
});

test('Delete Idle Consumer Groups… lists the groups in a modal and deletes only them', async () => {
  await wb.runCommand('Event Broker: Delete Idle Consumer Groups…');
  await wb.answerQuickInput(idleGroup);
  await wb.waitForRowInQuickPick(idleGroup);
  await wb.answerQuickInput('');
  const modal = await wb.modalText();
  assert.match(modal, new RegExp(`Delete consumer group on KAFKA_BOOTSTRAP`));
  assert.ok(modal.includes(idleGroup), modal);
  assert.ok(!modal.includes(busyGroup), modal);
  await wb.screenshot('delete-idle-modal');
  await wb.modalButton('Delete');
  await until('the group to be gone', async () => ((await listGroups(session, 'vast')).groups.some((g) => g.groupId === idleGroup) ? undefined : true));
  assert.ok((await listGroups(session, 'vast')).groups.some((g) => g.groupId === busyGroup));
});

test('a client setting VAST ignores is flagged in the editor', async () => {
  fs.writeFileSync(path.join(wb.workspace, 'consumer.properties'), 'bootstrap.servers=vast:9092\ngroup.id=billing\npartition.assignment.strategy=cooperative-sticky\ngroup.instance.id=worker-1\n');
  await wb.openFile('consumer.properties');
  await wb.page.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
  await wb.runCommand('Event Broker: Check Client Settings');
  await wb.page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 30_000 });
  const problems = (await wb.page.locator('.markers-panel').innerText()).replace(/\s+/g, ' ');
  assert.match(problems, /group\.instance\.id/);
  await wb.screenshot('settings-warning');
});
