// Palette commands and the tree's selection (issue 24): a command run from the palette without a
// row takes the row selected in the Event Broker view when it is one the command works on, and asks
// with its pickers when it is not. The rows are really selected in the view (TreeView.reveal).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { ExtensionApi } from '../../src/extension/container';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import { VIEW_ID } from '../../src/extension/commandIds';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, until, withPrompter } from './extensionApi';

suite('palette commands and the selected row', () => {
  let session: KafkaSession;
  let topic: string;

  suiteSetup(async () => {
    session = openSession();
    // Three records on partition 0, two on partition 1.
    topic = await topicWith(session, 'selected', 2, Array.from({ length: 5 }, (_, i) => ({ key: `s${i}`, value: `s${i}`, partition: i < 3 ? 0 : 1 })));
  });
  suiteTeardown(async () => {
    // Leave a row selected that no command takes, so later palette tests are asked as before.
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    await select(api, connection.node, connection.label);
    await session?.close();
  });

  async function topicRows() {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topicRow = await findRow(api, (await findRow(api, connection.node, /^Topics/)).node, topic);
    return { api, topicRow, partitionRow: await findRow(api, topicRow.node, 'Partition 1') };
  }

  /**
   * Selects the row in the view, as a click does, and waits until the view says it is selected. The
   * view is shown first (a reveal into a view that is not on screen selects nothing), and the reveal
   * is tried again while the view is still drawing the rows it must pass through.
   */
  async function select(api: ExtensionApi, node: ExplorerNode, label: string) {
    await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
    const selectedNow = () => {
      const selected = api.treeView.selection;
      const item = selected.length === 1 ? api.explorer.getTreeItem(selected[0]) : undefined;
      return item !== undefined && (typeof item.label === 'string' ? item.label : item.label?.label) === label;
    };
    for (let attempt = 1; ; attempt++) {
      await api.treeView.reveal(node, { select: true, focus: false });
      try {
        await until(`${label} selected in the view`, () => (selectedNow() ? true : undefined), 5_000);
        return;
      } catch (err) {
        if (attempt >= 4) throw err;
      }
    }
  }

  test('Replay Topic… from the palette with a topic row selected replays that topic without asking which', async () => {
    const { api, topicRow } = await topicRows();
    await select(api, topicRow.node, topic);
    const prompter = new ScriptedPrompter([{ pick: 'Beginning' }]);
    const result = await withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayTopic'));
    assert.deepEqual(prompter.asked.map((a) => a.title), ['Replay from']);
    assert.equal(result.count, 5);
  });

  test('Replay Partition… from the palette with a partition row selected replays that partition; with a topic row it asks', async () => {
    const { api, topicRow, partitionRow } = await topicRows();
    await select(api, partitionRow.node, 'Partition 1');
    const onPartition = new ScriptedPrompter([{ pick: 'Beginning' }]);
    const result = await withPrompter(api, onPartition, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
    assert.deepEqual(onPartition.asked.map((a) => a.title), ['Replay from']);
    assert.deepEqual(result.startOffsets, [{ partition: 1, offset: 0 }]);
    assert.equal(result.count, 2);

    // A topic row is not a partition: the command asks rather than guess one.
    await select(api, topicRow.node, topic);
    const onTopic = new ScriptedPrompter([{ cancel: true }]);
    await withPrompter(api, onTopic, () => vscode.commands.executeCommand('eventBroker.replayPartition'));
    assert.ok(['Event Broker: choose a connection', 'Replay Partition: topic'].includes(onTopic.asked[0]?.title), onTopic.asked[0]?.title);
  });
});
