// Lag you can trust, in the real extension host against the live broker: the tree's group and
// partition rows show the time lag read at the committed offsets (records produced with timestamps
// the test sets, offsets committed from outside, without a member), "caught up" and "no commit",
// and, through a proxy whose end offsets trail, a record waiting where the offset lag says 0;
// Watch Lag's status-bar item and its warning state; and sampling that lasts as long as the watch —
// on while the panel is hidden (the status bar stays current), none after it is closed — counted
// as Fetch requests on the wire through a proxy, with a second watch's samples as the clock
// (events, never elapsed time).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { startVastLikeProxy, type VastLikeProxy } from '../support/vastLikeBrokerProxy';
import { produce } from '../../src/core/topics/produce';
import { formatTimeLag } from '../../src/core/lag/describeTimeLag';
import type { KafkaSession } from '../../src/core/session';
import type { Consumer } from 'kafkajs';
import type { GroupNode } from '../../src/extension/tree/groupNode';
import type { GroupOffsetNode } from '../../src/extension/tree/groupOffsetNode';
import type { LagWatch } from '../../src/extension/lag/lagWatch';
import { WARNING_BACKGROUND } from '../../src/extension/lag/lagStatusItem';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';

const config = () => vscode.workspace.getConfiguration('eventBroker');

/** Resolves after `count` more samples of `watch` (the mocha timeout bounds the wait). */
function samples(watch: LagWatch, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const listening = watch.onDidSample(() => {
      if (++seen < count) return;
      listening.dispose();
      resolve();
    });
  });
}

function tooltipOf(item: vscode.TreeItem): string {
  return typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
}

