import * as vscode from 'vscode';
import { COMMAND_IDS, VIEW_ID } from './commandIds';
import { channelLogger } from './logging';
import { CommandLog, registerCommand, type CommandFailure } from './runCommand';
import { PrompterHolder } from './prompter';
import { ConnectionStore } from './connections/connectionStore';
import { ExplorerProvider } from './tree/explorerProvider';
import type { ExplorerNode } from './tree/explorerNode';
import { TailManager } from './tail/tailManager';
import { SettingsDiagnostics } from './diagnostics/settingsDiagnostics';
import { checkClientOverrides, watchClientOverrides } from './diagnostics/clientOverridesCheck';
import { ReplayDocuments, REPLAY_SCHEME } from './commands/replayDocuments';
import { replayFromCommittedCommand, replayPartitionCommand, replayTopicCommand } from './commands/replayPartition';
import { stopTailCommand, tailTopicCommand } from './commands/tailCommands';
import { deleteGroupCommand, deleteIdleGroupsCommand } from './commands/deleteGroupCommands';
import { resetOffsetsCommand } from './commands/resetOffsets';
import { restoreOffsetsCommand, saveOffsetsSnapshotCommand } from './commands/offsetsSnapshotCommands';
import { addConnectionCommand, removeConnectionCommand, toggleReadOnlyCommand } from './commands/connectionCommands';
import { offsetsForTimeCommand } from './commands/topicCommands';
import { produceTestEventCommand } from './commands/produceTestEvent';
import { createTopicCommand } from './commands/createTopicCommand';
import { editTopicConfigCommand, resetTopicConfigEntryCommand } from './commands/topicConfigCommands';
import { deleteRecordsCommand, deleteTopicCommand } from './commands/deleteTopicCommands';
import { checkClientSettingsCommand } from './commands/checkClientSettings';
import { copyBootstrapCommand, copyNameCommand } from './commands/copyCommands';
import { readSettings, SETTINGS_SECTION, SETTING_KEYS } from './settings';
import { LagWatches } from './lag/lagWatches';
import { watchLagCommand } from './lag/watchLagCommand';
import type { BrokerConnection } from './connections/brokerConnection';
import { registerLanguageModelTools } from './tools/registerLanguageModelTools';
import { RecordsViewers } from './recordsViewer/recordsViewers';
import { searchRecordsCommand } from './commands/searchRecords';
import { nodeOrSelected, type NodeKind } from './selectedNode';
import { TopicNode } from './tree/topicNode';
import { isPagedNode } from './tree/paging';
import { clearPartitionFilterCommand, filterPartitionsCommand } from './tree/partitionFilterCommand';
import { PartitionNode } from './tree/partitionNode';
import { GroupNode } from './tree/groupNode';
import { ConfigEntryNode, TopicConfigNode } from './tree/topicConfigNodes';
import { ConnectionNode } from './tree/connectionNode';
import { SchemaRegistryNode } from './tree/schemaRegistryNode';
import { SchemaVersionNode } from './tree/schemaVersionNode';
import type { CommandContext, TreeRefresh } from './commands/commandContext';
import { SchemaRegistries } from './formats/schemaRegistries';
import { RecordFormats } from './formats/recordFormats';
import { keyFormatCommand, schemaRegistryCommand, valueFormatCommand } from './commands/recordFormatCommands';
import { SchemaDocuments, SCHEMA_SCHEME } from './formats/schemaDocuments';
import { filterSubjectsCommand, openSchemaCommand } from './commands/schemaRegistryTreeCommands';

/**
 * The live services, for the extension-host tests only: activate() returns them in
 * ExtensionMode.Test and nothing otherwise, since with them another extension could swap the
 * prompter (and read a typed password) or use the connection store.
 */
export interface ExtensionApi {
  explorer: ExplorerProvider;
  tails: TailManager;
  diagnostics: SettingsDiagnostics;
  store: ConnectionStore;
  prompter: PrompterHolder;
  log: vscode.LogOutputChannel;
  /** Where this extension's logs go (the tests check that no password ever lands there). */
  logUri: vscode.Uri;
  /** Under the user-data directory (whose User/settings.json the tests check too). */
  globalStorageUri: vscode.Uri;
  /** Test whenever this object exists; the tests assert it, so a host that is not in Test mode is seen. */
  extensionMode: vscode.ExtensionMode;
  /** Every command that ended with an error; the tests assert none was unexpected. */
  commandFailures: vscode.Event<CommandFailure>;
  /** The groups under Watch Lag: their panels, samplers and status-bar items. */
  lagWatches: LagWatches;
  /** How each topic's records are read and written (the tests give the tools' context the same one). */
  formats: RecordFormats;
  /** The open records viewers (Replay, Search). */
  viewers: RecordsViewers;
  /** The Event Broker tree view (the tests select rows in it, as palette commands use the selected row). */
  treeView: vscode.TreeView<ExplorerNode>;
  /** The extension's SecretStorage (the tests check where a schema registry's password went). */
  secrets: vscode.SecretStorage;
}

