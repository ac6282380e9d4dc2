import * as vscode from 'vscode';
import type { ConnectionStore } from '../connections/connectionStore';
import type { SchemaRegistries } from '../formats/schemaRegistries';
import type { RecordFormats } from '../formats/recordFormats';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ConnectionNode } from './connectionNode';
import { readSettings } from '../settings';
import { topicFormatShort } from './topicFormatWords';

/** The Event Broker tree. Refresh redraws only the node asked for. */
export class ExplorerProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private roots: ConnectionNode[] | undefined;
  private filter = '';
  readonly context: ExplorerContext;

  constructor(
    private readonly store: ConnectionStore,
    registries: SchemaRegistries,
    formats: RecordFormats,
  ) {
    this.context = {
      session: (connection) => store.session(connection),
      registry: (connection) => registries.clientOf(connection),
      settings: readSettings,
      topicFilter: () => this.filter,
      recordFormat: (connection, topic) => {
        const words = formats.describe(connection, topic);
        return words === undefined ? undefined : { words, short: topicFormatShort(formats.formatsOf(connection, topic)) };
      },
      changed: (node) => this.emitter.fire(node),
    };
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return node.treeItem();
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (node) return node.children ? node.children() : [];
    this.roots ??= this.store.list().map((c) => new ConnectionNode(c, this.context));
    return this.roots;
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  /** Reloads one node, or everything when none is given. */
  refresh(node?: ExplorerNode): void {
    if (node) {
      node.reset?.();
      this.emitter.fire(node);
      return;
    }
    this.roots = undefined;
    this.emitter.fire(undefined);
  }

  /** The connection nodes drawn so far (commands look up folders to refresh after a change). */
  connectionNodes(): ConnectionNode[] {
    return this.roots ?? [];
  }

  /** Reloads the partitions of a topic wherever the tree shows it (a tail of it saw newer offsets, records were deleted). */
  refreshTopic(connectionId: string, topic: string): void {
    const node = this.connectionNodes().find((n) => n.connection.id === connectionId)?.topicsFolder?.nodeOf(topic);
    if (!node) return;
    node.forgetOffsets();
    this.emitter.fire(node);
  }

  /** eventBroker.recordFormats changed: the topic rows drawn so far say their formats again (no request). */
  redrawTopics(): void {
    for (const root of this.connectionNodes()) {
      if (root.topicsFolder) this.emitter.fire(root.topicsFolder);
    }
  }

  get topicFilter(): string {
    return this.filter;
  }

  /** Filtering needs no request: only the topic folders already loaded are redrawn. */
  set topicFilter(value: string) {
    this.filter = value;
    for (const root of this.connectionNodes()) {
      if (root.topicsFolder) this.emitter.fire(root.topicsFolder);
    }
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