suite('lag: time lag in the tree, Watch Lag', () => {
  let session: KafkaSession;
  let topic: string;
  /** Two partitions: p0 three records 3 minutes old, p1 two records a minute old. */
  const p0Timestamps: number[] = [];
  /** Committed p0 at 1 (two unread, the next written at p0Timestamps[1]) and p1 at its end (caught up). */
  const behind = uniqueName('lag-behind');
  /** Committed both partitions at their end. */
  const caughtUp = uniqueName('lag-caught-up');
  /** A live member assigned both partitions that never commits. */
  const uncommitted = uniqueName('lag-no-commit');
  let member: Consumer;
  let proxy: VastLikeProxy | undefined;

  suiteSetup(async () => {
    session = openSession();
    const base = Date.now() - 180_000;
    p0Timestamps.push(base, base + 1000, base + 2000);
    topic = await topicWith(session, 'lag', 2);
    await produce(session, topic, [
      ...p0Timestamps.map((timestamp, i) => ({ value: `p0-${i}`, partition: 0, timestamp })),
      ...[0, 1].map((i) => ({ value: `p1-${i}`, partition: 1, timestamp: Date.now() - 60_000 })),
    ]);
    const commit = async (group: string, p0: number, p1: number) => {
      const outcomes = await session.cluster().commitOffsets(group, [
        { topic, partition: 0, offset: p0 },
        { topic, partition: 1, offset: p1 },
      ]);
      assert.ok(outcomes.every((o) => o.error === null), JSON.stringify(outcomes));
    };
    await commit(behind, 1, 2);
    await commit(caughtUp, 3, 2);
    member = await liveConsumer(uncommitted, topic, 0);
  });

  suiteTeardown(async () => {
    const api = await extensionApi();
    api.lagWatches.dispose();
    await config().update('connections', undefined, vscode.ConfigurationTarget.Global);
    await config().update('lag.watchIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await config().update('lag.warningSeconds', undefined, vscode.ConfigurationTarget.Global);
    await member?.disconnect();
    await proxy?.close();
    await session?.close();
  });

  async function groupsFolder() {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    return { api, folder: await findRow(api, connection.node, /^Consumer Groups/) };
  }

  test('group rows show the worst time lag beside the offset lag: behind (within 1 s of the truth), caught up, no commits', async () => {
    const { api, folder } = await groupsFolder();
    const before = Date.now();
    await vscode.commands.executeCommand('eventBroker.refresh', folder.node);
    const row = await until('the time lag on the unexpanded group row', async () => {
      const found = (await rows(api, folder.node)).find((r) => r.label === behind);
      return found?.description.includes('behind') ? found : undefined;
    });
    const after = Date.now();
    const node = row.node as GroupNode;
    const timeLag = node.timeLag!;
    assert.ok(timeLag.sampledAt >= before && timeLag.sampledAt <= after, 'read during the listing');
    // The first unread record of p0 is the one at offset 1, written at the time the test set.
    const truth = timeLag.sampledAt - p0Timestamps[1];
    assert.ok(Math.abs(timeLag.maxTimeLagMs! - truth) <= 1000, `time lag ${timeLag.maxTimeLagMs} ms, truth ${truth} ms`);
    assert.equal(row.description, `lag ≈2 · ${formatTimeLag(timeLag.maxTimeLagMs)} · Empty · 0 members`);
    assert.match(row.description, /· 3 min behind ·/);
    const tooltip = tooltipOf(api.explorer.getTreeItem(row.node));
    assert.match(tooltip, /time lag: 3 min behind — the worst partition; time lag is the age of the record at the committed offset, read without joining the group/);
    assert.match(tooltip, /offset lag is the reported end offset minus the committed offset \(approximate under the vast profile\)/);

    const all = await rows(api, folder.node);
    assert.equal(all.find((r) => r.label === caughtUp)?.description, 'lag ≈0 · caught up · Empty · 0 members');
    assert.equal(all.find((r) => r.label === uncommitted)?.description, 'no commits · Stable · 1 member');
  });

  test('partition rows show offset lag and time lag; the tooltip says how each was found', async () => {
    const { api, folder } = await groupsFolder();
    const group = await findRow(api, folder.node, behind);
    const before = Date.now();
    const details = await rows(api, group.node);
    assert.deepEqual(details.map((d) => [d.label, d.description]), [
      ['p0 · lag≈ 2 · 3 min behind', `committed 1 · end≈ 3 · ${topic}`],
      ['p1 · lag≈ 0 · caught up', `committed 2 · end≈ 2 · ${topic}`],
    ]);
    const p0 = details[0].node as GroupOffsetNode;
    const reading = p0.reading!;
    assert.ok(reading.nextUnreadTimestamp === p0Timestamps[1], `the record at the committed offset: ${reading.nextUnreadTimestamp}`);
    const truth = Date.now() - p0Timestamps[1];
    assert.ok(reading.timeLagMs! >= before - p0Timestamps[1] - 1000 && reading.timeLagMs! <= truth + 1000, `time lag ${reading.timeLagMs} ms, truth about ${truth} ms`);
    const tooltip = tooltipOf(api.explorer.getTreeItem(p0));
    assert.match(tooltip, /time lag: 3 min behind — Read the record at the committed offset 1/);
    assert.match(tooltip, /read without joining the group/);
    assert.match(tooltip, /lag: 2 \(approximate\) — offset lag is the reported end offset minus the committed offset/);
    assert.match(tooltipOf(api.explorer.getTreeItem(details[1].node)), /came back empty: nothing unread/);

    const none = await rows(api, (await findRow(api, folder.node, uncommitted)).node);
    assert.deepEqual(none.filter((r) => r.contextValue === 'groupOffset').map((r) => r.label), ['p0 · lag≈ — · no commit', 'p1 · lag≈ — · no commit']);
  });

  test('through a broker whose end offsets trail (as VAST\'s do): the offset lag reads 0, the rows say a record is waiting', async () => {
    const api = await extensionApi();
    const trailing = await startVastLikeProxy(testBroker().bootstrap[0], { endOffsetLag: 2 });
    try {
      await config().update('connections', [{ name: 'lag-trailing-end', bootstrap: trailing.bootstrap }], vscode.ConfigurationTarget.Global);
      const connection = await until('the trailing connection in the tree', async () => (await rows(api)).find((r) => r.label === 'lag-trailing-end'));
      const folder = await findRow(api, connection.node, /^Consumer Groups/);
      const row = await until('the time lag on the group row', async () => {
        const found = (await rows(api, folder.node)).find((r) => r.label === behind);
        return found?.description.includes('behind') ? found : undefined;
      });
      // The group row says which figure to believe, before it is expanded.
      assert.equal(row.description, 'lag ≈0 (end trails) · 3 min behind · Empty · 0 members');
      assert.match(tooltipOf(api.explorer.getTreeItem(row.node)), /End offsets say 0 behind, but a record is waiting/);
      const details = await rows(api, row.node);
      assert.deepEqual(details.map((d) => [d.label, d.description]), [
        ['p0 · lag≈ 0 · 3 min behind', `committed 1 · end≈ 1 · ${topic}`],
        ['p1 · lag≈ 0 · caught up', `committed 2 · end≈ 0 · ${topic}`],
      ]);
      const p0 = api.explorer.getTreeItem(details[0].node);
      assert.match(tooltipOf(p0), /End offsets say 0 behind, but a record is waiting/);
      assert.equal((p0.iconPath as vscode.ThemeIcon).id, 'warning');
      assert.doesNotMatch(tooltipOf(api.explorer.getTreeItem(details[1].node)), /a record is waiting/);
    } finally {
      await config().update('connections', undefined, vscode.ConfigurationTarget.Global);
      await trailing.close();
    }
  });

  test('Watch Lag: the status bar shows the group\'s time lag, on the warning background above lag.warningSeconds', async () => {
    const { api, folder } = await groupsFolder();
    await config().update('lag.warningSeconds', 60, vscode.ConfigurationTarget.Global);
    const group = await findRow(api, folder.node, behind);
    const watch = await vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag', group.node);
    if (!watch.latest) await samples(watch, 1);
    assert.equal(watch.panel.title, `Lag: ${behind}`);
    assert.equal(watch.status.text, `$(pulse) ${behind}: 3 min behind`);
    assert.equal(watch.status.background, WARNING_BACKGROUND);
    assert.match(watch.status.tooltip, /More than 60 s behind/);

    await config().update('lag.warningSeconds', 3600, vscode.ConfigurationTarget.Global);
    await until('the status item redrawn without the warning', () => (watch.status.background === undefined ? true : undefined));
    assert.equal(watch.status.text, `$(pulse) ${behind}: 3 min behind`);

    // Watch Lag again (the status item's click) reveals the same panel.
    assert.equal(await vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag', watch.target), watch);
    watch.panel.dispose();
    assert.equal(api.lagWatches.find(watch.target), undefined, 'closing the panel ends the watch and its status item');
    assert.equal(api.lagWatches.all().length, 0);
  });

  test('Watch Lag from the palette asks for the group, then watches it', async () => {
    const api = await extensionApi();
    const prompter = new ScriptedPrompter([{ pick: caughtUp }]);
    const watch = await withPrompter(api, prompter, () => vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag'));
    assert.equal(prompter.asked[0].title, 'Watch Lag: choose a consumer group');
    assert.equal(watch.groupId, caughtUp);
    if (!watch.latest) await samples(watch, 1);
    assert.equal(watch.status.text, `$(pulse) ${caughtUp}: caught up`);
    assert.equal(watch.status.background, undefined);
    watch.panel.dispose();
  });

  test('sampling goes on while the panel is hidden (the status bar stays current), none after it is closed (Fetch requests counted on the wire)', async function () {
    this.timeout(180_000);
    const api = await extensionApi();
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], { immediateFetch: false });
    await config().update('lag.watchIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    await config().update('connections', [{ name: 'lag-through-proxy', bootstrap: proxy.bootstrap }], vscode.ConfigurationTarget.Global);
    const proxied = await until('the proxied connection', () => api.store.list().find((c) => c.name === 'lag-through-proxy'));
    const direct = api.store.list().find((c) => c.source === 'environment')!;

    const watched = await vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag', { connectionId: proxied.id, groupId: behind });
    await samples(watched, 2);
    assert.ok(proxy.fetches.length >= 2, `fetches through the proxy while watched: ${proxy.fetches.length}`);
    assert.equal(watched.status.text, `$(pulse) ${behind}: 3 min behind`);

    // A second watch, on the direct connection, opens in the same editor group: the first is hidden,
    // and its status-bar item still in sight, so it keeps sampling.
    const clock = await vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag', { connectionId: direct.id, groupId: caughtUp });
    await until('the first panel hidden', () => (!watched.panel.visible ? true : undefined));
    const whenHidden = proxy.fetches.length;
    const sampledWhenHidden = watched.latest!.sampledAt;
    await samples(watched, 2);
    assert.ok(watched.sampling, 'still sampling while the panel is hidden');
    assert.ok(proxy.fetches.length > whenHidden, 'fetches go on while the panel is hidden');
    assert.ok(watched.latest!.sampledAt > sampledWhenHidden, 'the status bar shows a newer sample');
    assert.equal(watched.status.text, `$(pulse) ${behind}: 3 min behind`, 'a fresh figure carries no age');
    assert.doesNotMatch(watched.status.tooltip, /paused/);

    watched.panel.dispose();
    assert.equal(watched.sampling, false);
    clock.reveal();
    await samples(clock, 1);
    const afterClose = proxy.fetches.length;
    await samples(clock, 3);
    assert.equal(proxy.fetches.length, afterClose, 'no fetch after the panel is closed');
    assert.equal(api.lagWatches.find(watched.target), undefined);
    clock.panel.dispose();
  });

  test('a broker that goes away: one sentence in the panel and the status bar, sampling goes on', async function () {
    this.timeout(180_000);
    const api = await extensionApi();
    const failures: string[] = [];
    const commandFailures = api.commandFailures((f) => failures.push(f.sentence));
    await config().update('requestTimeoutSeconds', 3, vscode.ConfigurationTarget.Global);
    try {
      const down = await startVastLikeProxy(testBroker().bootstrap[0]);
      await config().update('connections', [{ name: 'lag-goes-away', bootstrap: down.bootstrap }], vscode.ConfigurationTarget.Global);
      const connection = await until('the connection', () => api.store.list().find((c) => c.name === 'lag-goes-away'));
      const watch = await vscode.commands.executeCommand<LagWatch>('eventBroker.watchLag', { connectionId: connection.id, groupId: behind });
      await samples(watch, 1);
      await down.close();
      const sentences: string[] = [];
      await new Promise<void>((resolve) => {
        const listening = watch.onDidFail((sentence) => {
          sentences.push(sentence);
          if (sentences.length < 2) return;
          listening.dispose();
          resolve();
        });
      });
      assert.ok(watch.sampling, 'still sampling after two failures');
      assert.match(sentences[0], /Trying again in \d+ s\.$/);
      assert.ok(!sentences[0].includes('\n') && !/at .*\.js:\d+/.test(sentences[0]), `one sentence, no stack: ${sentences[0]}`);
      assert.match(watch.status.tooltip, /Last sample failed: /);
      assert.match(watch.status.text, new RegExp(`^\\$\\(pulse\\) ${behind}: 3 min behind \\(\\d+ s ago\\)$`), 'the last good sample stays on the status bar, with its age');
      assert.match(watch.status.tooltip, /This figure is \d+ s old/);
      assert.deepEqual(failures, [], 'no command failed, so no error popup');
      watch.panel.dispose();
    } finally {
      commandFailures.dispose();
      await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
