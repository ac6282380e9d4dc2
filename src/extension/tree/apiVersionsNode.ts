import * as vscode from 'vscode';
import { apiVersionRows, readApiVersions } from '../../core/cluster/apiVersionRows';
import type { BrokerDescription } from '../../core/cluster/clusterDescription';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { ApiVersionNode } from './apiVersionNode';
import { CONTEXT_VALUES } from './contextValues';

/** "API versions · broker N": asked when expanded (one ApiVersions request), again on every expansion. */
export class ApiVersionsNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    readonly broker: BrokerDescription,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('API versions', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `apiVersions:${this.connection.id}`;
    item.description = `broker ${this.broker.id}`;
    item.tooltip = `The requests broker ${this.broker.id} (${this.broker.host}:${this.broker.port}) accepts and the versions of each, from its ApiVersions answer.`;
    item.iconPath = new vscode.ThemeIcon('versions');
    item.contextValue = CONTEXT_VALUES.apiVersions;
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    try {
      const session = await this.context.session(this.connection);
      const ranges = await readApiVersions(session, this.broker.id);
      return apiVersionRows(ranges, this.context.settings().brokerProfile).map((row) => new ApiVersionNode(this, row));
    } catch (err) {
      return [ErrorNode.from(this, err, `read the API versions of broker ${this.broker.id}`)];
    }
  }
}
