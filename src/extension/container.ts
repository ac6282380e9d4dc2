import * as vscode from 'vscode';
import { COMMAND_IDS, VIEW_ID } from './commandIds';
import { channelLogger } from './logging';
import { registerCommand } from './runCommand';
import { PrompterHolder } from './prompter';
import { ConnectionStore } from './connections/connectionStore';
import { ExplorerProvider } from './tree/explorerProvider';
import type { ExplorerNode } from './tree/explorerNode';
import { TopicsFolderNode } from './tree/topicsFolderNode';
import { GroupsFolderNode } from './tree/groupsFolderNode';
import { TopicNode } from './tree/topicNode';
import { GroupNode } from './tree/groupNode';
import { ConnectionNode } from './tree/connectionNode';
import { TailManager } from './tail/tailManager';
import { SettingsDiagnostics } from './diagnostics/settingsDiagnostics';
import { checkClientOverrides, watchClientOverrides } from './diagnostics/clientOverridesCheck';
import { ReplayDocuments, REPLAY_SCHEME } from './commands/replayDocuments';
import { replayPartitionCommand } from './commands/replayPartition';
import { stopTailCommand, tailTopicCommand } from './commands/tailCommands';
import { deleteGroupCommand, deleteIdleGroupsCommand } from './commands/deleteGroupCommands';
import { resetOffsetsCommand } from './commands/resetOffsets';
import { restoreOffsetsCommand, saveOffsetsSnapshotCommand } from './commands/offsetsSnapshotCommands';
import { addConnectionCommand, removeConnectionCommand } from './commands/connectionCommands';
import { offsetsForTimeCommand, produceTestEventCommand } from './commands/topicCommands';
import { checkClientSettingsCommand } from './commands/checkClientSettings';
import { readSettings } from './settings';
import type { BrokerConnection } from './connections/brokerConnection';

/** What activate() returns: the live services, for the extension-host tests. */
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
}

/** The composition root: builds every service once, wires them, and registers every disposable. */
export function createContainer(context: vscode.ExtensionContext): ExtensionApi {
  const log = vscode.window.createOutputChannel('Event Broker', { log: true });
  const logger = channelLogger(log);
  const prompter = new PrompterHolder();
  const store = new ConnectionStore(context.secrets, logger, prompter);
  const explorer = new ExplorerProvider(store);
  const tails = new TailManager(logger, () => readSettings().tailMaxOutputLines);
  const diagnostics = new SettingsDiagnostics();
  const documents = new ReplayDocuments();
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: explorer, showCollapseAll: true, canSelectMany: true });

  const setContexts = () => {
    void vscode.commands.executeCommand('setContext', 'eventBroker.connectionCount', store.list().length);
    void vscode.commands.executeCommand('setContext', 'eventBroker.tailing', tails.running().length > 0);
  };
  setContexts();

  const refreshGroupsOf = (connection: BrokerConnection) => {
    const root = explorer.connectionNodes().find((n) => n.connection.id === connection.id);
    if (root?.groupsFolder) explorer.refresh(root.groupsFolder);
    else explorer.refresh();
  };
  const p = () => prompter.current;

  context.subscriptions.push(
    log,
    store,
    explorer,
    tails,
    diagnostics,
    documents,
    view,
    vscode.workspace.registerTextDocumentContentProvider(REPLAY_SCHEME, documents),
    store.onDidChange(() => {
      setContexts();
      explorer.refresh();
    }),
    store.onDidRemove((id) => tails.stopConnection(id)),
    tails.onDidChange(setContexts),
    watchClientOverrides(logger),
    registerCommand(COMMAND_IDS.addConnection, () => addConnectionCommand(store, p()), log),
    registerCommand(COMMAND_IDS.removeConnection, (node?: unknown) => removeConnectionCommand(store, p(), node), log),
    registerCommand(COMMAND_IDS.refresh, (node?: ExplorerNode) => explorer.refresh(isNode(node) ? node : undefined), log),
    registerCommand(COMMAND_IDS.replayPartition, (node?: unknown) => replayPartitionCommand(store, p(), documents, node), log),
    registerCommand(COMMAND_IDS.tailTopic, (node?: unknown) => tailTopicCommand(store, p(), tails, node), log),
    registerCommand(COMMAND_IDS.stopTail, (target?: unknown) => stopTailCommand(p(), tails, target), log),
    registerCommand(COMMAND_IDS.deleteGroup, (node?: unknown, nodes?: unknown[]) => deleteGroupCommand(store, p(), refreshGroupsOf, node, nodes), log),
    registerCommand(COMMAND_IDS.deleteIdleGroups, (node?: unknown) => deleteIdleGroupsCommand(store, p(), refreshGroupsOf, node), log),
    registerCommand(COMMAND_IDS.resetOffsets, (node?: unknown) => resetOffsetsCommand(store, p(), refreshGroupsOf, node), log),
    registerCommand(COMMAND_IDS.saveOffsetsSnapshot, (node?: unknown) => saveOffsetsSnapshotCommand(store, p(), node), log),
    registerCommand(COMMAND_IDS.restoreOffsets, (node?: unknown) => restoreOffsetsCommand(store, p(), refreshGroupsOf, node), log),
    registerCommand(COMMAND_IDS.checkClientSettings, () => checkClientSettingsCommand(diagnostics, logger), log),
    registerCommand(COMMAND_IDS.offsetsForTime, (node?: unknown) => offsetsForTimeCommand(store, p(), node), log),
    registerCommand(COMMAND_IDS.produceTestEvent, (node?: unknown) => produceTestEventCommand(store, p(), node), log),
    registerCommand(COMMAND_IDS.copyName, (node?: unknown) => copyName(node), log),
    registerCommand(COMMAND_IDS.filterTopics, () => filterTopics(explorer, p()), log),
    registerCommand(COMMAND_IDS.loadMore, (folder?: unknown) => {
      if (folder instanceof TopicsFolderNode || folder instanceof GroupsFolderNode) folder.loadMore();
    }, log),
  );
  checkClientOverrides(logger);
  log.info(`Event Broker Explorer activated (${store.list().length} connection(s), profile ${readSettings().brokerProfile})`);
  return { explorer, tails, diagnostics, store, prompter, log, logUri: context.logUri, globalStorageUri: context.globalStorageUri };
}

function isNode(value: unknown): value is ExplorerNode {
  return typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function';
}

async function copyName(node: unknown): Promise<string | undefined> {
  const name =
    node instanceof TopicNode ? node.topic.name : node instanceof GroupNode ? node.group.groupId : node instanceof ConnectionNode ? node.connection.bootstrap : undefined;
  if (name !== undefined) await vscode.env.clipboard.writeText(name);
  return name;
}

async function filterTopics(explorer: ExplorerProvider, prompter: PrompterHolder['current']): Promise<string> {
  const value = await prompter.input({ title: 'Filter topics (empty shows all)', value: explorer.topicFilter, placeHolder: 'part of a topic name' });
  if (value === undefined) return explorer.topicFilter;
  explorer.topicFilter = value.trim();
  return explorer.topicFilter;
}
