// Every contextValue a row of the explorer carries. package.json's menus match these with
// `viewItem` clauses (so "Delete" is offered only where it can work); a test checks every clause
// against this table and says which rows each menu item is meant for.
import type { BrokerConnection } from '../connections/brokerConnection';

export const CONTEXT_VALUES = {
  connectionFromSettings: 'connection.settings',
  connectionFromEnvironment: 'connection.environment',
  topicsFolder: 'topics',
  topic: 'topic',
  partition: 'partition',
  groupsFolder: 'groups',
  // A group's value carries its state: Delete is offered on Empty and Dead groups only.
  groupStable: 'group.stable',
  groupEmpty: 'group.empty',
  groupDead: 'group.dead',
  groupPreparingRebalance: 'group.preparingrebalance',
  groupCompletingRebalance: 'group.completingrebalance',
  groupNotAuthorized: 'group.notauthorized',
  /** Any state this table does not name (Unknown, or a newer protocol's states). */
  groupOtherState: 'group.other',
  groupMember: 'member',
  groupOffset: 'groupOffset',
  error: 'error',
  info: 'info',
  loadMore: 'loadMore',
} as const;

export type ContextValue = (typeof CONTEXT_VALUES)[keyof typeof CONTEXT_VALUES];

export function connectionContextValue(source: BrokerConnection['source']): ContextValue {
  return source === 'environment' ? CONTEXT_VALUES.connectionFromEnvironment : CONTEXT_VALUES.connectionFromSettings;
}

const GROUP_STATES = new Map<string, ContextValue>([
  ['Stable', CONTEXT_VALUES.groupStable],
  ['Empty', CONTEXT_VALUES.groupEmpty],
  ['Dead', CONTEXT_VALUES.groupDead],
  ['PreparingRebalance', CONTEXT_VALUES.groupPreparingRebalance],
  ['CompletingRebalance', CONTEXT_VALUES.groupCompletingRebalance],
  ['NotAuthorized', CONTEXT_VALUES.groupNotAuthorized],
]);

/** The broker's group state (kafkajs spells it "Empty", "Stable", …) as a context value. */
export function groupContextValue(state: string): ContextValue {
  return GROUP_STATES.get(state) ?? CONTEXT_VALUES.groupOtherState;
}
