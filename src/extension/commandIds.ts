// Every command id the extension registers; a test checks them against package.json.
export const COMMAND_IDS = {
  addConnection: 'eventBroker.addConnection',
  removeConnection: 'eventBroker.removeConnection',
  refresh: 'eventBroker.refresh',
  replayPartition: 'eventBroker.replayPartition',
  replayTopic: 'eventBroker.replayTopic',
  replayFromCommitted: 'eventBroker.replayFromCommitted',
  tailTopic: 'eventBroker.tailTopic',
  stopTail: 'eventBroker.stopTail',
  deleteGroup: 'eventBroker.deleteGroup',
  deleteIdleGroups: 'eventBroker.deleteIdleGroups',
  resetOffsets: 'eventBroker.resetOffsets',
  saveOffsetsSnapshot: 'eventBroker.saveOffsetsSnapshot',
  restoreOffsets: 'eventBroker.restoreOffsets',
  checkClientSettings: 'eventBroker.checkClientSettings',
  copyName: 'eventBroker.copyName',
  copyBootstrap: 'eventBroker.copyBootstrap',
  offsetsForTime: 'eventBroker.offsetsForTime',
  produceTestEvent: 'eventBroker.produceTestEvent',
  filterTopics: 'eventBroker.filterTopics',
  loadMore: 'eventBroker.loadMore',
  filterPartitions: 'eventBroker.filterPartitions',
  clearPartitionFilter: 'eventBroker.clearPartitionFilter',
  watchLag: 'eventBroker.watchLag',
  searchRecords: 'eventBroker.searchRecords',
  toggleReadOnly: 'eventBroker.toggleReadOnly',
  createTopic: 'eventBroker.createTopic',
  editTopicConfig: 'eventBroker.editTopicConfig',
  resetTopicConfigEntry: 'eventBroker.resetTopicConfigEntry',
  deleteTopic: 'eventBroker.deleteTopic',
  deleteRecords: 'eventBroker.deleteRecords',
  valueFormat: 'eventBroker.valueFormat',
  keyFormat: 'eventBroker.keyFormat',
  schemaRegistry: 'eventBroker.schemaRegistry',
  openSchema: 'eventBroker.openSchema',
  filterSubjects: 'eventBroker.filterSubjects',
} as const;

export type CommandId = (typeof COMMAND_IDS)[keyof typeof COMMAND_IDS];

export const VIEW_ID = 'eventBroker.explorer';

/** publisher.name in package.json. */
export const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';
