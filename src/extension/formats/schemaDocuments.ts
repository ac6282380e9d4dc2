import * as vscode from 'vscode';
import type { SubjectVersion } from '../../core/schemaRegistry/registryClient';
import { schemaDocument, type SchemaDocument } from '../../core/schemaRegistry/schemaDocument';
import { UsageError } from '../../core/errors';
import type { ConnectionStore } from '../connections/connectionStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { SchemaRegistries } from './schemaRegistries';

export const SCHEMA_SCHEME = 'eventbroker-schema';

/**
 * A registry's schemas as read-only documents of their own scheme (issue 23, item 5), like replays:
 * Avro and JSON Schema pretty-printed as JSON, Protobuf as registered. The address says connection,
 * subject and version, so a tab VS Code restores after a reload asks the registry again.
 */
export class SchemaDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((doc) => {
    if (doc.uri.scheme === SCHEMA_SCHEME) this.contents.delete(doc.uri.toString());
  });

  constructor(
    private readonly store: ConnectionStore,
    private readonly registries: SchemaRegistries,
  ) {}

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    return this.contents.get(uri.toString()) ?? this.fetch(uri);
  }

  /** Opens a version the tree already read (no request), in the preview tab as a click on a file does. */
  async open(connection: BrokerConnection, version: SubjectVersion): Promise<vscode.TextDocument> {
    const doc = schemaDocument(version.subject, version.version, version.schemaType, version.schema);
    const uri = schemaUri(connection.id, version.subject, version.version, doc.fileName);
    this.contents.set(uri.toString(), doc.text);
    const document = await withLanguage(await vscode.workspace.openTextDocument(uri), doc);
    await vscode.window.showTextDocument(document, { preview: true });
    return document;
  }

  private async fetch(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const connection = this.store.get(query.get('connection') ?? '');
    const subject = query.get('subject') ?? '';
    const version = Number(query.get('version'));
    if (!connection) throw new UsageError(`The connection of this schema (${subject} version ${version}) is gone.`);
    const client = this.registries.clientOf(connection);
    if (!client) throw new UsageError(`${connection.name} has no schema registry now.`);
    const answer = await (await client).schemaVersion(subject, version);
    return schemaDocument(answer.subject, answer.version, answer.schemaType, answer.schema).text;
  }

  dispose(): void {
    this.subscription.dispose();
    this.contents.clear();
  }
}

function schemaUri(connectionId: string, subject: string, version: number, fileName: string): vscode.Uri {
  const query = new URLSearchParams({ connection: connectionId, subject, version: String(version) }).toString();
  return vscode.Uri.from({ scheme: SCHEMA_SCHEME, path: `/${fileName}`, query });
}

/** JSON is always there; a proto language only when an extension brings one (VS Code has none of its own). */
async function withLanguage(document: vscode.TextDocument, doc: SchemaDocument): Promise<vscode.TextDocument> {
  const languages = await vscode.languages.getLanguages();
  const language = doc.language === 'json' ? 'json' : (['proto3', 'proto'].find((id) => languages.includes(id)) ?? 'plaintext');
  return document.languageId === language ? document : vscode.languages.setTextDocumentLanguage(document, language);
}
