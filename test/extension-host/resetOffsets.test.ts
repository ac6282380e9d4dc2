// Reset Offsets…, Save Offsets Snapshot… and Restore Offsets… in the real extension host against
// the live broker: the modal lists exactly the plan, the commit lands, the tree shows it; an active
// group is refused; a declined modal commits nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, topicWith, liveConsumer, uniqueName } from '../support/kafkaFixtures';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan, type ResetResult } from '../../src/core/offsetReset/commitPlan';
import type { KafkaSession } from '../../src/core/session';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';

suite('offset reset commands', () => {
  let session: KafkaSession;
  let topic: string;
  let dir: string;

  suiteSetup(async () => {
    session = openSession();
    dir = mkdtempSync(join(tmpdir(), 'ebx-offsets-host-'));
    topic = await topicWith(session, 'host-reset', 2, Array.from({ length: 12 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
  });
  suiteTeardown(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A group that committed `offset` on both partitions and has no members. */
  async function emptyGroup(prefix: string, offset: number): Promise<string> {
    const group = uniqueName(prefix);
    await commitPlan(session, await planReset(session, { group, scope: [{ topic }], target: { kind: 'offset', offset }, profile: 'kafka' }));
    return group;
  }

  async function groupRow(groupId: string) {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const folder = await findRow(api, connection.node, /^Consumer Groups/);
    await vscode.commands.executeCommand('eventBroker.refresh', folder.node);
    return { api, row: await until(`the row of ${groupId}`, async () => (await rows(api, folder.node)).find((r) => r.label === groupId)) };
  }

  const committed = async (groupId: string) => (await describeGroup(session, groupId)).offsets.map((o) => o.committed);

  test('Reset Offsets… on an Empty group: the modal lists the plan, the commit lands, the tree shows it', async () => {
    const group = await emptyGroup('host-reset', 5);
    const { api, row } = await groupRow(group);
    assert.equal(row.contextValue, 'group.empty');
    const prompter = new ScriptedPrompter([{ pick: 'An offset…' }, { input: '2' }, { pick: topic }, { pickMany: 'all' }, { confirm: true }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ResetResult>('eventBroker.resetOffsets', row.node));
    const modal = prompter.asked.find((a) => a.kind === 'confirm')!;
    assert.equal(modal.message, `Commit new offsets for consumer group ${group} on KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP}) (2 partitions)?`);
    assert.deepEqual(modal.detail!.split('\n'), [`${topic} / 0: 5 → 2 (re-reads 3)`, `${topic} / 1: 5 → 2 (re-reads 3)`]);
    assert.equal(modal.safeDefault, 'Keep Offsets', 'the modal focuses a button that commits nothing');
    assert.deepEqual(result.partitions.map((p) => [p.partition, p.target, p.result]), [[0, 2, 'committed'], [1, 2, 'committed']]);
    assert.deepEqual(await committed(group), [2, 2]);
    const { row: after } = await groupRow(group);
    const offsets = await rows(api, after.node);
    // The label ends with the time lag read at the committed offset (the records are a few seconds old).
    assert.deepEqual(offsets.map((o) => [o.label.replace(/ · [^·]+ behind$/, ' · … behind'), o.description]), [0, 1].map((p) => [`p${p} · lag≈ 4 · … behind`, `${topic} · committed 2 · end≈ 6`]));
  });

  test('a clamped target says so in the modal; declining commits nothing', async () => {
    const group = await emptyGroup('host-decline', 4);
    const { api, row } = await groupRow(group);
    const prompter = new ScriptedPrompter([{ pick: 'Shift by…' }, { input: '100' }, { pick: topic }, { pickMany: [`Partition 1`] }, { confirm: false }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ResetResult | undefined>('eventBroker.resetOffsets', row.node));
    assert.equal(result, undefined);
    assert.deepEqual(prompter.asked.find((a) => a.kind === 'confirm')!.detail!.split('\n'), [
      `${topic} / 1: 4 → 6≈ (skips ≈2) — 104 is outside 0…6≈: moved to the end (6≈)`,
      '',
      '≈: the end offset a broker reports can trail the newest events (on VAST by up to a minute).',
    ]);
    assert.deepEqual(await committed(group), [4, 4]);
  });

  test('from the palette, a group with members is refused and keeps its offsets', async () => {
    const api = await extensionApi();
    const group = uniqueName('host-active');
    const consumer = await liveConsumer(group, topic, 3);
    try {
      const before = await committed(group);
      const prompter = new ScriptedPrompter([{ pick: group }, { pick: 'Earliest' }, { pick: topic }, { pickMany: 'all' }]);
      const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ResetResult | undefined>('eventBroker.resetOffsets'));
      assert.equal(result, undefined, 'refused: no result');
      assert.equal(prompter.answersLeft, 0);
      assert.ok(!prompter.asked.some((a) => a.kind === 'confirm'), 'no modal for a plan that cannot be made');
      assert.deepEqual(await committed(group), before);
    } finally {
      await consumer.disconnect();
    }
  });

  test('Save Offsets Snapshot… then Restore Offsets… into another group by offset', async () => {
    const group = await emptyGroup('host-save', 3);
    const { api, row } = await groupRow(group);
    const file = join(dir, `${group}.offsets.json`);
    const saved = await withPrompter(api, new ScriptedPrompter([{ input: file }]), () => vscode.commands.executeCommand<string>('eventBroker.saveOffsetsSnapshot', row.node));
    assert.equal(saved, file);
    const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { format: string; group: string; partitions: { committed: number }[] };
    assert.deepEqual([snapshot.format, snapshot.group, snapshot.partitions.map((p) => p.committed)], ['ebx-offsets/1', group, [3, 3]]);
    const copy = uniqueName('host-copy');
    const prompter = new ScriptedPrompter([{ input: file }, { input: copy }, { pick: 'By offset' }, { confirm: true }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ResetResult>('eventBroker.restoreOffsets'));
    assert.deepEqual(prompter.asked.find((a) => a.kind === 'confirm')!.detail!.split('\n').slice(0, 2), [`${topic} / 0: none → 3 (no commit before)`, `${topic} / 1: none → 3 (no commit before)`]);
    assert.deepEqual(result.partitions.map((p) => p.result), ['committed', 'committed']);
    assert.deepEqual(await committed(copy), [3, 3]);
  });
});
