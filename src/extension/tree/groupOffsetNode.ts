import * as vscode from 'vscode';
import type { GroupOffset } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { APPROXIMATE_END_NOTE } from './simpleNodes';
import { CONTEXT_VALUES } from './contextValues';

/**
 * One partition a group has committed (or is assigned): partition and lag in the label, so a
 * 260-px sidebar still shows them; the topic and the offsets follow in the description. Its menu
 * replays from the committed offset — what the group would read next.
 */
export class GroupOffsetNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    readonly groupId: string,
    readonly offset: GroupOffset,
  ) {}

  treeItem(): vscode.TreeItem {
    const o = this.offset;
    const item = new vscode.TreeItem(`p${o.partition} · lag≈ ${o.lag ?? '—'}`, vscode.TreeItemCollapsibleState.None);
    item.description = `${o.topic} · committed ${o.committed ?? '—'} · end≈ ${o.end ?? '?'}`;
    item.tooltip = `${o.topic} partition ${o.partition}\ncommitted: ${o.committed ?? 'none (no commit yet)'}\nend: ${o.end ?? 'unknown'} (approximate)\nlag: ${o.lag ?? 'unknown'} (approximate)\n\n${APPROXIMATE_END_NOTE}`;
    item.iconPath = new vscode.ThemeIcon('graph-line');
    item.contextValue = CONTEXT_VALUES.groupOffset;
    return item;
  }
}
