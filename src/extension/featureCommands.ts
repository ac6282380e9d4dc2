// Every feature file's command entries, one line per feature file (never one per command): the
// container registers them all, the manifest test checks them against package.json, and CommandId is
// the union of their ids. A command added to a feature file's list needs no change here.
import { connectionCommands } from './commands/connectionCommands';
import { explorerCommands } from './tree/explorerCommands';
import { replayCommands } from './commands/replayPartition';
import { tailCommands } from './commands/tailCommands';
import { deleteGroupCommands } from './commands/deleteGroupCommands';
import { resetOffsetsCommands } from './commands/resetOffsets';
import { offsetsSnapshotCommands } from './commands/offsetsSnapshotCommands';
import { checkClientSettingsCommands } from './commands/checkClientSettings';
import { topicCommands } from './commands/topicCommands';
import { createTopicCommands } from './commands/createTopicCommand';
import { topicConfigCommands } from './commands/topicConfigCommands';
import { deleteTopicCommands } from './commands/deleteTopicCommands';
import { produceTestEventCommands } from './commands/produceTestEvent';
import { copyCommands } from './commands/copyCommands';
import { searchRecordsCommands } from './commands/searchRecords';
import { watchLagCommands } from './lag/watchLagCommand';
import { partitionFilterCommands } from './tree/partitionFilterCommand';
import { recordFormatCommands } from './commands/recordFormatCommands';
import { schemaRegistryTreeCommands } from './commands/schemaRegistryTreeCommands';

export const FEATURE_COMMANDS = [
  connectionCommands,
  explorerCommands,
  replayCommands,
  tailCommands,
  deleteGroupCommands,
  resetOffsetsCommands,
  offsetsSnapshotCommands,
  checkClientSettingsCommands,
  topicCommands,
  createTopicCommands,
  topicConfigCommands,
  deleteTopicCommands,
  produceTestEventCommands,
  copyCommands,
  searchRecordsCommands,
  watchLagCommands,
  partitionFilterCommands,
  recordFormatCommands,
  schemaRegistryTreeCommands,
] as const;

/** Every command the extension registers, in the order of FEATURE_COMMANDS. */
export const COMMAND_ENTRIES = FEATURE_COMMANDS.flat();

/** The id of a command the extension registers: a reference to one that no entry has does not compile. */
export type CommandId = (typeof COMMAND_ENTRIES)[number]['id'];
