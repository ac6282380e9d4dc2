// Topics changed from the tree (issue 22): Create Topic…, the Configuration row, Edit
// Configuration… and Reset to Default, Delete Records…, Delete Topic…; each run as a user would,
// with the questions answered by a script, the modal's text and its focused button checked, and the
// broker's state checked with Apache Kafka's own tools, never only with our own reads.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith, uniqueName, applicationKafka } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';
import { testBroker } from '../support/brokerEnv';
import { kafkaFirstOffsets, kafkaTopicDescription, kafkaTopicNames, kafkaTopicOverrides } from '../support/kafkaAdminTools';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';

const bootstrap = () => testBroker().bootstrap.join(',');

suite('topics changed from the tree', () => {
  let session: KafkaSession;
  suiteSetup(() => {
    session = openSession();
  });
  suiteTeardown(() => session?.close());

  async function topicsFolder() {
    const api = await extensionApi();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    return { api, folder: await findRow(api, connection.node, /^Topics/) };
  }

  async function topicRow(name: string) {
    const { api, folder } = await topicsFolder();
    const row = await until(`the row of ${name}`, async () => {
      await vscode.commands.executeCommand('eventBroker.refresh', folder.node);
      return (await rows(api, folder.node)).find((r) => r.label === name);
    });
    return { api, row };
  }

  test('Create Topic… from the Topics row: each answer checked as typed, the plan in a modal whose Escape creates nothing', async () => {
    const { api, folder } = await topicsFolder();
    const name = uniqueName('host-create');
    const existing = await topicWith(session, 'host-exists', 1);
    const checked = new ScriptedPrompter([{ input: 'not a name' }, { cancel: true }]);
    await withPrompter(api, checked, () => vscode.commands.executeCommand('eventBroker.createTopic', folder.node));
    assert.match(checked.asked[0].validation ?? '', /not a valid topic name: use letters, digits/);
    const twice = new ScriptedPrompter([{ input: existing }, { input: '20001' }, { cancel: true }]);
    await withPrompter(api, twice, () => vscode.commands.executeCommand('eventBroker.createTopic', folder.node));
    assert.match(twice.asked[0].validation ?? '', /already exists/);
    assert.match(twice.asked[1].validation ?? '', /VAST allows at most 20,000 partitions a topic/);

    const declined = new ScriptedPrompter([{ input: name }, { input: '3' }, { input: '' }, { input: '3600000' }, { input: 'cleanup.policy=compact' }, { confirm: false }]);
    await withPrompter(api, declined, () => vscode.commands.executeCommand('eventBroker.createTopic', folder.node));
    const modal = declined.asked.find((a) => a.kind === 'confirm')!;
    assert.equal(modal.safeDefault, "Don't Create", 'the focused button creates nothing');
    assert.deepEqual(modal.buttons, ["Don't Create", 'Create Topic', 'Cancel'], 'the harmless button first, where VS Code puts the focus');
    assert.match(modal.message ?? '', new RegExp(`^Create topic ${name} on `));
    assert.match(modal.detail ?? '', /partitions: +3\nreplication factor: +the broker's default\nconfiguration: +cleanup\.policy=compact\n +retention\.ms=3600000/);
    assert.match(modal.detail ?? '', /VAST cannot change a topic's partition count/);
    assert.ok(!(await kafkaTopicNames(bootstrap())).includes(name), 'declined: nothing created');

    const accepted = new ScriptedPrompter([{ input: name }, { input: '3' }, { input: '' }, { input: '3600000' }, { input: 'cleanup.policy=compact' }, { confirm: true }]);
    const created = await withPrompter(api, accepted, () => vscode.commands.executeCommand<{ topic: string }>('eventBroker.createTopic', folder.node));
    assert.equal(created.topic, name);
    const described = await kafkaTopicDescription(bootstrap(), name);
    assert.equal(described?.partitions, 3);
    // kafka-topics' Configs column; on Kafka 4 it also lists what all brokers set (min.insync.replicas).
    assert.equal(described?.configs.get('cleanup.policy'), 'compact');
    assert.equal(described?.configs.get('retention.ms'), '3600000');
    await topicRow(name); // the Topics row was read again and shows it
  });

  test('the Configuration row, then Edit Configuration… (set one, reset another) and Reset to Default, as kafka-configs sees them', async () => {
    const topic = await topicWith(session, 'host-config', 1);
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.alterConfigs({ validateOnly: false, resources: [{ type: 2, name: topic, configEntries: [{ name: 'retention.ms', value: '3600000' }, { name: 'cleanup.policy', value: 'compact' }] }] }).finally(() => admin.disconnect());
    const { api, row } = await topicRow(topic);
    const configuration = await findRow(api, row.node, 'Configuration');
    const entries = await rows(api, configuration.node);
    assert.deepEqual(entries.slice(0, 2).map((e) => [e.label, e.description, e.contextValue]), [
      ['cleanup.policy', 'compact · topic', 'configEntry.override'],
      ['retention.ms', '3600000 · topic', 'configEntry.override'],
    ]);
    assert.ok(entries.length > 10 && entries.slice(2).every((e) => e.contextValue !== 'configEntry.override'), 'every other entry follows');
    assert.equal((await findRow(api, row.node, 'Configuration')).description, '2 set on the topic');

    const retention = entries.find((e) => e.label === 'retention.ms')!;
    const edit = new ScriptedPrompter([
      { pick: 'Set a new value' },
      { input: '7200000' },
      { pick: 'Change another entry' },
      { pick: 'cleanup.policy' },
      { pick: 'Reset to default' },
      { pick: 'Review the 2 changes' },
      { confirm: true },
    ]);
    const result = await withPrompter(api, edit, () => vscode.commands.executeCommand<{ changes: unknown[] }>('eventBroker.editTopicConfig', retention.node));
    const modal = edit.asked.find((a) => a.kind === 'confirm')!;
    assert.equal(modal.safeDefault, 'Keep Configuration');
    assert.equal(modal.detail, 'retention.ms: 3600000 → 7200000\ncleanup.policy: compact → (default)');
    assert.deepEqual(result.changes, [
      { name: 'retention.ms', from: '3600000', to: '7200000' },
      { name: 'cleanup.policy', from: 'compact', to: null },
    ]);
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000' });
    // The command refreshed the row: its entries, read again as an expanded row is, match the broker and its count.
    const refreshed = await rows(api, configuration.node);
    assert.deepEqual(refreshed.filter((e) => e.contextValue === 'configEntry.override').map((e) => [e.label, e.description]), [['retention.ms', '7200000 · topic']]);
    assert.equal(api.explorer.getTreeItem(configuration.node).description, '1 set on the topic');

    const declined = new ScriptedPrompter([{ confirm: false }]);
    await withPrompter(api, declined, () => vscode.commands.executeCommand('eventBroker.resetTopicConfigEntry', refreshed.find((e) => e.label === 'retention.ms')!.node));
    assert.equal(declined.asked[0].safeDefault, 'Keep Configuration');
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), { 'retention.ms': '7200000' }, 'declined: kept');
    const reset = new ScriptedPrompter([{ confirm: true }]);
    await withPrompter(api, reset, () => vscode.commands.executeCommand('eventBroker.resetTopicConfigEntry', refreshed.find((e) => e.label === 'retention.ms')!.node));
    assert.deepEqual(Object.fromEntries(await kafkaTopicOverrides(bootstrap(), topic)), {}, 'the override is gone');
  });

  test('Delete Records… on a partition row: the plan per partition, the safe button keeps them, then kafka-get-offsets shows the new first offset', async () => {
    const topic = await topicWith(session, 'host-truncate', 2, Array.from({ length: 6 }, (_, i) => ({ value: `v${i}`, partition: 0 })));
    const { api, row } = await topicRow(topic);
    const partition = await findRow(api, row.node, 'Partition 0');
    const declined = new ScriptedPrompter([{ pick: 'Before an offset' }, { input: '4' }, { confirm: false }]);
    await withPrompter(api, declined, () => vscode.commands.executeCommand('eventBroker.deleteRecords', partition.node));
    const modal = declined.asked.find((a) => a.kind === 'confirm')!;
    assert.equal(modal.safeDefault, 'Keep Records');
    assert.match(modal.detail ?? '', /^partition 0: first offset 0 → 4 \(4 records removed\)\n4 records in all/);
    assert.equal((await kafkaFirstOffsets(bootstrap(), topic)).get(0), 0, 'declined: nothing deleted');
    const accepted = new ScriptedPrompter([{ pick: 'Before an offset' }, { input: '4' }, { confirm: true }]);
    await withPrompter(api, accepted, () => vscode.commands.executeCommand('eventBroker.deleteRecords', partition.node));
    assert.deepEqual(Object.fromEntries(await kafkaFirstOffsets(bootstrap(), topic)), { 0: 4, 1: 0 });
  });

  test('Delete Topic… on a multi-selection: the modal lists the groups whose commits go, then the count must be typed', async () => {
    const used = await topicWith(session, 'host-del-used', 1, [{ value: 'a' }]);
    const unused = await topicWith(session, 'host-del-unused', 1);
    const group = uniqueName('host-del-group');
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.setOffsets({ groupId: group, topic: used, partitions: [{ partition: 0, offset: '1' }] }).finally(() => admin.disconnect());
    const { api, row: usedRow } = await topicRow(used);
    const { row: unusedRow } = await topicRow(unused);

    const mistyped = new ScriptedPrompter([{ confirm: true }, { input: 'delete 3 topics' }]);
    await withPrompter(api, mistyped, () => vscode.commands.executeCommand('eventBroker.deleteTopic', usedRow.node, [usedRow.node, unusedRow.node]));
    const modal = mistyped.asked[0];
    assert.deepEqual(modal.buttons, ['Keep Topics', 'Delete 2 Topics…', 'Cancel'], 'the harmless button first, where VS Code puts the focus');
    assert.equal(modal.safeDefault, 'Keep Topics');
    assert.match(modal.message ?? '', /^Delete 2 topics on /);
    assert.match(modal.detail ?? '', /^Deleting a topic also deletes every group's committed offsets for it\./);
    assert.match(modal.detail ?? '', new RegExp(`${used}: the committed offsets of 1 group go with it: ${group}\\n${unused}: no group has committed offsets on it`));
    assert.match(mistyped.asked[1].validation ?? '', /Type exactly "delete 2 topics" to delete/);
    let names = await kafkaTopicNames(bootstrap());
    assert.ok(names.includes(used) && names.includes(unused), 'mistyped: nothing deleted');

    const typed = new ScriptedPrompter([{ confirm: true }, { input: 'delete 2 topics' }]);
    await withPrompter(api, typed, () => vscode.commands.executeCommand('eventBroker.deleteTopic', usedRow.node, [usedRow.node, unusedRow.node]));
    names = await kafkaTopicNames(bootstrap());
    assert.ok(!names.includes(used) && !names.includes(unused), 'kafka-topics --list no longer shows them');
  });
});
