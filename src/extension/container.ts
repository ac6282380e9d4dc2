import * as vscode from 'vscode';
import { VIEW_ID } from './commandIds';
import { channelLogger } from './logging';
import { CommandLog, type CommandFailure } from './runCommand';
import { PrompterHolder } from './prompter';
import { ConnectionStore } from './connections/connectionStore';
import { ExplorerProvider } from './tree/explorerProvider';
import type { ExplorerNode } from './tree/explorerNode';
import { explorerRefresh } from './tree/treeRefresh';
import { TailManager } from './tail/tailManager';
import { SettingsDiagnostics } from './diagnostics/settingsDiagnostics';
import { checkClientOverrides, watchClientOverrides } from './diagnostics/clientOverridesCheck';
import { ReplayDocuments, REPLAY_SCHEME } from './commands/replayDocuments';
import { readSettings, SETTINGS_SECTION, SETTING_KEYS } from './settings';
import { LagWatches } from './lag/lagWatches';
import { registerLanguageModelTools } from './tools/registerLanguageModelTools';
import { RecordsViewers } from './recordsViewer/recordsViewers';
import { SchemaRegistries } from './formats/schemaRegistries';
import { RecordFormats } from './formats/recordFormats';
import { SchemaDocuments, SCHEMA_SCHEME } from './formats/schemaDocuments';
import { registerCommandEntries, type CommandServices } from './commandEntry';
import { FEATURE_COMMANDS } from './featureCommands';

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

  const refresh = explorerRefresh(explorer);
  // What every command runs with, built for each run: the prompter (the tests swap it) and the selection of the moment.
  const services = (): CommandServices => ({ store, prompter: prompter.current, documents, viewers, tails, lagWatches, refresh, formats, registries, explorer, selection: view.selection, diagnostics, logger, schemaDocuments });
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
    ...FEATURE_COMMANDS.flatMap((commands) => registerCommandEntries(commands, services, commandLog)),
  );
  checkClientOverrides(logger);
  log.info(`Event Broker Explorer activated (${store.list().length} connection(s), profile ${readSettings().brokerProfile})`);
  return { explorer, tails, diagnostics, store, prompter, log, logUri: context.logUri, globalStorageUri: context.globalStorageUri, extensionMode: context.extensionMode, commandFailures: commandLog.onDidFail, lagWatches, viewers, treeView: view, secrets: context.secrets, formats };
}
