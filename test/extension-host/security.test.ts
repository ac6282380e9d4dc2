// Security promises of the extension, inside a real extension host against the local broker:
// a SASL password lives only in SecretStorage — never in settings.json, the log files, the output
// panels or a message; hostile record bytes never reach the tail panel raw; deleting groups from a
// multi-selection confirms exactly the selected groups and deletes nothing else.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { listGroups } from '../../src/core/groups/listGroups';
import { produce } from '../../src/core/topics/produce';
import type { KafkaSession } from '../../src/core/session';
import type { DeleteGroupResult } from '../../src/core/model';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import { testBroker, LOCAL_USERS } from '../support/brokerEnv';
import { applicationKafka, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';
import { filesUnder, logsRoot, userSettingsFile } from './userDataFiles';

const WRONG = 'Wr0ng-pa55word-ext-grep';
const PASSWORDS = [LOCAL_USERS.admin.password, LOCAL_USERS.reader.password, WRONG];
// eslint-disable-next-line no-control-regex -- raw control characters are what this check looks for
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const skipSasl = testBroker().local && testBroker().saslBootstrap ? undefined : 'needs the local broker with SASL users';

suite('security: passwords, output panels, destructive actions', () => {
  let session: KafkaSession;
  let topic: string;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'ext-sec', 1, [{ value: 'first' }]);
  });
  suiteTeardown(() => session?.close());

  test('a SASL password stays in SecretStorage: not in settings.json, logs, output panels or messages', async function () {
    if (skipSasl) return this.skip();
    this.timeout(120_000);
    const api = await extensionApi();
    const bootstrap = testBroker().saslBootstrap!.join(',');
    const marker = uniqueName('hostile-marker');
    try {
      // 1. A working SASL connection, used for a replay and a tail.
      const add = new ScriptedPrompter([{ input: 'Sec admin' }, { input: bootstrap }, { pick: 'SASL PLAIN' }, { input: 'admin' }, { input: LOCAL_USERS.admin.password }, { pick: 'No TLS' }, { pick: 'Allow changes' }]);
      await withPrompter(api, add, () => vscode.commands.executeCommand('eventBroker.addConnection'));
      assert.equal(add.answersLeft, 0, 'the connection test passed');
      const replayPrompter = new ScriptedPrompter([{ pick: 'Sec admin' }, { pick: topic }, { pick: 'Beginning' }]);
      const replayed = await withPrompter(api, replayPrompter, () => vscode.commands.executeCommand<ReplayResult>('eventBroker.replayPartition'));
      assert.equal(replayed.count, 1);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      const root = await until('the Sec admin connection in the tree', async () => (await rows(api)).find((r) => r.label === 'Sec admin'));
      const topics = await findRow(api, root.node, /^Topics/);
      const topicRow = await findRow(api, topics.node, topic);
      await vscode.commands.executeCommand('eventBroker.tailTopic', topicRow.node);
      await api.tails.running()[0].started;
      // A hostile record: terminal escapes, C1, bidi override, line separator, BEL, NUL.
      await produce(session, topic, [{ key: '\u001b[31mkey', value: `${marker} \u001b]0;title\u0007\u001b[2J\u009b31m\u202eevil\u2028\u0000end`, headers: { h: Buffer.from([0x1b, 0xff]) } }]);
      await until('the tail to show the hostile record', () => (api.tails.running()[0]?.count === 1 ? true : undefined));
      await vscode.commands.executeCommand('eventBroker.stopTail');
      await until('the tail to stop', () => (api.tails.running().length === 0 ? true : undefined));

      // 2. A wrong password: the connection test fails with one sentence that does not repeat it.
      const wrong = new ScriptedPrompter([{ input: 'Sec wrong' }, { input: bootstrap }, { pick: 'SASL PLAIN' }, { input: 'reader' }, { input: WRONG }, { pick: 'No TLS' }, { pick: 'Allow changes' }, { confirm: true }]);
      await withPrompter(api, wrong, () => vscode.commands.executeCommand('eventBroker.addConnection'));
      const failed = wrong.asked.find((a) => a.kind === 'confirm')!;
      assert.match(failed.message!, /The connection test failed: Authentication failed/);
      for (const p of PASSWORDS) assert.ok(!`${failed.message}${failed.detail}`.includes(p), 'the message shows no password');
      // Used anyway: the tree shows an error row and a command fails into the log.
      const wrongRoot = await until('the Sec wrong connection', async () => (await rows(api)).find((r) => r.label === 'Sec wrong'));
      const wrongChildren = await rows(api, wrongRoot.node);
      const shown = [...wrongChildren, ...(await Promise.all(wrongChildren.map((r) => rows(api, r.node).catch(() => [])))).flat()].map((r) => `${r.label} ${r.description}`);
      assert.ok(shown.some((text) => /Authentication failed/.test(text)), `an error row: ${shown.join(' | ')}`);
      for (const text of shown) for (const p of PASSWORDS) assert.ok(!text.includes(p), 'the tree shows no password');
      await withPrompter(api, new ScriptedPrompter([{ pick: 'Sec wrong' }]), () => vscode.commands.executeCommand('eventBroker.replayPartition'));

      // 3. Settings hold the connections without any password.
      const settings = vscode.workspace.getConfiguration('eventBroker').get<Record<string, unknown>[]>('connections')!;
      assert.deepEqual(settings.map((c) => c.name).sort(), ['Sec admin', 'Sec wrong']);
      const settingsFile = userSettingsFile(api.globalStorageUri);
      assert.ok(settingsFile, `User/settings.json near ${api.globalStorageUri.fsPath}`);
      const settingsText = fs.readFileSync(settingsFile, 'utf8');
      assert.match(settingsText, /Sec admin/, 'the file the connections were written to');
      for (const p of PASSWORDS) assert.ok(!settingsText.includes(p), `settings.json holds ${p === WRONG ? 'the wrong' : 'a'} password`);

      // 4. Every log file and output panel written so far (VS Code writes them under logs/).
      const logs = logsRoot(api.logUri);
      const flushed = uniqueName('log-flush');
      api.log.info(flushed);
      const files = await until(
        'the log channel and the tail panel on disk',
        () => {
          const all = filesUnder(logs);
          const text = (f: string) => fs.readFileSync(f, 'latin1');
          return all.some((f) => text(f).includes(flushed)) && all.some((f) => text(f).includes(marker)) ? all : undefined;
        },
        30_000,
      );
      let grepped = 0;
      for (const f of files) {
        const text = fs.readFileSync(f, 'latin1');
        grepped++;
        for (const p of PASSWORDS) assert.ok(!text.includes(p), `${f} contains a password`);
      }
      assert.ok(grepped >= 2);
      const panels = files.filter((f) => fs.readFileSync(f, 'utf8').includes(marker));
      for (const panel of panels) {
        const line = fs.readFileSync(panel, 'utf8').split('\n').find((l) => l.includes(marker))!;
        assert.doesNotMatch(line, UNSAFE, `${panel}: a raw control character reached the tail panel`);
        assert.match(line, /key=\\x1b\[31mkey value=hostile-marker.* \\x1b\]0;title\\x07\\x1b\[2J\\x9b31m\\u202eevil\\u2028\\x00end headers=\{h=<binary base64:G\/8=>\}/);
      }
    } finally {
      for (const name of ['Sec admin', 'Sec wrong']) {
        const existing = api.store.list().find((c) => c.name === name);
        if (existing) await withPrompter(api, new ScriptedPrompter([{ pick: name }, { confirm: true }]), () => vscode.commands.executeCommand('eventBroker.removeConnection'));
      }
    }
    assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), []);
  });

  test('Delete Consumer Group on a multi-selection: the modal lists exactly the selected groups; "no" deletes nothing, "yes" only them', async function () {
    this.timeout(120_000);
    const api = await extensionApi();
    const prefix = uniqueName('ext-multi');
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${prefix}-${x}`);
    const admin = applicationKafka().admin();
    await admin.connect();
    try {
      for (const g of [a, b, c]) await admin.setOffsets({ groupId: g, topic, partitions: [{ partition: 0, offset: '1' }] });
      const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
      const groupsFolder = await findRow(api, connection.node, /^Consumer Groups/);
      await vscode.commands.executeCommand('eventBroker.refresh', groupsFolder.node);
      const groupRows = await until('the three idle groups', async () => {
        const all = (await rows(api, groupsFolder.node)).filter((r) => r.label.startsWith(prefix));
        return all.length === 3 ? all : undefined;
      });
      const [rowA, rowB] = [a, b].map((g) => groupRows.find((r) => r.label === g)!);
      const topicsFolder = await findRow(api, connection.node, /^Topics/);
      const topicRow = await findRow(api, topicsFolder.node, topic);

      // The selection also holds a topic: only groups are ever deleted.
      const declined = new ScriptedPrompter([{ confirm: false }]);
      const none = await withPrompter(api, declined, () => vscode.commands.executeCommand('eventBroker.deleteGroup', rowA.node, [rowA.node, topicRow.node, rowB.node]));
      assert.equal(none, undefined);
      assert.equal(declined.asked[0].message, `Delete 2 consumer groups on KAFKA_BOOTSTRAP (${process.env.KAFKA_BOOTSTRAP})?`);
      assert.equal(declined.asked[0].detail, `${a}\n${b}\n\nTheir committed offsets are deleted too. Groups with active members are not deleted.`);
      const left = async () => (await listGroups(session, 'kafka')).groups.map((g) => g.groupId).filter((g) => g.startsWith(prefix)).sort();
      assert.deepEqual(await left(), [a, b, c], '"no" deleted nothing');

      const accepted = new ScriptedPrompter([{ confirm: true }]);
      const results = await withPrompter(api, accepted, () => vscode.commands.executeCommand<DeleteGroupResult[]>('eventBroker.deleteGroup', rowA.node, [rowA.node, rowB.node]));
      assert.deepEqual(results.map((r) => [r.groupId, r.result]), [[a, 'deleted'], [b, 'deleted']]);
      assert.deepEqual(await left(), [c], 'only the confirmed groups are gone');
    } finally {
      await admin.deleteGroups([a, b, c]).catch(() => undefined);
      await admin.disconnect();
    }
  });
});
