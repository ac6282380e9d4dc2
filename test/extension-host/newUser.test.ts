// What a new user trips over (issue 15): idle-group cleanup that tells test groups from stopped
// services, replays that read well, all partitions, and messages that give the right reason.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Consumer } from 'kafkajs';
import { openSession, topicWith, liveConsumer, uniqueName } from '../support/kafkaFixtures';
import { produce } from '../../src/core/topics/produce';
import { listGroups } from '../../src/core/groups/listGroups';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { OffsetForTime } from '../../src/core/model';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter, withReplayLimit } from './extensionApi';

const hour = 3_600_000;

function documentLines(document: vscode.TextDocument): Record<string, unknown>[] {
  return document
    .getText()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

suite('what a new user trips over', () => {
  let session: KafkaSession;
  let topic: string;
  let wide: string;
  // Six records on partition 0, one a minute, three hours ago.
  const base = Date.now() - 3 * hour;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'newuser', 2, Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: JSON.stringify({ n: i }), partition: 0, timestamp: base + i * 60_000 })));
    wide = await topicWith(session, 'newuser-wide', 3, Array.from({ length: 9 }, (_, i) => ({ key: `w${i}`, value: `w${i}`, partition: i % 3, timestamp: base + i * 60_000 })));
  });
  suiteTeardown(() => session?.close());

  test('Delete Idle Consumer Groups… pre-selects nothing without a prefix and shows each group\'s lag and last consumed record', async () => {
    const api = await extensionApi();
    const prefix = uniqueName('stopped');
    const service = `${prefix}-service`;
    const neverRead = `${prefix}-never`;
    // A stopped service: it read and committed 4 of the 6 records (the last one it consumed is k3).
    await (await liveConsumer(service, topic, 4)).disconnect();
    await (await liveConsumer(neverRead, topic, 0)).disconnect();

    const all = new ScriptedPrompter([{ input: '' }, { cancel: true }]);
    await withPrompter(api, all, () => vscode.commands.executeCommand('eventBroker.deleteIdleGroups'));
    const picker = all.asked[1];
    assert.deepEqual(picker.picked, [], 'without a prefix nothing is pre-selected');
    const describe = (groupId: string) => picker.descriptions![picker.labels!.indexOf(groupId)];
    assert.equal(describe(service), 'lag ≈2 · last consumed a record written 3 h ago');
    assert.equal(describe(neverRead), 'never committed (never read)');

    const narrowed = new ScriptedPrompter([{ input: prefix }, { pickMany: 'all' }, { confirm: false }]);
    const results = await withPrompter(api, narrowed, () => vscode.commands.executeCommand('eventBroker.deleteIdleGroups'));
    assert.deepEqual(narrowed.asked[1].picked, [neverRead, service], 'a prefix pre-selects what it matches');
    assert.equal(narrowed.asked[2].safeDefault, 'Keep Them', 'Escape answers a button that deletes nothing');
    assert.equal(results, undefined);
    const left = (await listGroups(session, 'vast')).groups.map((g) => g.groupId);
    assert.ok(left.includes(service) && left.includes(neverRead), 'declining deleted nothing');
  });

  test('a replay document says where it started, shows ISO times beside raw timestamps, says when more follow, and gets a title of its own', async () => {
    const api = await extensionApi();
    const from = new Date(base + 2 * 60_000 - 1).toISOString();
    const answers = () => new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Time…' }, { input: from }]);
    const first = await withReplayLimit(2, () => withPrompter(api, answers(), () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition')));
    const lines = documentLines((await first.jsonLinesDocument()));
    assert.deepEqual(lines[0], { replay: `${topic} partition 0`, from: `time ${from}`, fromTime: from, startOffsets: { '0': 2 }, records: 2, limit: 2 });
    assert.deepEqual(lines[1], { partition: 0, offset: 2, timestamp: base + 120_000, time: new Date(base + 120_000).toISOString(), key: 'k2', value: { n: 2 }, headers: {} });
    assert.equal(lines[3].more, 'The limit of 2 records was reached: more records follow. Next: offset 4.');
    assert.equal(first.more, true);
    const second = await withReplayLimit(2, () => withPrompter(api, answers(), () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition')));
    assert.notEqual(path.posix.basename((await second.jsonLinesDocument()).uri.path), path.posix.basename((await first.jsonLinesDocument()).uri.path), 'two replays, two tab titles');
    const whole = await withPrompter(api, new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Beginning' }]), () =>
      vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'),
    );
    assert.equal(whole.more, false);
    assert.equal(documentLines((await whole.jsonLinesDocument())).length, 7, 'a header and six records, no "more" line');
  });

  test('a time after the newest record is refused before anything is read', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: topic }, { pick: 'Partition 0' }, { pick: 'Time…' }, { input: new Date(Date.now() + hour).toISOString() }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult | undefined>('eventBroker.replayPartition'));
    assert.equal(result, undefined);
    assert.equal(api.viewers.all().some((v) => v.store.topic === topic && v.store.length === 0 && v.busy), false, 'no viewer left reading');
    assert.deepEqual(prompter.asked.map((a) => a.title), [`Replay Partition: topic`, `Replay Partition: ${topic}`, 'Replay from', 'Replay from time']);
  });

  test('Replay Partition… offers all partitions, in time order', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: wide }, { pick: 'All partitions' }, { pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    assert.equal(prompter.asked[1].labels![0], 'All partitions');
    assert.equal(result.count, 9);
    const lines = documentLines((await result.jsonLinesDocument()));
    assert.equal(lines[0].replay, `${wide} partitions 0, 1, 2`);
    assert.deepEqual(lines.slice(1).map((l) => l.key), Array.from({ length: 9 }, (_, i) => `w${i}`));
  });

  test('Replay Topic… on a topic row reads every partition in time order, from a time; its start choices have no offset', async () => {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topicRow = await findRow(api, (await findRow(api, connection.node, /^Topics/)).node, wide);
    // From w4's time: w4 … w8, whichever partition each is on.
    const prompter = new ScriptedPrompter([{ pick: 'Time…' }, { input: new Date(base + 4 * 60_000).toISOString() }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayTopic', topicRow.node));
    assert.deepEqual(prompter.asked[0].labels, ['Beginning', 'End', 'Time…']);
    assert.equal(result.count, 5);
    const lines = documentLines(await result.jsonLinesDocument());
    assert.equal(lines[0].replay, `${wide} partitions 0, 1, 2`);
    assert.deepEqual(lines.slice(1).map((l) => l.key), ['w4', 'w5', 'w6', 'w7', 'w8']);
  });

  test('Replay Topic… from the palette asks the topic, then the start', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: wide }, { pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayTopic'));
    assert.deepEqual(prompter.asked.map((a) => a.title), ['Replay Topic: topic', 'Replay from']);
    assert.equal(result.count, 9);
    assert.deepEqual(documentLines(await result.jsonLinesDocument()).slice(1).map((l) => l.key), Array.from({ length: 9 }, (_, i) => `w${i}`));
  });

  test('choosing a row of Show Offsets for a Time replays from there', async () => {
    const api = await extensionApi();
    // From w4's time: partition 1 starts at w4 (its offset 1), partition 2 at w5, partition 0 at w6.
    const time = new Date(base + 4 * 60_000).toISOString();
    const prompter = new ScriptedPrompter([{ pick: wide }, { input: time }, { pick: 'Partition 1' }, { input: '10' }]);
    const offsets = await withPrompter(api, prompter, () => vscode.commands.executeCommand<OffsetForTime[]>('eventBroker.offsetsForTime'));
    assert.deepEqual(offsets.map((o) => o.offset), [2, 1, 1]);
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.scheme, 'eventbroker-replay');
    const lines = documentLines(document);
    assert.deepEqual(lines[0].startOffsets, { '1': 1 });
    assert.deepEqual(lines.slice(1).map((l) => l.key), ['w4', 'w7']);
    assert.equal(prompter.answersLeft, 0);
  });

  test('Produce Test Event… offers no internal topics, and producing to one says what it is', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ cancel: true }]);
    await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.produceTestEvent'));
    assert.ok(prompter.asked[0].labels!.includes(topic));
    assert.ok(!prompter.asked[0].labels!.includes('__consumer_offsets'), prompter.asked[0].labels!.join(', '));
    await assert.rejects(produce(session, '__consumer_offsets', [{ value: 'x' }]), /^UsageError: __consumer_offsets is an internal topic of the broker/);
  });

  for (const url of ['http://localhost:9092', 'PLAINTEXT://broker1:9092']) {
    test(`Add Connection: ${url} is recognised as a listener URL`, async () => {
      const api = await extensionApi();
      const prompter = new ScriptedPrompter([{ input: 'URL test' }, { input: url }]);
      await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.addConnection'));
      assert.equal(prompter.asked[1].validation, `"${url}" is a URL: use host:port, without the scheme (${url.replace(/^.*:\/\//, '')}).`);
    });
  }

  test('Delete on a Stable group says why at once instead of asking', async () => {
    const api = await extensionApi();
    const groupId = uniqueName('busy');
    const consumer: Consumer = await liveConsumer(groupId, topic, 1);
    try {
      const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
      const groupsFolder = await findRow(api, connection.node, /^Consumer Groups/);
      await vscode.commands.executeCommand('eventBroker.refresh', groupsFolder.node);
      const group = await until('the busy group row', async () => (await rows(api, groupsFolder.node)).find((r) => r.label === groupId));
      const prompter = new ScriptedPrompter([]);
      const results = await withPrompter(api, prompter, () => vscode.commands.executeCommand('eventBroker.deleteGroup', group.node));
      assert.equal(results, undefined);
      assert.deepEqual(prompter.asked, [], 'no modal for a group that cannot be deleted');
    } finally {
      await consumer.disconnect();
    }
  });
});

