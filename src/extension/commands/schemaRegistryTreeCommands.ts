// The Schema Registry rows' own commands (issue 23, item 5): a click on a version opens its schema,
// and Filter Subjects… narrows a long list of subjects without a request.
import type * as vscode from 'vscode';
import { UsageError } from '../../core/errors';
import type { Prompter } from '../prompter';
import type { SchemaDocuments } from '../formats/schemaDocuments';
import { SchemaRegistryNode } from '../tree/schemaRegistryNode';
import { SchemaVersionNode } from '../tree/schemaVersionNode';
import { commandEntries } from '../commandEntry';

/** A version row's schema as a read-only document; without a row (a keybinding) nothing happens. */
export async function openSchemaCommand(documents: SchemaDocuments, node: unknown): Promise<vscode.TextDocument | undefined> {
  if (!(node instanceof SchemaVersionNode)) return undefined;
  return documents.open(node.connection, node.version);
}

/** Filter Subjects… on a Schema Registry row: part of a subject's name, any case; empty lists all. Returns the filter. */
export async function filterSubjectsCommand(prompter: Prompter, node: unknown): Promise<string> {
  if (!(node instanceof SchemaRegistryNode)) throw new UsageError('Choose a Schema Registry row in the Event Broker view first: Filter Subjects… narrows its subjects.');
  const value = await prompter.input({ title: `Filter the subjects of ${node.connection.name}'s schema registry (empty shows all)`, value: node.filter, placeHolder: 'part of a subject name' });
  if (value === undefined) return node.filter; // cancelled: nothing changes
  node.setFilter(value.trim());
  return node.filter;
}

export const schemaRegistryTreeCommands = commandEntries(
  { id: 'eventBroker.openSchema', fromSelection: [SchemaVersionNode], run: ({ schemaDocuments }, node) => openSchemaCommand(schemaDocuments, node) },
  { id: 'eventBroker.filterSubjects', fromSelection: [SchemaRegistryNode], run: ({ prompter }, node) => filterSubjectsCommand(prompter, node) },
);
