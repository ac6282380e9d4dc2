// End to end in a real browser (issue 22): a topic created from the palette through the real input
// boxes and modal, its Configuration row, and Delete Topic… from the context menu, whose modal's
// focused button keeps the topic. Screenshots land in test-artifacts/e2e.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { until, Workbench } from './harness';
import { openSession, uniqueName } from '../support/kafkaFixtures';
import { listTopics } from '../../src/core/topics/listTopics';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
const topic = uniqueName('e2e-created');

before(async () => {
  session = openSession();
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('topic-admin-final');
  await session?.close();
});

const topicNames = async () => (await listTopics(session)).map((t) => t.name);

test('Create Topic… from the palette: the answers, then the plan in the modal, then the new row', async () => {
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.runCommand('Event Broker: Create Topic…');
  await wb.answerQuickInput(topic);
  await wb.answerQuickInput('3');
  await wb.answerQuickInput('');
  await wb.answerQuickInput('3600000');
  await wb.answerQuickInput('cleanup.policy=compact');
  const modal = await wb.modalText();
  assert.match(modal, new RegExp(`Create topic ${topic} on KAFKA_BOOTSTRAP`));
  assert.match(modal, /partitions:\s+3/);
  assert.match(modal, /retention\.ms=3600000/);
  await wb.screenshot('create-topic-modal');
  await wb.modalButton('Create Topic');
  await until('the topic on the broker', async () => ((await topicNames()).includes(topic) ? true : undefined));
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1)); // the folder shows the filter, and must not match the topic's row
  await wb.expandRow('Topics (');
  await wb.expandRow(topic);
  await wb.expandRow('Configuration');
  await wb.waitForRow('retention.ms');
  // The Configuration row counts the topic's own settings once they are read, in a redraw that VS
  // Code may hold back: it passes tree changes on at once, then those of the next 200 ms together
  // (ExtHostTreeView's debounce), so one that follows the summary row's newest record time waits.
  const rows = await until('the Configuration row counting the settings', async () => {
    const now = await wb.treeRows('Explorer');
    return now.some((r) => r.startsWith('Configuration') && r.includes('2 set on the topic')) ? now : undefined;
  }).catch(async () => assert.fail((await wb.treeRows('Explorer')).join(' | ')));
  assert.ok(rows.some((r) => r.startsWith('cleanup.policy') && r.includes('compact · topic')), rows.join(' | '));
  await wb.screenshot('topic-configuration');
});

test('Delete Topic… from the context menu: the modal names the topic and the groups; its first button keeps it', async () => {
  const row = await wb.waitForRow(topic);
  await wb.contextMenu(row, 'Delete Topic…');
  const modal = await wb.modalText();
  assert.match(modal, new RegExp(`Delete topic ${topic} on KAFKA_BOOTSTRAP`));
  assert.match(modal, /Deleting a topic also deletes every group's committed offsets for it/);
  assert.match(modal, /no group has committed offsets on it/);
  await wb.screenshot('delete-topic-modal');
  await wb.modalButton('Keep Topic');
  assert.ok((await topicNames()).includes(topic), 'kept');
});