suite('the tree, for a new user', () => {
  let session: KafkaSession;
  let topic: string;
  let groupId: string;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'newuser-tree', 1, Array.from({ length: 6 }, (_, i) => ({ key: `t${i}`, value: `t${i}` })));
    groupId = uniqueName('stopped-tree');
    await (await liveConsumer(groupId, topic, 4)).disconnect();
  });
  suiteTeardown(() => session?.close());

  async function folders() {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    return { api, connection, groupsFolder: await findRow(api, connection.node, /^Consumer Groups/), topicsFolder: await findRow(api, connection.node, /^Topics/) };
  }

  test('a group row shows its lag first, before it is expanded; the folder explains the cap', async () => {
    const { api, groupsFolder } = await folders();
    await vscode.commands.executeCommand('eventBroker.refresh', groupsFolder.node);
    const row = await until('the lag on the unexpanded group row', async () => {
      const found = (await rows(api, groupsFolder.node)).find((r) => r.label === groupId);
      return found?.description.startsWith('lag') ? found : undefined;
    });
    // Offset lag, then the time lag read at the committed offset (the records are seconds old).
    assert.match(row.description, /^lag ≈2 · [^·]+ behind · Empty · 0 members$/);
    const tooltip = api.explorer.getTreeItem(groupsFolder.node).tooltip;
    assert.match(typeof tooltip === 'string' ? tooltip : tooltip?.value ?? '', /of at most 256: VAST allows 256 groups per Kafka-enabled view/);
  });

  test('a group\'s partition row leads with partition and lag, and replays from the committed offset', async () => {
    const { api, groupsFolder } = await folders();
    const group = await until('the group row', async () => (await rows(api, groupsFolder.node)).find((r) => r.label === groupId));
    const offsetRow = await findRow(api, group.node, /^p0 · lag≈ 2 · [^·]+ behind$/);
    assert.equal(offsetRow.description, `committed 4 · end≈ 6 · ${topic}`);
    const result = await withPrompter(api, new ScriptedPrompter([]), () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayFromCommitted', offsetRow.node));
    assert.equal(result.startOffset, 4);
    assert.equal(result.count, 2);
    assert.equal(documentLines((await result.jsonLinesDocument()))[0].from, `the committed offset of ${groupId}`);
    assert.equal(await vscode.commands.executeCommand('eventBroker.copyName', offsetRow.node), `${topic}:0`);
  });

  test('a partition row replays on Enter, and a tail of its topic redraws the topic', async () => {
    const { api, topicsFolder } = await folders();
    api.explorer.topicFilter = topic; // the test broker holds many topics: show just this one
    await vscode.commands.executeCommand('eventBroker.refresh', topicsFolder.node); // listed before this topic existed
    try {
      const topicRow = await until('the topic row', async () => (await rows(api, topicsFolder.node)).find((r) => r.label === topic));
      const partition = await findRow(api, topicRow.node, 'Partition 0');
      const command = api.explorer.getTreeItem(partition.node).command;
      assert.equal(command?.command, 'eventBroker.replayPartition');
      assert.equal(command?.arguments?.[0], partition.node);
      const redrawn = new Promise<void>((resolve) => {
        const listener = api.explorer.onDidChangeTreeData((node) => {
          if (node === topicRow.node) {
            listener.dispose();
            resolve();
          }
        });
      });
      await vscode.commands.executeCommand('eventBroker.tailTopic', topicRow.node);
      await redrawn;
      await vscode.commands.executeCommand('eventBroker.stopTail', topicRow.node);
      await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));
    } finally {
      api.explorer.topicFilter = '';
    }
  });
});
