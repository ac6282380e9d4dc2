import * as vscode from 'vscode';
import { describeCluster, type ClusterDescription } from '../../core/cluster/clusterDescription';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerContext } from './explorerContext';
import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { BrokerNode } from './brokerNode';
import { ApiVersionsNode } from './apiVersionsNode';
import { ClusterTotalsNode } from './clusterTotalsNode';
import { CONTEXT_VALUES } from './contextValues';

/** "Cluster · N brokers · cluster <id>": its brokers, one broker's API versions, and the totals. */
export class ClusterNode implements ExplorerNode {
  private cluster: Promise<ClusterDescription>;
  private loaded: ClusterDescription | undefined;
  private failed = false;

  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly context: ExplorerContext,
    initial: Promise<ClusterDescription>,
  ) {
    this.cluster = this.track(initial);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Cluster', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `cluster:${this.connection.id}`;
    const c = this.loaded;
    item.description = c ? `${counted(c.brokers.length, 'broker')} · cluster ${c.clusterId || '(no id)'}` : this.failed ? 'failed to load' : undefined;
    item.tooltip = c ? `Cluster ${c.clusterId || '(no id)'}: ${counted(c.brokers.length, 'broker')}, controller ${c.controller ?? 'not named'}.` : undefined;
    item.iconPath = new vscode.ThemeIcon('server');
    item.contextValue = CONTEXT_VALUES.cluster;
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    let cluster: ClusterDescription;
    try {
      cluster = await this.cluster;
    } catch (err) {
      return [ErrorNode.from(this, err, `describe the cluster of ${this.connection.name}`)];
    }
    const brokers = [...cluster.brokers].sort((a, b) => a.id - b.id);
    const nodes: ExplorerNode[] = brokers.map((b) => new BrokerNode(this, this.connection, b, b.id === cluster.controller));
    // Brokers of one cluster normally agree; the lowest id is asked, and the row says which.
    if (brokers.length > 0) nodes.push(new ApiVersionsNode(this, this.connection, this.context, brokers[0]));
    nodes.push(new ClusterTotalsNode(this, this.connection, cluster, this.context.settings().brokerProfile));
    return nodes;
  }

  reset(): void {
    this.cluster = this.track(this.context.session(this.connection).then(describeCluster));
  }

  private track(cluster: Promise<ClusterDescription>): Promise<ClusterDescription> {
    cluster.then(
      (c) => {
        this.loaded = c;
        this.failed = false;
        this.context.changed(this);
      },
      () => {
        this.failed = true;
        this.context.changed(this);
      },
    );
    return cluster;
  }
}
