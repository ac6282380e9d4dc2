// package.json's tree menus and the table of context values agree: every `viewItem` clause matches
// rows of the table, and each menu item matches exactly the rows it is meant for (so "Delete
// Consumer Group" can never appear on a Stable group, nor "Remove Connection" on one from the
// environment). A new menu item or context value has to say here where it belongs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CONTEXT_VALUES } from '../../src/extension/tree/contextValues';
import { EXTENSION_ID } from './extensionApi';
import { viewItemPredicate } from './viewItemClause';

type ContextKey = keyof typeof CONTEXT_VALUES;

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}

const CONNECTIONS: ContextKey[] = ['connectionFromSettings', 'connectionFromEnvironment', 'connectionFromSettingsReadOnly', 'connectionFromEnvironmentReadOnly'];
const GROUPS: ContextKey[] = ['groupStable', 'groupEmpty', 'groupDead', 'groupPreparingRebalance', 'groupCompletingRebalance', 'groupNotAuthorized', 'groupOtherState', 'groupReadOnly'];
/** A topic on any connection: the read commands are on both. */
const TOPICS: ContextKey[] = ['topic', 'topicReadOnly'];
const PARTITIONS: ContextKey[] = ['partition', 'partitionReadOnly'];

/** Each view/item/context entry ("command@group") and the rows it is meant to appear on. */
const INTENDED: Record<string, ContextKey[]> = {
  'eventBroker.refresh@inline@9': [...CONNECTIONS, 'topicsFolder', 'topicsFolderReadOnly', ...TOPICS, 'topicConfig', 'topicConfigReadOnly', 'groupsFolder', 'groupsFolderReadOnly', ...GROUPS, 'cluster', 'schemaRegistry', 'subject'],
  // Removing a connection changes settings, not the broker: offered on read-only ones too.
  'eventBroker.removeConnection@9_remove': ['connectionFromSettings', 'connectionFromSettingsReadOnly'],
  'eventBroker.tailTopic@inline@1': TOPICS,
  'eventBroker.tailTopic@1_read@1': TOPICS,
  'eventBroker.offsetsForTime@1_read@2': TOPICS,
  'eventBroker.searchRecords@1_read@3': [...TOPICS, ...PARTITIONS],
  'eventBroker.produceTestEvent@2_write@1': ['topic'],
  'eventBroker.replayTopic@1_read@4': TOPICS,
  'eventBroker.filterPartitions@1_read@5': TOPICS,
  'eventBroker.replayPartition@inline@1': PARTITIONS,
  'eventBroker.replayPartition@1_read@1': PARTITIONS,
  // Changing topics: never on a read-only connection's rows.
  'eventBroker.createTopic@inline@0': ['topicsFolder'],
  'eventBroker.createTopic@2_write@1': ['topicsFolder'],
  'eventBroker.editTopicConfig@2_write@2': ['topic'],
  'eventBroker.editTopicConfig@inline@1': ['topicConfig'],
  'eventBroker.editTopicConfig@inline@3': ['configEntry', 'configEntryOverride'],
  'eventBroker.resetTopicConfigEntry@inline@2': ['configEntryOverride'],
  'eventBroker.deleteTopic@9_delete@1': ['topic'],
  'eventBroker.deleteRecords@9_delete@2': ['topic', 'partition'],
  'eventBroker.deleteGroup@9_delete@1': ['groupEmpty', 'groupDead'],
  'eventBroker.deleteIdleGroups@9_delete@1': ['groupsFolder'],
  'eventBroker.resetOffsets@3_offsets@1': ['groupEmpty', 'groupDead'],
  'eventBroker.saveOffsetsSnapshot@3_offsets@2': GROUPS,
  'eventBroker.restoreOffsets@3_offsets@3': ['groupEmpty', 'groupDead', 'groupsFolder'],
  'eventBroker.filterTopics@inline@1': ['topicsFolder', 'topicsFolderReadOnly'],
  'eventBroker.copyName@8_copy@1': [...CONNECTIONS, ...TOPICS, ...GROUPS, ...PARTITIONS, 'groupOffset', 'groupMember', 'subject'],
  'eventBroker.replayFromCommitted@1_read@1': ['groupOffset'],
  'eventBroker.replayFromCommitted@inline@1': ['groupOffset'],
  'eventBroker.copyBootstrap@8_copy@2': CONNECTIONS,
  'eventBroker.watchLag@1_read@1': GROUPS,
  // A connection from the environment is read-only by EBX_READ_ONLY, not by a setting.
  'eventBroker.toggleReadOnly@7_readOnly@1': ['connectionFromSettings', 'connectionFromSettingsReadOnly'],
  // Record formats and the registry are settings, not the broker: on read-only rows too; the
  // environment's connection takes its registry from the environment.
  'eventBroker.valueFormat@4_format@1': TOPICS,
  'eventBroker.keyFormat@4_format@2': TOPICS,
  'eventBroker.schemaRegistry@7_readOnly@2': ['connectionFromSettings', 'connectionFromSettingsReadOnly'],
  'eventBroker.filterSubjects@inline@1': ['schemaRegistry'],
  'eventBroker.filterSubjects@1_read@1': ['schemaRegistry'],
  'eventBroker.openSchema@1_read@1': ['schemaVersion'],
};

