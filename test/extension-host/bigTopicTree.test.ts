// The tree at VAST's sizes, on the live broker: a 1,000-partition topic opens on its Configuration,
// a summary (with the newest record's time, which arrives after the partitions) and one page of
// partitions; a filter by partition number; one expansion costs two ListOffsets (earliest, latest)
// per leader broker and one more for the newest record's time, and a second one within the fresh
// window none (requests counted on the wire through a relay); a group's offsets open on the lagging partitions,
// the caught-up ones folded into one paged row.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { applicationKafka, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { API_NAMES, startFrameRelay, type FrameRelay } from '../support/kafkaFrames';
import { describePartitions } from '../../src/core/topics/listTopics';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import { ConnectionNode } from '../../src/extension/tree/connectionNode';
import { TopicNode } from '../../src/extension/tree/topicNode';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';
import type { ExtensionApi } from '../../src/extension/container';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import { ScriptedPrompter } from './scriptedPrompter';

const PAGE = 10;

/**
 * A new topic once every partition has a leader: a produce sent sooner can fail on some partitions
 * and, retried whole (no idempotence), write the others twice.
 */
async function ledTopic(session: KafkaSession, prefix: string, partitions: number): Promise<string> {
  const topic = await topicWith(session, prefix, partitions);
  await until('a leader for every partition', () => describePartitions(session, topic).then((ps) => ps.every((p) => p.leader >= 0) || undefined, () => undefined), 120_000);
  return topic;
}
const config = () => vscode.workspace.getConfiguration('eventBroker');

/** The topic's summary row once its newest record time has come (it is read after the partitions). */
async function newestShown(api: ExtensionApi, topicNode: ExplorerNode) {
  return until('the newest record time on the summary row', async () => {
    const summary = (await rows(api, topicNode)).find((c) => c.contextValue === 'topicSummary');
    return summary && !summary.description.endsWith('newest …') ? summary : undefined;
  });
}

