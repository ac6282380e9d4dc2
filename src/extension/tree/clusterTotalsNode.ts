import * as vscode from 'vscode';
import type { ClusterDescription } from '../../core/cluster/clusterDescription';
import { clusterTotalsWording } from '../../core/cluster/clusterTotals';
import type { BrokerProfile } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES } from './contextValues';

/** "Totals  T topics · P partitions", against VAST's ceilings under the vast profile. */
export class ClusterTotalsNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    private readonly cluster: ClusterDescription,
    private readonly profile: BrokerProfile,
  ) {}

  treeItem(): vscode.TreeItem {
    const wording = clusterTotalsWording(this.cluster, this.profile);
    const item = new vscode.TreeItem('Totals', vscode.TreeItemCollapsibleState.None);
    item.id = `clusterTotals:${this.connection.id}`;
    item.description = wording.text;
    item.tooltip = [wording.text, ...wording.notes].join('\n');
    const warn = wording.state !== 'within';
    item.iconPath = new vscode.ThemeIcon(warn ? 'warning' : 'graph', warn ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.contextValue = CONTEXT_VALUES.clusterTotals;
    return item;
  }
}
