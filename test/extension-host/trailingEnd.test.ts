// The extension on a broker whose end offsets trail the newest events, as VAST's do (the VAST-like
// proxy in front of the test broker): a replay from an offset past the reported end is accepted with
// a note, not refused; Replay's "End" and Tail Topic… show only records written after they began;
// and a topic's summary row never calls empty a partition that holds its newest record, right
// after a burst while the end offsets still say 0.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { startVastLikeProxy, type VastLikeProxy } from '../support/vastLikeBrokerProxy';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import type { RunningTail } from '../../src/extension/tail/tailManager';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter, withReplayLimit } from './extensionApi';

const config = () => vscode.workspace.getConfiguration('eventBroker');
const CONNECTION = 'trailing-end';
/** The proxy's reported end trails the true one by this many records. */
const TRAIL = 19;

suite('a broker whose end offsets trail (VAST-like proxy)', () => {
  let session: KafkaSession;
  let proxy: VastLikeProxy;

  suiteSetup(async function () {
    if (testBroker().bootstrap.length !== 1) this.skip(); // the proxy fronts a single broker
    session = openSession();
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], { endOffsetLag: TRAIL });
    await config().update('connections', [{ name: CONNECTION, bootstrap: proxy.bootstrap }], vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await config().update('connections', undefined, vscode.ConfigurationTarget.Global);
    await proxy?.close();
    await session?.close();
  });

  async function topicRow(topic: string) {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await until('the proxied connection in the tree', async () => (await rows(api)).find((r) => r.label === CONNECTION));
    const topics = await findRow(api, connection.node, /^Topics/);
    return { api, row: await findRow(api, topics.node, topic) };
  }

  /** `count` records in partition `partition`, written `ageMs` ago and a second apart. */
  const aged = (partition: number, count: number, ageMs: number, tag: string) =>
    Array.from({ length: count }, (_, i) => ({ value: `${tag}${i}`, partition, timestamp: Date.now() - ageMs + i * 1000 }));

  test('Replay Partition… → Offset…: an offset past the approximate end is accepted, with a note, and reads what is there', async () => {
    // 25 records, reported end 25 − 19 = 6: offset 22 is past it and holds 3 records.
    const topic = await topicWith(session, 'trail-offset', 1, aged(0, 25, 600_000, 'r'));
    const { api, row } = await topicRow(topic);
    const partition = await findRow(api, row.node, 'Partition 0');
    const prompter = new ScriptedPrompter([{ pick: 'Offset…' }, { input: '22' }]);
    const result = await withReplayLimit(10, () => withPrompter(api, prompter, () => vscode.commands.executeCommand<ReplayResult | undefined>('eventBroker.replayPartition', partition.node)));
    assert.equal(prompter.asked[1].validation, 'Past the reported end (about 6), which can trail the newest records: records there may not have arrived yet.');
    assert.match(prompter.asked[1].prompt ?? '', /^An offset from 0; the end, about 6, can trail the newest records \(VAST\), so an offset past it is accepted$/);
    assert.equal(result?.startOffset, 22);
    assert.equal(result?.count, 3);
    result?.viewer?.dispose();
  });

  test('Replay Partition… → End reads none of the records written before it began, and its first line says so', async () => {
    const topic = await topicWith(session, 'trail-end', 1, aged(0, TRAIL, 30_000, 'old'));
    const { api, row } = await topicRow(topic);
    const partition = await findRow(api, row.node, 'Partition 0');
    const result = await withReplayLimit(100, () =>
      withPrompter(api, new ScriptedPrompter([{ pick: 'End' }]), () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition', partition.node)),
    );
    assert.equal(result.startOffset, 0, 'the reported end trails by all the records');
    assert.equal(result.count, 0);
    const header = JSON.parse((await result.jsonLinesDocument()).getText().split('\n')[0]) as { from: string; note?: string };
    assert.equal(header.from, 'end');
    assert.match(header.note ?? '', /^only records written from \S+Z on \(5 s allowed for producer clocks\): older ones after the reported end, which can trail the newest events, are skipped$/);
    result.viewer?.dispose();
  });

  test('Tail Topic… shows only the records produced after it started, not those past the trailing end', async () => {
    const topic = await topicWith(session, 'trail-tail', 1, aged(0, TRAIL, 30_000, 'old'));
    const { api, row } = await topicRow(topic);
    const tail = await vscode.commands.executeCommand<RunningTail>('eventBroker.tailTopic', row.node);
    try {
      await tail.started;
      await produce(session, topic, [{ value: 'new0', partition: 0 }, { value: 'new1', partition: 0 }]);
      await until('the tail to count the new records', () => (tail.count >= 2 ? true : undefined));
      assert.equal(tail.count, 2);
    } finally {
      tail.stop();
      await until('the tail to stop', () => (api.tails.running().some((t) => t.id === tail.id) ? undefined : true));
    }
  });

  test('the summary row right after a burst: never "empty" where the newest record is, ≈ on the empty count, no "upper bound"', async () => {
    // 38 records in partitions 0 and 1 (19 each, the newest last), none in 2; every end offset still says 0.
    const topic = await topicWith(session, 'trail-summary', 3, [...aged(0, 19, 60_000, 'a'), ...aged(1, 19, 59_500, 'b')]);
    const { api, row } = await topicRow(topic);
    const summary = await until('the newest record time on the summary row', async () => {
      const found = (await rows(api, row.node)).find((r) => r.contextValue === 'topicSummary');
      return found && !found.description.endsWith('newest …') ? found : undefined;
    });
    const item = api.explorer.getTreeItem(summary.node);
    const tooltip = (item.tooltip as vscode.MarkdownString).value;
    const newestAt = /Newest record: (\S+), partition 1, offset 18 — /.exec(tooltip);
    assert.ok(newestAt, tooltip);
    assert.equal(summary.label, '≈38 records');
    assert.equal(summary.description, `≈1 empty · 3 partitions · newest ${new Date(newestAt[1]).toLocaleTimeString()}`);
    assert.doesNotMatch(tooltip, /upper bound/);
    assert.match(tooltip, /an end offset that trails the newest events \(VAST\) makes it too low right after a burst/);
  });
});