suite('explorer tree for big topics', () => {
  let session: KafkaSession;
  let big: string;
  let relay: FrameRelay | undefined;
  let producedFrom: number;
  let producedUpTo: number;

  suiteSetup(async function () {
    this.timeout(180_000);
    session = openSession();
    // Records in five partitions of a thousand: 3 + 3 + 3 + 2 + 2 = 13.
    const counts = new Map([[0, 3], [1, 3], [2, 3], [500, 2], [999, 2]]);
    big = await ledTopic(session, 'big-tree', 1000);
    producedFrom = Date.now();
    await produce(session, big, [...counts].flatMap(([partition, n]) => Array.from({ length: n }, (_, i) => ({ value: `r${i}`, partition }))));
    producedUpTo = Date.now();
    await config().update('tree.pageSize', PAGE, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await config().update('tree.pageSize', undefined, vscode.ConfigurationTarget.Global);
    await relay?.close();
    await session?.close();
  });

  async function bigTopicRow() {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topics = await findRow(api, connection.node, /^Topics/);
    await vscode.commands.executeCommand('eventBroker.refresh', topics.node);
    return { api, row: await findRow(api, topics.node, big) };
  }

  test('a 1,000-partition topic: Configuration, the summary, one page of partitions and Load more', async () => {
    const { api, row } = await bigTopicRow();
    assert.equal(row.description, '1,000 partitions');
    const children = await rows(api, row.node);
    assert.deepEqual(children.map((c) => c.label), ['Configuration', '≈13 records', ...Array.from({ length: PAGE }, (_, i) => `Partition ${i}`), 'Load more…']);
    assert.match(children[1].description, /^≈995 empty · 1,000 partitions( · newest .+)?$/);
    assert.equal(children[1].contextValue, 'topicSummary');
    const summary = await newestShown(api, row.node);
    const tooltip = (api.explorer.getTreeItem(summary.node).tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /two ListOffsets — earliest and latest — per leader broker/);
    assert.match(tooltip, /sum of end − start offset/);
    const newest = /Newest record: (\S+), partition (\d+), offset (\d+) — the largest record timestamp/.exec(tooltip);
    assert.ok(newest, tooltip);
    const at = Date.parse(newest[1]);
    assert.ok(at >= producedFrom && at <= producedUpTo, `${newest[1]} is within the suite's produce`);
    assert.equal(summary.description, `≈995 empty · 1,000 partitions · newest ${new Date(at).toLocaleTimeString()}`);
    assert.ok([0, 1, 2, 500, 999].includes(Number(newest[2])) && Number(newest[3]) < 3, `partition ${newest[2]} offset ${newest[3]} holds a record`);
    assert.equal(children.at(-1)!.description, `${PAGE} of 1000 shown`);

    await vscode.commands.executeCommand('eventBroker.loadMore', row.node);
    const more = await rows(api, row.node);
    assert.equal(more.filter((c) => c.contextValue === 'partition').length, 2 * PAGE);
    assert.equal(more.at(-1)!.description, `${2 * PAGE} of 1000 shown`);
  });

  test('Filter Partitions… lists the partitions it matches; a click on its row clears it; bad text gets one sentence', async () => {
    const { api, row } = await bigTopicRow();
    const filter = new ScriptedPrompter([{ input: '998-999, 500,7' }]);
    assert.equal(await withPrompter(api, filter, () => vscode.commands.executeCommand('eventBroker.filterPartitions', row.node)), '998-999, 500, 7');
    assert.match(filter.asked[0].title, /^Filter the partitions of /);
    assert.equal(api.explorer.getTreeItem(row.node).description, '1,000 partitions · filter: 998-999, 500, 7');
    const filtered = await rows(api, row.node);
    assert.match(filtered[1].description, /^≈995 empty · 1,000 partitions/);
    assert.deepEqual(filtered.map((c) => [c.label, c.description.replace(/leader \d+/, 'leader N')]), [
      ['Configuration', filtered[0].description],
      ['≈13 records', filtered[1].description],
      ['Filter: 998-999, 500, 7', '4 of 1,000 partitions · click to clear'],
      ['Partition 7', '0…0≈ · leader N'],
      ['Partition 500', '0…2≈ · leader N'],
      ['Partition 998', '0…0≈ · leader N'],
      ['Partition 999', '0…2≈ · leader N'],
    ]);

    const none = new ScriptedPrompter([{ input: '1000-2000' }]);
    await withPrompter(api, none, () => vscode.commands.executeCommand('eventBroker.filterPartitions', row.node));
    assert.deepEqual((await rows(api, row.node)).slice(2).map((c) => [c.label, c.description]), [['Filter: 1000-2000', 'no partition matches · click to clear']]);

    const bad = new ScriptedPrompter([{ input: '5-x' }]);
    await withPrompter(api, bad, () => vscode.commands.executeCommand('eventBroker.filterPartitions', row.node));
    assert.equal(bad.asked.at(-1)!.validation, '"5-x" is not a partition number or a range: write 7, 100-199 or 3,5,9.');

    const filterRow = (await rows(api, row.node))[2];
    const click = api.explorer.getTreeItem(filterRow.node).command!;
    await vscode.commands.executeCommand(click.command, ...((click.arguments ?? []) as unknown[]));
    const cleared = await rows(api, row.node);
    assert.equal(api.explorer.getTreeItem(row.node).description, '1,000 partitions');
    assert.deepEqual(cleared.slice(2, 4).map((c) => c.label), ['Partition 0', 'Partition 1']);
  });

  test('one expansion: two ListOffsets (earliest, latest) per leader broker for 1,000 partitions and one for the newest record time; again within the fresh window: no request', async () => {
    const api = await extensionApi();
    const seen: string[] = [];
    relay = await startFrameRelay(testBroker().bootstrap[0], { onRequest: (_frame, request) => void seen.push(API_NAMES[request.apiKey] ?? `api ${request.apiKey}`) });
    const connection = { id: 'test:counted-tree', name: 'counted', source: 'settings' as const, bootstrap: relay.bootstrap };
    const parent = new ConnectionNode(connection, api.explorer.context);
    const node = new TopicNode(parent, connection, api.explorer.context, { name: big, partitions: 1000, internal: false });
    await api.store.session(connection).then((s) => s.cluster().metadata()); // connected: what follows is the expansion's
    const leaders = new Set((await describePartitions(session, big)).map((p) => p.leader)).size;
    const count = (name: string, from: number) => seen.slice(from).filter((s) => s === name).length;

    const before = seen.length;
    const first = await rows(api, node);
    assert.equal(first.filter((c) => c.contextValue === 'partition').length, PAGE);
    await newestShown(api, node);
    assert.equal(count('ListOffsets', before), 3 * leaders, `two for the offsets and one for the newest record's time a leader: ${seen.slice(before).join(', ')}`);

    const again = seen.length;
    await rows(api, node); // collapsed and expanded again, a second later
    node.loadMore();
    assert.equal((await rows(api, node)).filter((c) => c.contextValue === 'partition').length, 2 * PAGE);
    assert.deepEqual(seen.slice(again), [], 'no request: the read of a second ago answers');

    node.reset(); // what Refresh on the row does
    const refreshed = seen.length;
    await newestShown(api, node);
    assert.equal(count('ListOffsets', refreshed), 3 * leaders, 'Refresh reads again');
  });

  test("a group's offsets: the lagging partitions first, most lag first; the caught-up ones folded into one paged row", async function () {
    this.timeout(120_000);
    const now = Date.now();
    const minutesAgo = (m: number) => now - m * 60_000;
    // Lag 3 on p0; lag 2 on p29 (10 min behind) and on p1 (2 min behind); lag 1 on p2; p3 and
    // the 26 empty partitions caught up.
    const records = [
      ...[0, 1, 2].map((i) => ({ value: `p0-${i}`, partition: 0, timestamp: minutesAgo(3) })),
      ...[0, 1, 2].map((i) => ({ value: `p1-${i}`, partition: 1, timestamp: minutesAgo(2) })),
      ...[0, 1].map((i) => ({ value: `p2-${i}`, partition: 2, timestamp: minutesAgo(1) })),
      ...[0, 1].map((i) => ({ value: `p3-${i}`, partition: 3, timestamp: minutesAgo(1) })),
      ...[0, 1].map((i) => ({ value: `p29-${i}`, partition: 29, timestamp: minutesAgo(10) })),
    ];
    const topic = await ledTopic(session, 'fold-tree', 30);
    await produce(session, topic, records);
    const groupId = uniqueName('fold-group');
    const committed = new Map([[0, 0], [1, 1], [2, 1], [3, 2], [29, 0]]);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      await admin.setOffsets({ groupId, topic, partitions: Array.from({ length: 30 }, (_, p) => ({ partition: p, offset: String(committed.get(p) ?? 0) })) });
    } finally {
      await admin.disconnect();
    }
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const folder = await findRow(api, connection.node, /^Consumer Groups/);
    await vscode.commands.executeCommand('eventBroker.refresh', folder.node);
    const group = await until('the group row', async () => (await rows(api, folder.node)).find((r) => r.label === groupId));
    const children = await rows(api, group.node);
    assert.deepEqual(children.map((c) => c.label.replace(/ · [^·]+ behind$/, ' · … behind')), [
      'p0 · lag≈ 3 · … behind',
      'p29 · lag≈ 2 · … behind',
      'p1 · lag≈ 2 · … behind',
      'p2 · lag≈ 1 · … behind',
      '26 partitions caught up',
    ]);
    const fold = children.at(-1)!;
    assert.deepEqual([fold.description, fold.contextValue], [topic, 'caughtUpOffsets']);
    const folded = await rows(api, fold.node);
    assert.deepEqual(folded.map((c) => c.label), [...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((p) => `p${p} · lag≈ 0 · caught up`), 'Load more…']);
    assert.equal(folded.at(-1)!.description, `${PAGE} of 26 shown`);
    await vscode.commands.executeCommand('eventBroker.loadMore', fold.node);
    assert.equal((await rows(api, fold.node)).filter((c) => c.contextValue === 'groupOffset').length, 2 * PAGE);
  });
});
