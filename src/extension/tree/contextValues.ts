// Every contextValue a row of the explorer carries. package.json's menus match these with
// `viewItem` clauses (so "Delete" is offered only where it can work); a test checks every clause
// against this table and says which rows each menu item is meant for. The rows of a read-only
// connection that would offer a change carry a `.readonly` variant, which no changing command's
// clause matches (test/extension-host/readOnly.test.ts checks that).
import type { BrokerConnection } from '../connections/brokerConnection';

export const CONTEXT_VALUES = {
  connectionFromSettings: 'connection.settings',
  connectionFromEnvironment: 'connection.environment',
  connectionFromSettingsReadOnly: 'connection.settings.readonly',
  connectionFromEnvironmentReadOnly: 'connection.environment.readonly',
  topicsFolder: 'topics',
  /** The topics of a read-only connection: no Create Topic. */
  topicsFolderReadOnly: 'topics.readonly',
  topic: 'topic',
  /** A topic of a read-only connection: no Produce. */
  topicReadOnly: 'topic.readonly',
  partition: 'partition',
  /** A partition of a read-only connection: no Delete Records. */
  partitionReadOnly: 'partition.readonly',
  /** A topic's summary row (partitions, ≈ records, empty): nothing offered. */
  topicSummary: 'topicSummary',
  /** "Filter: 100-199" above a filtered topic's partitions: a click clears it. */
  partitionFilter: 'partitionFilter',
  /** A topic's Configuration row: Edit is offered (not on a read-only connection). */
  topicConfig: 'topicConfig',
  topicConfigReadOnly: 'topicConfig.readonly',
  /** An entry the topic sets itself: Edit and Reset to Default. */
  configEntryOverride: 'configEntry.override',
  /** An entry that comes from the brokers or the default: Edit (which sets it on the topic). */
  configEntry: 'configEntry',
  /** An entry the broker reports read-only, or any entry of a read-only connection: nothing offered. */
  configEntryReadOnly: 'configEntry.readonly',
  groupsFolder: 'groups',
  /** The groups of a read-only connection: no Delete Idle Groups, no Restore. */
  groupsFolderReadOnly: 'groups.readonly',
  // A group's value carries its state: Delete is offered on Empty and Dead groups only.
  groupStable: 'group.stable',
  groupEmpty: 'group.empty',
  groupDead: 'group.dead',
  groupPreparingRebalance: 'group.preparingrebalance',
  groupCompletingRebalance: 'group.completingrebalance',
  groupNotAuthorized: 'group.notauthorized',
  /** Any state this table does not name (Unknown, or a newer protocol's states). */
  groupOtherState: 'group.other',
  /** A group of a read-only connection, whatever its state: no Delete, Reset or Restore. */
  groupReadOnly: 'group.readonly',
  groupMember: 'member',
  groupOffset: 'groupOffset',
  /** "N partitions caught up": a group's caught-up offset rows, folded. */
  caughtUpOffsets: 'caughtUpOffsets',
  /** The Cluster node of a connection: brokers, API versions and totals. */
  cluster: 'cluster',
  broker: 'broker',
  apiVersions: 'apiVersions',
  apiVersion: 'apiVersion',
  // Under the vast profile, a request VAST lacks or offers only in part (vastApiDifferences.ts).
  apiVersionNotOnVast: 'apiVersion.notOnVast',
  apiVersionPartlyOnVast: 'apiVersion.partlyOnVast',
  clusterTotals: 'clusterTotals',
  /** A connection's "Schema Registry" row (only when it has one): Filter Subjects…, Refresh. */
  schemaRegistry: 'schemaRegistry',
  /** A subject of the registry: its versions below it; Copy Name, Refresh. */
  subject: 'subject',
  /** One version of a subject: a click (or Open Schema) opens the schema read-only. */
  schemaVersion: 'schemaVersion',
  error: 'error',
  info: 'info',
  loadMore: 'loadMore',
} as const;

export type ContextValue = (typeof CONTEXT_VALUES)[keyof typeof CONTEXT_VALUES];

export function connectionContextValue(connection: Pick<BrokerConnection, 'source' | 'readOnly'>): ContextValue {
  if (connection.source === 'environment') return connection.readOnly ? CONTEXT_VALUES.connectionFromEnvironmentReadOnly : CONTEXT_VALUES.connectionFromEnvironment;
  return connection.readOnly ? CONTEXT_VALUES.connectionFromSettingsReadOnly : CONTEXT_VALUES.connectionFromSettings;
}

export function topicContextValue(connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  return connection.readOnly ? CONTEXT_VALUES.topicReadOnly : CONTEXT_VALUES.topic;
}

export function topicsFolderContextValue(connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  return connection.readOnly ? CONTEXT_VALUES.topicsFolderReadOnly : CONTEXT_VALUES.topicsFolder;
}

export function partitionContextValue(connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  return connection.readOnly ? CONTEXT_VALUES.partitionReadOnly : CONTEXT_VALUES.partition;
}

export function topicConfigContextValue(connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  return connection.readOnly ? CONTEXT_VALUES.topicConfigReadOnly : CONTEXT_VALUES.topicConfig;
}

export function configEntryContextValue(entry: { readOnly: boolean; source: string }, connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  if (connection.readOnly || entry.readOnly) return CONTEXT_VALUES.configEntryReadOnly;
  return entry.source === 'DYNAMIC_TOPIC_CONFIG' ? CONTEXT_VALUES.configEntryOverride : CONTEXT_VALUES.configEntry;
}

export function groupsFolderContextValue(connection: Pick<BrokerConnection, 'readOnly'>): ContextValue {
  return connection.readOnly ? CONTEXT_VALUES.groupsFolderReadOnly : CONTEXT_VALUES.groupsFolder;
}

const GROUP_STATES = new Map<string, ContextValue>([
  ['Stable', CONTEXT_VALUES.groupStable],
  ['Empty', CONTEXT_VALUES.groupEmpty],
  ['Dead', CONTEXT_VALUES.groupDead],
  ['PreparingRebalance', CONTEXT_VALUES.groupPreparingRebalance],
  ['CompletingRebalance', CONTEXT_VALUES.groupCompletingRebalance],
  ['NotAuthorized', CONTEXT_VALUES.groupNotAuthorized],
]);

/**
 * The broker's group state (kafkajs spells it "Empty", "Stable", …) as a context value; on a
 * read-only connection the state changes no menu, so every group is `group.readonly`.
 */
export function groupContextValue(state: string, connection: Pick<BrokerConnection, 'readOnly'> = {}): ContextValue {
  if (connection.readOnly) return CONTEXT_VALUES.groupReadOnly;
  return GROUP_STATES.get(state) ?? CONTEXT_VALUES.groupOtherState;
}
