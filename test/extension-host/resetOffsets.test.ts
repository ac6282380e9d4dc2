// Reset Offsets…, Save Offsets Snapshot… and Restore Offsets… in the real extension host against
// the live broker: the modal lists exactly the plan, the commit lands, the tree shows it; an active
// group is refused; a declined modal commits nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, topicWith, liveConsumer, uniqueName } from '../support/kafkaFixtures';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { planReset } from '../../src/core/offsetReset/resetPlan';
import { commitPlan, type ResetResult } from '../../src/core/offsetReset/commitPlan';
import type { CommittedReset } from '../../src/extension/commands/commitResetPlan';
import type { CommandFailure } from '../../src/extension/runCommand';
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
    const prompter = new ScriptedPrompter([{ pick: 'An offset…' }, { pick: topic }, { pickMany: 'all' }, { input: '2' }, { confirm: true }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<CommittedReset>('eventBroker.resetOffsets', row.node));
    const modal = prompter.asked.find((a) => a.kind === 'confirm')!;
    assert.equal(modal.message, `Commit new offsets for consumer group ${group} on KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP}) (2 partitions)?`);
    assert.deepEqual(modal.detail!.split('\n'), [`${topic} / 0: 5 → 2 (re-reads 3)`, `${topic} / 1: 5 → 2 (re-reads 3)`]);
    assert.deepEqual(modal.buttons, ['Keep Offsets', 'Commit Offsets', 'Cancel'], 'the harmless button first, where VS Code puts the focus');
    assert.equal(modal.safeDefault, 'Keep Offsets', 'Escape answers the button that commits nothing');
    assert.equal(result.summary, `Moved 2 offsets of ${group}.`);
    assert.deepEqual(result.partitions.map((p) => [p.partition, p.target, p.result]), [[0, 2, 'committed'], [1, 2, 'committed']]);
    assert.deepEqual(await committed(group), [2, 2]);
    const { row: after } = await groupRow(group);
    const offsets = await rows(api, after.node);
    // The label ends with the time lag read at the committed offset (the records are a few seconds old).
    assert.deepEqual(offsets.map((o) => [o.label.replace(/ · [^·]+ behind$/, ' · … behind'), o.description]), [0, 1].map((p) => [`p${p} · lag≈ 4 · … behind`, `committed 2 · end≈ 6 · ${topic}`]));
  });

  test('Reset Offsets… to a time: the topic comes before the time, whose formats the prompt names; the result says what moved and what stayed', async () => {
    const group = uniqueName('host-time');
    await commitPlan(session, await planReset(session, { group, scope: [{ topic, partitions: [0] }], target: { kind: 'offset', offset: 6 }, profile: 'kafka' }));
    await commitPlan(session, await planReset(session, { group, scope: [{ topic, partitions: [1] }], target: { kind: 'offset', offset: 3 }, profile: 'kafka' }));
    const { api, row } = await groupRow(group);
    // "now" is after every record: both partitions go to the end, where partition 0 already is.
    const prompter = new ScriptedPrompter([{ pick: 'A time…' }, { pick: topic }, { pickMany: 'all' }, { input: 'now' }, { confirm: true }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<CommittedReset>('eventBroker.resetOffsets', row.node));
    assert.deepEqual(
      prompter.asked.map((a) => a.kind),
      ['pickOne', 'pickOne', 'pickMany', 'input', 'confirm'],
    );
    assert.equal(prompter.asked[1].title, 'Reset Offsets: topic');
    const time = prompter.asked[3];
    assert.equal(time.title, `Reset Offsets: the time for ${topic}`);
    assert.match(time.prompt ?? '', /ISO 8601 \(2026-11-30T10:00:00Z\), epoch milliseconds \(1764496800000\), or relative to now \(-15m, -2h, -1d\)/, 'the formats stay visible while typing');
    assert.deepEqual(result.partitions.map((p) => [p.partition, p.target, p.change]), [[0, 6, 0], [1, 6, 3]]);
    assert.equal(result.summary, `Moved 1 offset of ${group}; 1 was already there.`);
    assert.deepEqual(await committed(group), [6, 6]);
  });

  test('a clamped target says so in the modal; declining commits nothing', async () => {
    const group = await emptyGroup('host-decline', 4);
    const { api, row } = await groupRow(group);
    const prompter = new ScriptedPrompter([{ pick: 'Shift by…' }, { pick: topic }, { pickMany: [`Partition 1`] }, { input: '100' }, { confirm: false }]);
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

  test('Save Offsets Snapshot… in the save dialog, then Restore Offsets… from the snapshots the workspace holds', async () => {
    const group = await emptyGroup('host-save', 3);
    const { api, row } = await groupRow(group);
    const workspace = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const file = join(workspace, `${group}.offsets.json`);
    try {
      const saving = new ScriptedPrompter([{ file }]);
      const saved = await withPrompter(api, saving, () => vscode.commands.executeCommand<string>('eventBroker.saveOffsetsSnapshot', row.node));
      assert.deepEqual(saving.asked, [{ kind: 'saveFile', title: `Save Offsets Snapshot of ${group}`, defaultPath: file, filters: { 'Offsets snapshot': ['json'] } }], 'the save dialog, at the workspace folder');
      assert.equal(saved, file);
      const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { format: string; group: string; partitions: { committed: number }[] };
      assert.deepEqual([snapshot.format, snapshot.group, snapshot.partitions.map((p) => p.committed)], ['ebx-offsets/1', group, [3, 3]]);
      const copy = uniqueName('host-copy');
      const prompter = new ScriptedPrompter([{ pick: `${group}.offsets.json` }, { input: copy }, { pick: 'By offset' }, { confirm: true }]);
      const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ResetResult>('eventBroker.restoreOffsets'));
      const offered = prompter.asked[0];
      assert.equal(offered.kind, 'pickOne', 'the workspace\'s snapshots come first, no path to type');
      assert.ok(offered.labels!.includes(`${group}.offsets.json`), offered.labels!.join(', '));
      assert.equal(offered.labels!.at(-1), 'Browse…');
      assert.deepEqual(prompter.asked.find((a) => a.kind === 'confirm')!.detail!.split('\n').slice(0, 2), [`${topic} / 0: none → 3 (no commit before)`, `${topic} / 1: none → 3 (no commit before)`]);
      assert.deepEqual(result.partitions.map((p) => p.result), ['committed', 'committed']);
      assert.deepEqual(await committed(copy), [3, 3]);
    } finally {
      rmSync(file, { force: true });
    }
  });

  test('Restore Offsets… through Browse…: a folder, a missing file, a file that is not JSON, a FIFO and /dev/zero each get one sentence', async () => {
    const api = await extensionApi();
    const workspace = vscode.workspace.workspaceFolders![0].uri.fsPath;
    // One snapshot in the workspace, so the picker (and its Browse…) is shown.
    const offered = join(workspace, `${uniqueName('host-offered')}.offsets.json`);
    writeFileSync(offered, '{}');
    const notJson = join(dir, 'broken.offsets.json');
    writeFileSync(notJson, 'not json at all');
    // Read through core's bounded reader: a FIFO would block the extension host, /dev/zero fill it (issue 39).
    const fifo = join(dir, 'pipe.offsets.json');
    execFileSync('mkfifo', [fifo]);
    const zero = join(dir, 'zero.offsets.json');
    symlinkSync('/dev/zero', zero);
    const failures: CommandFailure[] = [];
    const listening = api.commandFailures((f) => failures.push(f));
    try {
      const cases: [string, RegExp][] = [
        [dir, /^\S+ is a folder: choose the offsets snapshot file inside it \(\*\.offsets\.json\)\.$/],
        [join(dir, 'missing.offsets.json'), /^\S+missing\.offsets\.json does not exist: choose an existing offsets snapshot\.$/],
        [notJson, /^\S+broken\.offsets\.json is not JSON: an offsets snapshot is the JSON that "ebx offsets export" or Save Offsets Snapshot… writes\.$/],
        [fifo, /^Cannot read \S+pipe\.offsets\.json: it is a FIFO \(a named pipe\), not a regular file\.$/],
        [zero, /^Cannot read \S+zero\.offsets\.json: it is a device, not a regular file\.$/],
      ];
      for (const [file] of cases) {
        const prompter = new ScriptedPrompter([{ pick: 'Browse…' }, { file }]);
        const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.restoreOffsets'));
        assert.equal(result, undefined);
        assert.deepEqual(prompter.asked.map((a) => a.kind), ['pickOne', 'openFile']);
        assert.equal(prompter.asked[1].defaultPath, workspace, 'the open dialog starts at the workspace folder');
      }
      assert.equal(failures.length, cases.length, failures.map((f) => f.sentence).join(' | '));
      failures.forEach((f, i) => {
        assert.match(f.sentence, cases[i][1]);
        assert.doesNotMatch(f.sentence, /EISDIR|ENOENT|Error:/, 'no Node error string');
        assert.ok(f.expected, `a sentence on purpose, not a bug: ${f.sentence}`);
      });
    } finally {
      listening.dispose();
      rmSync(offered, { force: true });
    }
  });
});
