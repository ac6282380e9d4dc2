// End to end in a real browser: Reset Offsets… from a group's context menu in the tree, the real
// quick picks, the plan in the real modal, Commit Offsets clicked, and the new committed offsets
// and lag in the tree. Screenshots land in test-artifacts/e2e.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { until, Workbench } from './harness';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan } from '../../src/core/offsetReset/commitPlan';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;
const group = uniqueName('e2e-reset');

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'e2e-reset', 2, Array.from({ length: 8 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
  // An Empty group that has read 3 of the 4 records of each partition.
  await commitPlan(session, await planReset(session, { group, scope: [{ topic }], target: { kind: 'offset', offset: 3 }, profile: 'kafka' }));
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('reset-offsets-final');
  await session?.close();
});

test('Reset Offsets… from the tree: the plan in a modal whose focused button keeps the offsets (so does Escape), then the new offsets and lag in the tree', async () => {
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.expandRow('Consumer Groups (');
  const row = await wb.waitForRow(group);
  const askForEarliest = async () => {
    await wb.contextMenu(row, 'Reset Offsets…');
    await wb.pickQuickInput('Earliest');
    await wb.typeAndPick(topic);
    await wb.waitForRowInQuickPick('Partition 1');
    await wb.answerQuickInput(''); // both partitions are picked already: accept
    return wb.modalText();
  };
  // The harmless button has the focus (Enter keeps the offsets); Escape answers Cancel: the second
  // modal still plans 3 → 0, so nothing was committed.
  await askForEarliest();
  const buttons = await wb.modalButtons();
  assert.deepEqual([...buttons.labels].sort(), ['Cancel', 'Commit Offsets', 'Keep Offsets'], buttons.labels.join(' | '));
  assert.equal(buttons.focused, 'Keep Offsets', `the focused button changes nothing: ${buttons.labels.join(' | ')}`);
  console.log(`reset modal buttons: ${buttons.labels.join(' | ')}; focused: ${buttons.focused}`);
  await wb.screenshot('reset-offsets-modal');
  await wb.escapeModal();
  const modal = await askForEarliest();
  assert.ok(modal.includes(`Commit new offsets for consumer group ${group}`), modal);
  for (const p of [0, 1]) assert.ok(modal.includes(`${topic} / ${p}: 3 → 0 (re-reads 3)`), modal);
  await wb.modalButton('Commit Offsets');
  await until('the commit', async () => ((await describeGroup(session, group)).offsets.every((o) => o.committed === 0) ? true : undefined));
  await wb.expandRow(group);
  await wb.waitForRow(`committed 0 · end≈ 4 · ${topic}`);
  const rows = await until('the tree to show the new offsets', async () => {
    const all = await wb.treeRows('Explorer');
    return [0, 1].every((p) => all.some((r) => r.startsWith(`p${p} · lag≈ 4`) && r.includes(`committed 0 · end≈ 4 · ${topic}`))) ? all : undefined;
  });
  assert.ok(rows.some((r) => r.startsWith(group) && r.includes('Empty')), rows.join(' | '));
  await wb.screenshot('reset-offsets-tree');
});
