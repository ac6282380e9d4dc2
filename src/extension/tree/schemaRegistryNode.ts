import * as vscode from 'vscode';
import type { SchemaRegistryClient } from '../../core/schemaRegistry/registryClient';
import { plural } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { InfoNode } from './simpleNodes';
import { pagedNodes, type PagedNode } from './paging';
import { CONTEXT_VALUES } from './contextValues';
import { SubjectNode } from './subjectNode';
import { registryErrorNode } from './registryErrorNode';
import { BackgroundRead, loadingRow } from './backgroundRead';

/**
 * "Schema Registry" under a connection that has one (issue 23, item 5): its subjects, sorted, a
 * page at a time, narrowed by Filter Subjects…. One request (GET /subjects) per expansion: the
 * answer — or the failure, as one row with Retry — is kept until Refresh or Retry, so a registry
 * that is down costs one request each time a person asks, never one per row or per redraw.
 */
export class SchemaRegistryNode implements ExplorerNode, PagedNode {
  private read: BackgroundRead<string[]> | undefined;
  private pages = 1;
  private filterText = '';
  /** The same row for the same subject, so its loaded versions survive a Load more or a filter. */
  private readonly nodes = new Map<string, SubjectNode>();

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
  ) {}

  get url(): string {
    return this.connection.schemaRegistry?.url ?? '';
  }

  get filter(): string {
    return this.filterText;
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Schema Registry', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `schemaRegistry:${this.connection.id}`;
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.contextValue = CONTEXT_VALUES.schemaRegistry;
    const subjects = this.read?.value;
    const count = subjects ? `${subjects.length.toLocaleString('en-US')} ${plural(subjects.length, 'subject')}` : undefined;
    const state = this.read?.pending ? 'loading…' : this.read?.failed ? 'failed to load' : count;
    item.description = [this.filterText ? `filter: ${this.filterText}` : '', state ?? ''].filter(Boolean).join(' · ');
    const setting = this.connection.schemaRegistry;
    const auth = setting?.auth === 'basic' ? `basic, user ${setting.username ?? ''}` : setting?.auth === 'bearer' ? 'bearer token' : 'none';
    const secret = setting?.passwordEnv ? ` (from ${setting.passwordEnv})` : setting?.auth && setting.auth !== 'none' ? ' (in SecretStorage)' : '';
    item.tooltip = new vscode.MarkdownString(
      [
        `**Schema registry** of ${this.connection.name}`,
        `URL: \`${this.url}\``,
        `authentication: ${auth}${secret}`,
        count ? `${count}${this.filterText ? `, filtered by "${this.filterText}"` : ''}` : '',
        'Subjects → versions → a click opens the schema (read-only).',
      ]
        .filter(Boolean)
        .join('  \n'),
    );
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    const read = (this.read ??= this.startRead());
    if (read.pending) return Promise.resolve([loadingRow(this, 'subjects')]);
    const failed = read.failed;
    if (failed) return Promise.resolve([registryErrorNode(this, failed.error, this.url)]);
    const subjects = read.value ?? [];
    const filter = this.filterText.toLowerCase();
    const matching = filter ? subjects.filter((s) => s.toLowerCase().includes(filter)) : subjects;
    if (matching.length === 0) return Promise.resolve([new InfoNode(this, filter ? `No subject matches "${this.filterText}"` : 'No subjects', { icon: 'info' })]);
    return Promise.resolve(
      pagedNodes(this, matching, this.pages, this.context.settings().treePageSize, (subject) => {
        let node = this.nodes.get(subject);
        if (!node) {
          node = new SubjectNode(this, this.connection, this.context, subject);
          this.nodes.set(subject, node);
        }
        return node;
      }),
    );
  }

  /** The registry's subjects, sorted, in the background; the row is redrawn with them (or the failure). */
  private startRead(): BackgroundRead<string[]> {
    const work = (async () => {
      const client = await this.client();
      // A person expanded, refreshed or retried: ask the registry even within the client's cool-down.
      client.tryAgainNow();
      return [...(await client.subjects())].sort((a, b) => a.localeCompare(b));
    })();
    const read: BackgroundRead<string[]> = new BackgroundRead(work, () => {
      if (this.read === read) this.context.changed(this); // a Refresh meanwhile started a newer read
    });
    return read;
  }

  /** The client every row below uses (SubjectNode, versions). */
  client(): Promise<SchemaRegistryClient> {
    const client = this.context.registry(this.connection);
    // The row exists only for a connection with a registry; a settings change redraws the tree.
    return client ?? Promise.reject(new Error(`${this.connection.name} has no schema registry.`));
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }

  /** Filter Subjects…: only the subjects whose name holds `text` (any case); '' lists all. No request. */
  setFilter(text: string): void {
    this.filterText = text;
    this.pages = 1;
    this.context.changed(this);
  }

  /** Refresh or Retry: the subjects are asked again on the next expansion. */
  reset(): void {
    this.read = undefined;
    this.pages = 1;
    this.nodes.clear();
  }
}
