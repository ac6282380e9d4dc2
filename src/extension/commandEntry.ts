// A command as data. Each feature file exports its commands as a list of entries (its id, the rows
// it takes from the tree's selection, what it runs); the composition root registers every feature's
// list through one wrapper. A new command is one entry in its feature file and one in package.json.
import type * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { CommandContext } from './commands/commandContext';
import type { SettingsDiagnostics } from './diagnostics/settingsDiagnostics';
import type { SchemaDocuments } from './formats/schemaDocuments';
import type { ExplorerNode } from './tree/explorerNode';
import type { ExplorerProvider } from './tree/explorerProvider';
import { nodeOrSelected, type NodeKind } from './selectedNode';
import { registerCommand, type CommandLog } from './runCommand';
import type { CommandId } from './commandIds';

/**
 * What a command entry runs with: every command's context, and the services only a few commands
 * need. Built again for each run, so the prompter and the selection are those of the moment.
 */
export interface CommandServices extends CommandContext {
  /** The Event Broker tree (Refresh, Filter Topics…, Load More). */
  readonly explorer: ExplorerProvider;
  /** The tree's selected rows when the command runs. */
  readonly selection: readonly ExplorerNode[];
  readonly diagnostics: SettingsDiagnostics;
  readonly logger: Logger;
  /** The read-only documents of registry schemas (Open Schema). */
  readonly schemaDocuments: SchemaDocuments;
}

export interface CommandEntry {
  /** As in package.json's contributes.commands. */
  readonly id: `eventBroker.${string}`;
  /**
   * Run from the palette (no row given), the command takes the tree's selected row when exactly one
   * is selected and it is of one of these kinds; otherwise it gets nothing and asks with its pickers.
   * Without this, the command gets only what it was given.
   */
  readonly fromSelection?: readonly NodeKind[];
  /** From a context menu on several selected rows, the command also gets them all (VS Code's second argument). */
  readonly multiSelection?: true;
  /** `node` is the row (or status-bar target) it was run on; `nodes` is set only with multiSelection. */
  readonly run: (services: CommandServices, node: unknown, nodes: unknown[] | undefined) => unknown;
}

/** A feature file's entries, with their ids kept as literal types (CommandId is their union). */
export function commandEntries<const Entries extends readonly CommandEntry[]>(...entries: Entries): Entries {
  return entries;
}

/** Registers each entry through the one command wrapper (log, silent cancel, a failure shown with Show Logs). */
export function registerCommandEntries(entries: readonly (CommandEntry & { id: CommandId })[], services: () => CommandServices, log: CommandLog): vscode.Disposable[] {
  return entries.map((entry) =>
    registerCommand(
      entry.id,
      (node?: unknown, nodes?: unknown[]) => {
        const given = services();
        const target = entry.fromSelection ? nodeOrSelected(node, given.selection, entry.fromSelection) : node;
        return entry.run(given, target, entry.multiSelection ? nodes : undefined);
      },
      log,
    ),
  );
}