/** Rows that no menu item is meant for (details, states and the "Load more…" row, which acts on click). */
const WITHOUT_MENU: ContextKey[] = ['error', 'info', 'loadMore', 'configEntryReadOnly', 'broker', 'apiVersions', 'apiVersion', 'apiVersionNotOnVast', 'apiVersionPartlyOnVast', 'clusterTotals', 'topicSummary', 'partitionFilter', 'caughtUpOffsets'];

const manifest = JSON.parse(fs.readFileSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuItem[]> };
};
const itemMenus = manifest.contributes.menus['view/item/context'];
const allKeys = Object.keys(CONTEXT_VALUES) as ContextKey[];

suite('context values', () => {
  test('the values are distinct', () => {
    const values = Object.values(CONTEXT_VALUES);
    assert.equal(new Set(values).size, values.length);
  });

  test('every view/item/context entry says where it belongs, here', () => {
    assert.deepEqual(itemMenus.map((m) => `${m.command}@${m.group ?? ''}`).sort(), Object.keys(INTENDED).sort());
  });

  test('every viewItem clause matches exactly the rows it is meant for', () => {
    for (const item of itemMenus) {
      const key = `${item.command}@${item.group ?? ''}`;
      const matches = viewItemPredicate(item.when ?? '');
      const matched = allKeys.filter((k) => matches(CONTEXT_VALUES[k]));
      assert.ok(matched.length > 0, `${key}: "${item.when}" matches no context value`);
      assert.deepEqual(matched.sort(), [...INTENDED[key]].sort(), `${key}: "${item.when}"`);
    }
  });

  test('every context value is offered some menu or is declared to have none', () => {
    const withMenu = new Set(Object.values(INTENDED).flat());
    for (const key of WITHOUT_MENU) assert.ok(!withMenu.has(key), `${key} is declared without a menu but has one`);
    assert.deepEqual([...withMenu, ...WITHOUT_MENU].sort(), [...allKeys].sort());
  });

  test('the predicate understands the clause forms (so the checks above can fail)', () => {
    const isTopic = viewItemPredicate('view == eventBroker.explorer && viewItem == topic');
    assert.equal(isTopic('topic'), true);
    assert.equal(isTopic('topics'), false);
    const deletable = viewItemPredicate('view == eventBroker.explorer && viewItem =~ /^group\\.(empty|dead)$/');
    assert.deepEqual(['group.empty', 'group.dead', 'group.stable'].map(deletable), [true, true, false]);
    assert.throws(() => viewItemPredicate('viewItem == a || viewItem == b'));
    assert.throws(() => viewItemPredicate('view == eventBroker.explorer'));
  });
});
