import * as vscode from 'vscode';
import type { SchemaRegistryClient, SubjectVersion } from '../../core/schemaRegistry/registryClient';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { InfoNode, LoadMoreNode } from './simpleNodes';
import type { PagedNode } from './paging';
import { CONTEXT_VALUES } from './contextValues';
import { SchemaVersionNode } from './schemaVersionNode';
import { registryErrorNode } from './registryErrorNode';
import { BackgroundRead, loadingRow } from './backgroundRead';

/**
 * Versions a row asks for at a time: each shown version costs a request (its type and id are not in
 * the version list), so a subject of hundreds of versions shows the newest first and pages.
 */
export const VERSIONS_PAGE = 25;
/** Version requests in flight at once: enough to be quick, few enough that an outage is not a storm. */
const AT_ONCE = 4;

/** What a subject row needs of the row above it (schemaRegistryNode.ts): the registry's URL and its client. */
export interface SubjectParent extends ExplorerNode {
  readonly url: string;
  client(): Promise<SchemaRegistryClient>;
}

/** One subject of the registry: its versions, newest first, each with its schema type and id. */
export class SubjectNode implements ExplorerNode, PagedNode {
  /** The version numbers, newest first, with the first page's answers. */
  private read: BackgroundRead<number[]> | undefined;
  /** The answers of a further page (Load more), while they load. */
  private page: { upTo: number; read: BackgroundRead<void> } | undefined;
  private pages = 1;
  /** Each version's answer (schema, type, id), kept: a version never changes. */
  private readonly answered = new Map<number, SubjectVersion>();
  /** Why a version could not be read; asked again on Retry. */
  private readonly unanswered = new Map<number, unknown>();

  constructor(
    readonly parent: SubjectParent,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly subject: string,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.subject, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `subject:${this.connection.id}:${this.subject}`;
    item.iconPath = new vscode.ThemeIcon('symbol-interface');
    item.contextValue = CONTEXT_VALUES.subject;
    const count = this.read?.value?.length;
    item.description = count === undefined ? undefined : counted(count, 'version');
    item.tooltip = `Subject ${this.subject}${item.description ? ` · ${item.description}` : ''}\nExpand for its versions, newest first; a click on one opens its schema.`;
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    const read = (this.read ??= this.startRead());
    if (read.pending) return Promise.resolve([loadingRow(this, 'versions')]);
    const failed = read.failed;
    if (failed) return Promise.resolve([registryErrorNode(this, failed.error, this.parent.url)]);
    const versions = read.value ?? [];
    if (versions.length === 0) return Promise.resolve([new InfoNode(this, 'No versions', { icon: 'info' })]);
    const upTo = Math.min(versions.length, this.pages * VERSIONS_PAGE);
    const missing = versions.slice(0, upTo).filter((v) => !this.answered.has(v) && !this.unanswered.has(v));
    if (missing.length > 0 && this.page?.upTo !== upTo) {
      const page: { upTo: number; read: BackgroundRead<void> } = {
        upTo,
        read: new BackgroundRead(this.readVersions(missing), () => {
          if (this.page === page) this.context.changed(this);
        }),
      };
      this.page = page;
    }
    const rows: ExplorerNode[] = [];
    for (const version of versions.slice(0, upTo)) {
      const answer = this.answered.get(version);
      const error = this.unanswered.get(version);
      if (answer) rows.push(new SchemaVersionNode(this, this.connection, answer, version === versions[0]));
      else if (error !== undefined) rows.push(registryErrorNode(this, error, this.parent.url));
      else if (!(rows.at(-1) instanceof InfoNode)) rows.push(loadingRow(this, 'versions')); // one row for the page still loading
    }
    if (upTo < versions.length) rows.push(new LoadMoreNode(this, upTo, versions.length));
    return Promise.resolve(rows);
  }

  /**
   * The version numbers (one request; a person asked, so the client's cool-down ends) and the first
   * page's answers, in the background; the row is redrawn with them (or the failure).
   */
  private startRead(): BackgroundRead<number[]> {
    const work = (async () => {
      const client = await this.parent.client();
      client.tryAgainNow();
      const versions = [...(await client.versions(this.subject))].sort((a, b) => b - a);
      await this.readVersions(versions.slice(0, VERSIONS_PAGE));
      return versions;
    })();
    const read: BackgroundRead<number[]> = new BackgroundRead(work, () => {
      if (this.read === read) this.context.changed(this); // a Refresh meanwhile started a newer read
    });
    return read;
  }

  /**
   * Each version's answer, a few requests at a time. After a registry stops answering, the client
   * fails the rest at once (its cool-down), so an outage costs at most AT_ONCE requests.
   */
  private async readVersions(versions: number[]): Promise<void> {
    const client = await this.parent.client();
    const queue = [...versions];
    const worker = async () => {
      for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
        try {
          this.answered.set(v, await client.schemaVersion(this.subject, v));
        } catch (error) {
          this.unanswered.set(v, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  }

  loadMore(): void {
    this.pages++;
    this.context.changed(this);
  }

  /** Refresh or Retry: the versions are asked again on the next expansion. */
  reset(): void {
    this.read = undefined;
    this.page = undefined;
    this.pages = 1;
    this.answered.clear();
    this.unanswered.clear();
  }
}
