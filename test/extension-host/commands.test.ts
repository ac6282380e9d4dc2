// Replay, tail and idle-group deletion run as a user would run them, against the live broker,
// with the questions answered by a script and the modal's text checked.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Consumer } from 'kafkajs';
import { openSession, topicWith, liveConsumer, uniqueName } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import { listGroups } from '../../src/core/groups/listGroups';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { DeleteGroupResult } from '../../src/core/model';
import { isShown } from '../../src/extension/tail/tailPanel';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter, withReplayLimit } from './extensionApi';

suite('commands', () => {
  let session: KafkaSession;
  let topic: string;
  const base = Date.now() - 3_600_000;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(
      session,
      'cmd',
      2,
      Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: JSON.stringify({ order: i }), partition: 0, timestamp: base + i * 60_000 })),
    );
  });
  suiteTeardown(() => session?.close());

  async function partitionNode(partition: number) {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topics = await findRow(api, connection.node, /^Topics/);
    const topicRow = await findRow(api, topics.node, topic);
    return { api, topicRow, partition: await findRow(api, topicRow.node, `Partition ${partition}`) };
  }

  test('Replay Partition… from the beginning opens a read-only JSON Lines document', async () => {
    const { api, partition } = await partitionNode(0);
    const prompter = new ScriptedPrompter([{ pick: 'Beginning' }]);
    const result = await withReplayLimit(5, () => withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition', partition.node)));
    assert.equal(result.count, 5);
    assert.equal(result.startOffset, 0);
    const lines = (await result.jsonLinesDocument()).getText().trim().split('\n').map((l) => JSON.parse(l) as unknown);
    // lines[0] says what was replayed; the records follow, each with a readable time beside the raw one.
    assert.deepEqual(lines[3], { partition: 0, offset: 2, timestamp: base + 120_000, time: new Date(base + 120_000).toISOString(), key: 'k2', value: { order: 2 }, headers: {} });
    assert.equal((await result.jsonLinesDocument()).uri.scheme, 'eventbroker-replay');
    assert.deepEqual(prompter.asked.map((a) => a.kind), ['pickOne'], 'only the start: the record limit is the default, changeable in the viewer');
  });

  test('Replay Partition… from a time resolves the offset; a time after the newest event says so', async () => {
    const { api, partition } = await partitionNode(0);
    const fromTime = await withPrompter(api, new ScriptedPrompter([{ pick: 'Time…' }, { input: new Date(base + 6 * 60_000 - 1).toISOString() }]), () =>
      vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition', partition.node),
    );
    assert.equal(fromTime.startOffset, 6);
    assert.equal(fromTime.count, 4);
    const tooLate = await withPrompter(api, new ScriptedPrompter([{ pick: 'Time…' }, { input: new Date(Date.now() + 3_600_000).toISOString() }]), () =>
      vscode.commands.executeCommand<ReplayResult | undefined>('eventBroker.replayPartition', partition.node),
    );
    assert.equal(tooLate, undefined);
  });

  test('the offset box: past the approximate end is a note, not a refusal (the end can trail); the broker then says it has no such offset', async () => {
    const { api, partition } = await partitionNode(0);
    const prompter = new ScriptedPrompter([{ pick: 'Offset…' }, { input: '99' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult | undefined>('eventBroker.replayPartition', partition.node));
    assert.equal(prompter.asked[1].validation, 'Past the reported end (about 10), which can trail the newest records: records there may not have arrived yet.');
    assert.equal(result, undefined, 'this broker has no offset 99: nothing replayed');
  });

  test('Replay Partition… from the palette asks connection → topic → partition', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Offset…' }, { input: '8' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    assert.equal(result.count, 2);
    assert.equal(result.startOffset, 8);
  });

  test('Tail Topic… shows arriving records, counts them, and Stop Tail ends it', async () => {
    const { api, topicRow } = await partitionNode(0);
    const running = await vscode.commands.executeCommand<{ id: string; count: number }>('eventBroker.tailTopic', topicRow.node);
    assert.equal(api.tails.running().length, 1);
    await api.tails.running()[0].started;
    await produce(session, topic, [{ value: 'live-1', partition: 0 }, { value: 'live-2', partition: 1 }]);
    await until('the tail to count 2 records', () => (api.tails.running()[0]?.count === 2 ? true : undefined));
    assert.equal(running.count, 2);
    const stopped = await vscode.commands.executeCommand<number>('eventBroker.stopTail');
    assert.equal(stopped, 1);
    await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));
  });

  test('a full tail panel starts again in a new output channel, shown where the old one was', async () => {
    // VS Code keeps an output channel in a file that only grows and reads it whole on each update:
    // a full panel goes on in a new channel (src/extension/tail/tailPanel.ts), not replace().
    const api = await extensionApi();
    const settings = vscode.workspace.getConfiguration('eventBroker');
    await settings.update('tail.maxOutputLines', 100, vscode.ConfigurationTarget.Global);
    const small = await topicWith(session, 'tail-full', 1);
    const name = `Event Broker: ${small}`;
    const ours = () => vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === 'output' && e.document.uri.path.endsWith(`-${name}`));
    const shownText = () => ours()[0]?.document.getText();
    try {
      api.explorer.refresh();
      const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
      const topicRow = await findRow(api, (await findRow(api, connection.node, /^Topics/)).node, small);
      await vscode.commands.executeCommand('eventBroker.tailTopic', topicRow.node);
      await until('the tail panel to be shown', () => (isShown(name) ? true : undefined));
      const first = api.tails.running()[0].panel;
      await until('the tail to start', () => (shownText()?.includes('— tailing') ? true : undefined));
      const firstChannel = ours()[0].document.uri.toString();
      // Two bursts: the second overfills the panel the first left at 81 lines.
      await produce(session, small, Array.from({ length: 80 }, (_, i) => ({ value: `r${i}`, partition: 0 })));
      await until('the first 80 records in the panel', () => (shownText()?.includes('value=r79') ? true : undefined));
      await produce(session, small, Array.from({ length: 70 }, (_, i) => ({ value: `r${80 + i}`, partition: 0 })));
      let last: string | undefined;
      const text = await until('the panel to start again', () => {
        last = shownText();
        return last?.startsWith('… older lines dropped') && last.includes('value=r149') ? last : undefined;
      }).catch((err: Error) => {
        const paths = vscode.window.visibleTextEditors.map((e) => e.document.uri.toString());
        throw new Error(`${err.message}: the shown text begins ${JSON.stringify(last?.slice(0, 300))} (${last?.split('\n').length} lines); visible: ${paths.join(', ')}`);
      });
      assert.equal(api.tails.running()[0].panel, first, 'the same panel object: the channel behind it changed');
      assert.ok(!text.includes('value=r0 '), 'the oldest records are dropped');
      assert.match(text, /the panel keeps at most 100 lines, then starts again from the newest \d+/);
      assert.ok(text.split('\n').length <= 101, `at most the bound: ${text.split('\n').length} lines`);
      assert.ok(isShown(name));
      assert.equal(ours().length, 1, 'one channel of that name is shown');
      assert.notEqual(ours()[0].document.uri.toString(), firstChannel, 'a new output channel (a new file behind it), not the first one replaced');
    } finally {
      await vscode.commands.executeCommand('eventBroker.stopTail');
      await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));
      await settings.update('tail.maxOutputLines', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('Delete Idle Consumer Groups… offers exactly the Empty groups, confirms the list, deletes them', async () => {
    const api = await extensionApi();
    const prefix = uniqueName('idle');
    const idle = [`${prefix}-a`, `${prefix}-b`];
    for (const g of idle) await (await liveConsumer(g, topic, 1)).disconnect();
    const busy: Consumer = await liveConsumer(`${prefix}-busy`, topic, 1);
    try {
      const prompter = new ScriptedPrompter([{ input: prefix }, { pickMany: 'all' }, { confirm: true }]);
      const results = await withPrompter(api, prompter, () => vscode.commands.executeCommand<DeleteGroupResult[]>('eventBroker.deleteIdleGroups'));
      assert.deepEqual(prompter.asked[1].labels, idle, 'the busy group is not offered');
      assert.equal(prompter.asked[2].message, 'Delete 2 consumer groups on ' + `KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP})?`);
      assert.ok(prompter.asked[2].detail!.startsWith(idle.join('\n')));
      assert.deepEqual(results.map((r) => [r.groupId, r.result]), idle.map((g) => [g, 'deleted']));
      const remaining = (await listGroups(session, 'vast')).groups.map((g) => g.groupId).filter((g) => g.startsWith(prefix));
      assert.deepEqual(remaining, [`${prefix}-busy`]);
    } finally {
      await busy.disconnect();
    }
  });

  test('declining the modal deletes nothing', async () => {
    const api = await extensionApi();
    const groupId = uniqueName('keep');
    await (await liveConsumer(groupId, topic, 1)).disconnect();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const groupsFolder = await findRow(api, connection.node, /^Consumer Groups/);
    await vscode.commands.executeCommand('eventBroker.refresh', groupsFolder.node);
    const group = await until('the idle group row', async () => (await rows(api, groupsFolder.node)).find((r) => r.label === groupId));
    assert.equal(group.contextValue, 'group.empty', 'Delete is offered on an Empty group');
    const prompter = new ScriptedPrompter([{ confirm: false }]);
    const results = await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.deleteGroup', group.node));
    assert.equal(results, undefined);
    assert.equal(prompter.asked[0].detail!.split('\n')[0], groupId);
    assert.ok((await listGroups(session, 'vast')).groups.some((g) => g.groupId === groupId));
  });
});
