import * as vscode from 'vscode';
import type { SubjectVersion } from '../../core/schemaRegistry/registryClient';
import { SCHEMA_TYPE_NAMES } from '../../core/schemaRegistry/schemaDocument';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExplorerNode } from './explorerNode';
import { CONTEXT_VALUES } from './contextValues';
import type { CommandId } from '../commandIds';

/** "version 3 · Avro · id 12 · latest": a click opens the schema as a read-only document. */
export class SchemaVersionNode implements ExplorerNode {
  constructor(
    readonly parent: ExplorerNode,
    readonly connection: BrokerConnection,
    /** The registry's answer for this version, schema text included (opening it needs no request). */
    readonly version: SubjectVersion,
    readonly latest: boolean,
  ) {}

  treeItem(): vscode.TreeItem {
    const { subject, version, id, schemaType, references } = this.version;
    const item = new vscode.TreeItem(`version ${version}`, vscode.TreeItemCollapsibleState.None);
    item.id = `schemaVersion:${this.connection.id}:${subject}:${version}`;
    item.description = [SCHEMA_TYPE_NAMES[schemaType], `id ${id}`, this.latest ? 'latest' : ''].filter(Boolean).join(' · ');
    item.tooltip = [
      `${subject} version ${version}${this.latest ? ' (the latest)' : ''}`,
      `${SCHEMA_TYPE_NAMES[schemaType]} schema, id ${id}`,
      ...(references.length > 0 ? ['References:', ...references.map((r) => `  ${r.name} → ${r.subject} version ${r.version}`)] : []),
      'Click to open the schema (read-only).',
    ].join('\n');
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.contextValue = CONTEXT_VALUES.schemaVersion;
    item.command = { command: 'eventBroker.openSchema' satisfies CommandId, title: 'Open Schema', arguments: [this] };
    return item;
  }
}
