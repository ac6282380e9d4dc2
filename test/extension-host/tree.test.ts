// The explorer tree against the live broker: the connection from KAFKA_BOOTSTRAP, topics with
// partitions and offsets, groups with members and lag, and per-node refresh.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith, liveConsumer, uniqueName } from '../support/kafkaFixtures';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { describeCluster } from '../../src/core/cluster/clusterDescription';
import { kafkaBrokerApiVersions, kafkaTopicNames } from '../support/kafkaAdminTools';
import type { KafkaSession } from '../../src/core/session';
import type { Consumer } from 'kafkajs';
import { extensionApi, findRow, rows, until } from './extensionApi';

suite('explorer tree', () => {
  let session: KafkaSession;
  let topic: string;
  let groupId: string;
  let consumer: Consumer;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'tree', 3, Array.from({ length: 9 }, (_, i) => ({ value: `{"n":${i}}`, partition: i % 3 })));
    groupId = uniqueName('tree-group');
    consumer = await liveConsumer(groupId, topic, 9);
  });
  suiteTeardown(async () => {
    await consumer?.disconnect();
    await session?.close();
  });

  test('the KAFKA_BOOTSTRAP connection appears without set-up', async () => {
    const api = await extensionApi();
    const root = await rows(api);
    // The variable is the label, the address the description: a narrow sidebar cuts neither.
    assert.ok(root.some((r) => r.label === 'KAFKA_BOOTSTRAP' && r.description === process.env.KAFKA_BOOTSTRAP), root.map((r) => `${r.label} ${r.description}`).join(', '));
  });

  test('connection → Topics (n) → topic → Configuration, summary, partitions with low…high≈ and leader', async () => {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const folders = await rows(api, connection.node);
    assert.deepEqual(folders.map((f) => f.contextValue), ['topics', 'groups', 'cluster']);
    const topics = await until('the topic count', async () => {
      const row = await findRow(api, connection.node, /^Topics/);
      return /^Topics \(\d+\)$/.test(row.label) ? row : undefined;
    });
    const topicRow = await findRow(api, topics.node, topic);
    assert.equal(topicRow.description, '3 partitions');
    assert.equal(topicRow.contextValue, 'topic');
    const [configuration, summary, ...partitions] = await rows(api, topicRow.node);
    assert.deepEqual([configuration.label, configuration.contextValue], ['Configuration', 'topicConfig'], 'the configuration comes first');
    assert.deepEqual([summary.label, summary.contextValue], ['≈9 records', 'topicSummary']);
    // The newest record's time comes after the partitions (its own ListOffsets): "newest …" until then.
    const newest = await until('the newest record time', async () => {
      const row = (await rows(api, topicRow.node))[1];
      return row.description.endsWith('newest …') ? undefined : row;
    });
    const summaryTip = (api.explorer.getTreeItem(newest.node).tooltip as vscode.MarkdownString).value;
    const at = /Newest record: (\S+), partition [0-2], offset [0-2] — /.exec(summaryTip);
    assert.ok(at, summaryTip);
    assert.equal(newest.description, `≈0 empty · 3 partitions · newest ${new Date(at[1]).toLocaleTimeString()}`);
    assert.deepEqual(partitions.map((p) => [p.label, p.description.replace(/leader \d+/, 'leader N'), p.contextValue]), [
      ['Partition 0', '0…3≈ · leader N', 'partition'],
      ['Partition 1', '0…3≈ · leader N', 'partition'],
      ['Partition 2', '0…3≈ · leader N', 'partition'],
    ]);
    const tooltip = api.explorer.getTreeItem(partitions[0].node).tooltip as vscode.MarkdownString;
    assert.match(tooltip.value, /trail the newest events by up to a minute/);
  });

  test('Consumer Groups (n/256) → group with state, members, committed offsets and lag', async () => {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const groupsFolder = await until('the group count', async () => {
      const row = await findRow(api, connection.node, /^Consumer Groups/);
      return /^Consumer Groups \(\d+\/256\)$/.test(row.label) ? row : undefined;
    });
    const group = await findRow(api, groupsFolder.node, groupId);
    // The lag of every group arrives on its own, right after the listing: it may be there already.
    assert.match(group.description, /^(lag ≈0 · caught up · )?Stable · 1 member$/);
    assert.equal(group.contextValue, 'group.stable', 'Delete is not offered on a Stable group');
    const details = await rows(api, group.node);
    // The member row starts with the consumer's host, which varies: keep what follows it.
    // Every partition is caught up: they are folded into one row.
    assert.deepEqual(details.map((d) => [d.label, d.contextValue === 'member' ? d.description.replace(/^[^·]+· /, '') : d.description]), [
      ['test-application', `${topic}[0,1,2]`],
      ['3 partitions caught up', topic],
    ]);
    assert.deepEqual((await rows(api, details[1].node)).map((d) => [d.label, d.description]), [
      ['p0 · lag≈ 0 · caught up', `committed 3 · end≈ 3 · ${topic}`],
      ['p1 · lag≈ 0 · caught up', `committed 3 · end≈ 3 · ${topic}`],
      ['p2 · lag≈ 0 · caught up', `committed 3 · end≈ 3 · ${topic}`],
    ]);
    await until('the total lag on the group row', async () => ((await findRow(api, groupsFolder.node, groupId)).description.includes('lag ≈0') ? true : undefined));
  });

  test("a group's row says what its children show after its own Refresh: a member leaves, one joins", async () => {
    const api = await extensionApi();
    const id = uniqueName('tree-members');
    const first = await liveConsumer(id, topic, 0);
    let second: Consumer | undefined = await liveConsumer(id, topic, 0);
    /** Waits until the broker describes the group Stable with `n` members. */
    const stableWith = (n: number) =>
      until(`${id} Stable with ${n} member(s)`, async () => {
        const g = await describeGroup(session, id);
        return g.state === 'Stable' && g.members.length === n ? true : undefined;
      }, 60_000);
    try {
      await stableWith(2);
      const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
      const folder = await findRow(api, connection.node, /^Consumer Groups/);
      await vscode.commands.executeCommand('eventBroker.refresh', folder.node);
      const group = await findRow(api, folder.node, id);
      /** The group's row and its member rows, as the tree draws them after a Refresh of the group. */
      const refreshed = async () => {
        await vscode.commands.executeCommand('eventBroker.refresh', group.node);
        const children = await rows(api, group.node);
        return { row: String(api.explorer.getTreeItem(group.node).description), memberRows: children.filter((c) => c.contextValue === 'member').length };
      };
      const both = await refreshed();
      assert.equal(both.memberRows, 2);
      assert.match(both.row, /Stable · 2 members$/);

      await second.disconnect();
      second = undefined;
      await stableWith(1);
      const one = await refreshed();
      assert.equal(one.memberRows, 1);
      assert.match(one.row, /Stable · 1 member$/, 'the row counts the member rows below it');
      assert.equal(api.explorer.getTreeItem(group.node).contextValue, 'group.stable');

      second = await liveConsumer(id, topic, 0);
      await stableWith(2);
      const again = await refreshed();
      assert.equal(again.memberRows, 2);
      assert.match(again.row, /Stable · 2 members$/, 'the row counts the member rows below it');
    } finally {
      await second?.disconnect();
      await first.disconnect();
    }
  });

  test('a filter narrows the topics without a request; refresh reloads one folder', async () => {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topics = await findRow(api, connection.node, /^Topics/);
    api.explorer.topicFilter = topic.slice(0, -2);
    try {
      const shown = await rows(api, topics.node);
      assert.deepEqual(shown.map((r) => r.label), [topic]);
      assert.equal(api.explorer.getTreeItem(topics.node).description, `filter: ${topic.slice(0, -2)}`);
    } finally {
      api.explorer.topicFilter = '';
    }
    const second = await topicWith(session, 'tree-new', 1);
    await vscode.commands.executeCommand('eventBroker.refresh', topics.node);
    const after = await rows(api, topics.node);
    assert.ok(after.some((r) => r.label === second), 'the refreshed folder shows the new topic');
  });

  test('long lists page: "Load more…" shows the next page', async () => {
    const api = await extensionApi();
    for (let i = 0; i < 12; i++) await topicWith(session, 'page', 1);
    const config = vscode.workspace.getConfiguration('eventBroker');
    await config.update('tree.pageSize', 10, vscode.ConfigurationTarget.Global);
    try {
      const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
      const topics = await findRow(api, connection.node, /^Topics/);
      await vscode.commands.executeCommand('eventBroker.refresh', topics.node);
      const first = await rows(api, topics.node);
      const total = Number(/\((\d+)\)/.exec(api.explorer.getTreeItem(topics.node).label as string)?.[1]);
      assert.ok(total > 12, `the folder counts every topic (${total})`);
      assert.equal(first.length, 11);
      assert.equal(first[10].label, 'Load more…');
      assert.equal(first[10].description, `10 of ${total} shown`);
      await vscode.commands.executeCommand('eventBroker.loadMore', topics.node);
      const second = await rows(api, topics.node);
      assert.equal(second.filter((r) => r.contextValue === 'topic').length, Math.min(20, total));
    } finally {
      await config.update('tree.pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('Cluster → the brokers, API versions as kafka-broker-api-versions reports them, and the totals', async function () {
    this.timeout(240_000);
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const clusterRow = await until('the Cluster row with its brokers', async () => {
      const row = await findRow(api, connection.node, 'Cluster');
      return /^\d+ brokers? · cluster \S+$/.test(row.description) ? row : undefined;
    });
    assert.equal(clusterRow.contextValue, 'cluster');
    assert.equal(api.explorer.getTreeItem(clusterRow.node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const kafkas = await kafkaBrokerApiVersions(process.env.KAFKA_BOOTSTRAP!);
    const cluster = await describeCluster(session);
    assert.equal(clusterRow.description, `${kafkas.size} broker${kafkas.size === 1 ? '' : 's'} · cluster ${cluster.clusterId}`);

    const children = await rows(api, clusterRow.node);
    const brokers = children.filter((c) => c.contextValue === 'broker');
    // Kafka's tool names each broker by the address it advertises: the rows show the same ones.
    assert.deepEqual(brokers.map((b) => b.description.split(' · ')[0]).sort(), [...kafkas.keys()].sort());
    for (const b of cluster.brokers) {
      const row = brokers.find((r) => r.label === `broker ${b.id}`);
      assert.ok(row, `a row for broker ${b.id}`);
      assert.equal(row.description, [`${b.host}:${b.port}`, b.rack === null ? '' : `rack ${b.rack}`, b.id === cluster.controller ? 'controller' : ''].filter(Boolean).join(' · '));
      assert.match((api.explorer.getTreeItem(row.node).tooltip as vscode.MarkdownString).value, new RegExp(`port: ${b.port}`));
    }
    assert.deepEqual(children.slice(brokers.length).map((c) => [c.label, c.contextValue]), [
      ['API versions', 'apiVersions'],
      ['Totals', 'clusterTotals'],
    ]);

    // API versions, under the default profile (vast): what the broker asked reports, VAST's gaps marked.
    const apiVersions = children[brokers.length];
    const asked = cluster.brokers.find((b) => apiVersions.description === `broker ${b.id}`);
    assert.ok(asked, `the API versions row names the broker it asked: ${apiVersions.description}`);
    const theirs = kafkas.get(`${asked.host}:${asked.port}`)!;
    const range = (name: string) => {
      const v = theirs.find((t) => t.name === name);
      assert.ok(v, `kafka-broker-api-versions lists ${name}`);
      return `v${v.minVersion}–v${v.maxVersion}`;
    };
    const vastRows = await rows(api, apiVersions.node);
    assert.equal(vastRows.length, theirs.length, 'one row per request the broker accepts');
    const row = (list: typeof vastRows, name: string) => {
      const found = list.find((r) => r.label === name);
      assert.ok(found, `a row for ${name}`);
      return found;
    };
    assert.equal(row(vastRows, 'Metadata').description, range('Metadata'));
    assert.equal(row(vastRows, 'Metadata').contextValue, 'apiVersion');
    assert.equal(row(vastRows, 'Fetch').description, `${range('Fetch')} · VAST supports this in part`);
    assert.equal(row(vastRows, 'Fetch').contextValue, 'apiVersion.partlyOnVast');
    const deleteRecords = row(vastRows, 'DeleteRecords');
    assert.equal(deleteRecords.description, `${range('DeleteRecords')} · VAST does not support this`);
    assert.equal(deleteRecords.contextValue, 'apiVersion.notOnVast');
    const tooltip = (api.explorer.getTreeItem(deleteRecords.node).tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /VAST does not support this\.\*\* VAST's admin API cannot delete records/);
    assert.equal((api.explorer.getTreeItem(deleteRecords.node).iconPath as vscode.ThemeIcon).id, 'warning');

    // Totals: the topics kafka-topics lists, every partition, and VAST's ceilings.
    const topicCount = (await kafkaTopicNames(process.env.KAFKA_BOOTSTRAP!)).length;
    await vscode.commands.executeCommand('eventBroker.refresh', clusterRow.node);
    const now = await describeCluster(session);
    assert.equal(now.topics, topicCount, 'no topic came or went while kafka-topics listed them');
    const totals = await findRow(api, clusterRow.node, 'Totals');
    const n = (x: number) => x.toLocaleString('en-US');
    assert.equal(totals.description, `${n(topicCount)} topics · ${n(now.partitions)} partitions of 200,000 a view · largest topic ${n(now.largestTopic!.partitions)} of 20,000 a topic`);

    // Under the kafka profile the same rows are plain, and the totals have no ceilings.
    const config = vscode.workspace.getConfiguration('eventBroker');
    await config.update('brokerProfile', 'kafka', vscode.ConfigurationTarget.Global);
    try {
      const kafkaRows = await rows(api, apiVersions.node);
      assert.equal(row(kafkaRows, 'Fetch').description, range('Fetch'));
      assert.equal(row(kafkaRows, 'DeleteRecords').description, range('DeleteRecords'));
      assert.ok(kafkaRows.every((r) => r.contextValue === 'apiVersion'));
      assert.equal((api.explorer.getTreeItem(row(kafkaRows, 'DeleteRecords').node).iconPath as vscode.ThemeIcon).id, 'symbol-method');
      await vscode.commands.executeCommand('eventBroker.refresh', clusterRow.node);
      assert.equal((await findRow(api, clusterRow.node, 'Totals')).description, `${n(topicCount)} topics · ${n(now.partitions)} partitions`);
    } finally {
      await config.update('brokerProfile', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('a broker that is not there becomes an error row with Retry, not a popup', async () => {
    const api = await extensionApi();
    const { ConnectionNode } = await import('../../src/extension/tree/connectionNode');
    const unreachable = new ConnectionNode({ id: 'test:unreachable', name: 'unreachable', source: 'settings', bootstrap: '127.0.0.1:1' }, api.explorer.context);
    const folders = await rows(api, unreachable);
    assert.deepEqual(folders.map((f) => f.contextValue), ['topics', 'groups', 'cluster']);
    // Each folder fails on its own, the Cluster node too.
    for (const folder of folders) {
      const errors = await rows(api, folder.node);
      assert.equal(errors.length, 1, folder.label);
      assert.match(errors[0].label, /Broker unreachable/);
      assert.equal(errors[0].description, 'Retry');
      assert.equal(errors[0].contextValue, 'error');
      assert.equal(api.explorer.getTreeItem(errors[0].node).command?.command, 'eventBroker.refresh');
    }
  });
});