/** The composition root: builds every service once, wires them, and registers every disposable. */
export function createContainer(context: vscode.ExtensionContext): ExtensionApi {
  const log = vscode.window.createOutputChannel('Event Broker', { log: true });
  const logger = channelLogger(log);
  const commandLog = new CommandLog(log);
  const prompter = new PrompterHolder();
  const store = new ConnectionStore(context.secrets, logger, prompter);
  const registries = new SchemaRegistries(context.secrets, prompter);
  const formats = new RecordFormats(registries, logger);
  const explorer = new ExplorerProvider(store, registries, formats);
  const schemaDocuments = new SchemaDocuments(store, registries);
  const tails = new TailManager(logger, () => readSettings().tailMaxOutputLines);
  const diagnostics = new SettingsDiagnostics();
  const documents = new ReplayDocuments();
  const lagWatches = new LagWatches({ extensionUri: context.extensionUri, session: (c) => store.session(c), settings: readSettings, logger });
  const viewers = new RecordsViewers(context.extensionUri, store, prompter, formats);
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: explorer, showCollapseAll: true, canSelectMany: true });

  const setContexts = () => {
    void vscode.commands.executeCommand('setContext', 'eventBroker.connectionCount', store.list().length);
    // Changing commands leave the palette (and the view's title menu) when no connection may change anything.
    void vscode.commands.executeCommand('setContext', 'eventBroker.allConnectionsReadOnly', store.list().length > 0 && store.list().every((c) => c.readOnly === true));
    void vscode.commands.executeCommand('setContext', 'eventBroker.tailing', tails.running().length > 0);
  };
  setContexts();

  const refresh: TreeRefresh = {
    groupsOf: (connection) => refreshFolder(connection, (root) => root.groupsFolder),
    topicsOf: (connection) => refreshFolder(connection, (root) => root.topicsFolder),
    topic: (connection, topic) => explorer.refreshTopic(connection.id, topic),
    configurationOf: ({ connection, topic }) => {
      const configuration = explorer.connectionNodes().find((n) => n.connection.id === connection.id)?.topicsFolder?.nodeOf(topic)?.configurationNode();
      if (configuration) explorer.refresh(configuration);
    },
  };
  const refreshFolder = (connection: BrokerConnection, folderOf: (root: ConnectionNode) => ExplorerNode | undefined) => {
    const root = explorer.connectionNodes().find((n) => n.connection.id === connection.id);
    const folder = root && folderOf(root);
    if (folder) explorer.refresh(folder);
    else explorer.refresh();
  };
  // One context for every command; its prompter is read when the command runs (the tests swap it).
  const ctx = (): CommandContext => ({ store, prompter: prompter.current, documents, viewers, tails, lagWatches, refresh, formats, registries });
  const p = () => prompter.current;
  // From the palette a command gets no row: it takes the tree's selected one when that fits, and asks otherwise.
  const or = (node: unknown, ...kinds: NodeKind[]) => nodeOrSelected(node, view.selection, kinds);
  let tailing = new Map<string, { connectionId: string; topic: string }>();

  context.subscriptions.push(
    log,
    commandLog,
    store,
    registries,
    explorer,
    tails,
    diagnostics,
    documents,
    lagWatches,
    viewers,
    view,
    vscode.workspace.registerTextDocumentContentProvider(REPLAY_SCHEME, documents),
    schemaDocuments,
    vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, schemaDocuments),
    // A topic row says how its records are read: redraw the rows on screen when the rules change.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS_SECTION}.${SETTING_KEYS.recordFormats}`)) explorer.redrawTopics();
    }),
    store.onDidChange(() => {
      setContexts();
      explorer.refresh();
    }),
    store.onDidRemove((id) => tails.stopConnection(id)),
    store.onDidRemove((id) => lagWatches.stopConnection(id)),
    tails.onDidChange(setContexts),
    // The tree's offsets go stale while a tail shows newer ones: redraw a topic when its tail starts or stops.
    tails.onDidChange(() => {
      const now = new Map(tails.running().map((t) => [t.id, t] as const));
      for (const [id, t] of [...tailing, ...now]) if (tailing.has(id) !== now.has(id)) explorer.refreshTopic(t.connectionId, t.topic);
      tailing = now;
    }),
    watchClientOverrides(logger),
    ...registerLanguageModelTools(store, () => view.selection, formats),
    registerCommand(COMMAND_IDS.addConnection, () => addConnectionCommand(ctx()), commandLog),
    registerCommand(COMMAND_IDS.removeConnection, (node?: unknown) => removeConnectionCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.toggleReadOnly, (node?: unknown) => toggleReadOnlyCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.refresh, (node?: ExplorerNode) => explorer.refresh(isNode(node) ? node : undefined), commandLog),
    registerCommand(COMMAND_IDS.replayPartition, (node?: unknown) => replayPartitionCommand(ctx(), or(node, PartitionNode)), commandLog),
    registerCommand(COMMAND_IDS.replayTopic, (node?: unknown) => replayTopicCommand(ctx(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.tailTopic, (node?: unknown) => tailTopicCommand(ctx(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.stopTail, (target?: unknown) => stopTailCommand(ctx(), target), commandLog),
    registerCommand(COMMAND_IDS.deleteGroup, (node?: unknown, nodes?: unknown[]) => deleteGroupCommand(ctx(), or(node, GroupNode), nodes), commandLog),
    registerCommand(COMMAND_IDS.deleteIdleGroups, (node?: unknown) => deleteIdleGroupsCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.resetOffsets, (node?: unknown) => resetOffsetsCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.saveOffsetsSnapshot, (node?: unknown) => saveOffsetsSnapshotCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.restoreOffsets, (node?: unknown) => restoreOffsetsCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.checkClientSettings, () => checkClientSettingsCommand(diagnostics, logger), commandLog),
    registerCommand(COMMAND_IDS.offsetsForTime, (node?: unknown) => offsetsForTimeCommand(ctx(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.createTopic, (node?: unknown) => createTopicCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.editTopicConfig, (node?: unknown) => editTopicConfigCommand(ctx(), or(node, TopicNode, TopicConfigNode, ConfigEntryNode)), commandLog),
    registerCommand(COMMAND_IDS.resetTopicConfigEntry, (node?: unknown) => resetTopicConfigEntryCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.deleteTopic, (node?: unknown, nodes?: unknown[]) => deleteTopicCommand(ctx(), or(node, TopicNode), nodes), commandLog),
    registerCommand(COMMAND_IDS.deleteRecords, (node?: unknown) => deleteRecordsCommand(ctx(), or(node, TopicNode, PartitionNode)), commandLog),
    registerCommand(COMMAND_IDS.produceTestEvent, (node?: unknown) => produceTestEventCommand(ctx(), or(node, TopicNode)), commandLog),
    // Ctrl+C in the tree passes no row: copy the selected one.
    registerCommand(COMMAND_IDS.copyName, (node?: unknown) => copyNameCommand(node ?? view.selection[0]), commandLog),
    registerCommand(COMMAND_IDS.replayFromCommitted, (node?: unknown) => replayFromCommittedCommand(ctx(), node), commandLog),
    registerCommand(COMMAND_IDS.copyBootstrap, (node?: unknown) => copyBootstrapCommand(node), commandLog),
    registerCommand(COMMAND_IDS.searchRecords, (node?: unknown) => searchRecordsCommand(ctx(), or(node, TopicNode, PartitionNode)), commandLog),
    registerCommand(COMMAND_IDS.filterTopics, () => filterTopics(explorer, p()), commandLog),
    registerCommand(COMMAND_IDS.watchLag, (target?: unknown) => watchLagCommand(ctx(), or(target, GroupNode)), commandLog),
    registerCommand(COMMAND_IDS.loadMore, (folder?: unknown) => {
      if (isPagedNode(folder)) folder.loadMore();
    }, commandLog),
    registerCommand(COMMAND_IDS.filterPartitions, (node?: unknown) => filterPartitionsCommand(p(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.clearPartitionFilter, (node?: unknown) => clearPartitionFilterCommand(node), commandLog),
    registerCommand(COMMAND_IDS.valueFormat, (node?: unknown) => valueFormatCommand(ctx(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.keyFormat, (node?: unknown) => keyFormatCommand(ctx(), or(node, TopicNode)), commandLog),
    registerCommand(COMMAND_IDS.schemaRegistry, (node?: unknown) => schemaRegistryCommand(ctx(), or(node, ConnectionNode)), commandLog),
    registerCommand(COMMAND_IDS.openSchema, (node?: unknown) => openSchemaCommand(schemaDocuments, or(node, SchemaVersionNode)), commandLog),
    registerCommand(COMMAND_IDS.filterSubjects, (node?: unknown) => filterSubjectsCommand(p(), or(node, SchemaRegistryNode)), commandLog),
  );
  checkClientOverrides(logger);
  log.info(`Event Broker Explorer activated (${store.list().length} connection(s), profile ${readSettings().brokerProfile})`);
  return { explorer, tails, diagnostics, store, prompter, log, logUri: context.logUri, globalStorageUri: context.globalStorageUri, extensionMode: context.extensionMode, commandFailures: commandLog.onDidFail, lagWatches, viewers, treeView: view, secrets: context.secrets, formats };
}

function isNode(value: unknown): value is ExplorerNode {
  return typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function';
}

async function filterTopics(explorer: ExplorerProvider, prompter: PrompterHolder['current']): Promise<string> {
  const value = await prompter.input({ title: 'Filter topics (empty shows all)', value: explorer.topicFilter, placeHolder: 'part of a topic name' });
  if (value === undefined) return explorer.topicFilter;
  explorer.topicFilter = value.trim();
  return explorer.topicFilter;
}
