// "Value Format…" / "Key Format…" on a topic (issue 23, item 1): how its records are read and
// written, saved as an `eventBroker.recordFormats` entry for exactly that topic of that connection;
// and "Schema Registry…" on a connection (item 2a). Both change settings only, never the broker, so
// a read-only connection may use them too.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FormatError, type SchemaFormat } from '../../core/formats/formatTypes';
import { FORMAT_CATALOG, isSchemaFormat } from '../../core/formats/formatCatalog';
import { withFieldChoice, type FieldChoice } from '../../core/formats/formatRules';
import type { FieldRole } from '../../core/formats/fieldValues';
import { UsageError } from '../../core/errors';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import { ENVIRONMENT_REGISTRY } from '../connections/connectionStore';
import { chooseFileToRead, type FileKind } from '../chooseFile';
import { updateRecordFormats, type RegistrySetting } from '../settings';
import { Cancelled } from '../runCommand';
import type { PickItem } from '../prompter';
import { resolveSchemaFile, schemaImportRoot } from '../formats/recordFormats';
import type { CommandContext } from './commandContext';
import { connectionStep, topicStep } from './targetSteps';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';
import { ConnectionNode } from '../tree/connectionNode';

const SCHEMA_FILES: Record<SchemaFormat, FileKind> = {
  avro: { noun: 'Avro schema', ending: 'avsc', filters: { 'Avro schema': ['avsc', 'json'] } },
  protobuf: { noun: 'Protobuf schema', ending: 'proto', filters: { 'Protobuf schema': ['proto'] } },
  'json-schema': { noun: 'JSON Schema', ending: 'json', filters: { 'JSON Schema': ['json'] } },
};

export function valueFormatCommand(ctx: CommandContext, node: unknown): Promise<FieldChoice | undefined> {
  return recordFormatCommand(ctx, node, 'value');
}

export function keyFormatCommand(ctx: CommandContext, node: unknown): Promise<FieldChoice | undefined> {
  return recordFormatCommand(ctx, node, 'key');
}

/** Asks the format (and its schema), checks the schema reads, saves the entry; resolves what was saved. */
async function recordFormatCommand(ctx: CommandContext, node: unknown, role: FieldRole): Promise<FieldChoice | undefined> {
  const Role = role === 'key' ? 'Key' : 'Value';
  const target = await topicStep(ctx, node, `${Role} Format: choose a topic`);
  const topic = target.topic;
  // The connection as saved now (its registry), not as a row drawn before the last change had it.
  const connection = ctx.store.get(target.connection.id) ?? target.connection;
  const current = ctx.formats.formatsOf(connection, topic)[role];
  const format = await ctx.prompter.pickOne(
    FORMAT_CATALOG.map(({ name, detail }) => ({ label: name, description: name === current.format ? `(current) ${detail}` : detail, value: name })),
    { title: `${Role} Format of ${topic}`, placeHolder: `How the ${role}s of ${topic} are read and written` },
  );
  if (format === undefined) throw new Cancelled();
  const choice = isSchemaFormat(format) ? await schemaChoice(ctx, connection, topic, role, format) : { format };
  await updateRecordFormats((entries) => withFieldChoice(entries, connection.name, topic, role, choice));
  const schema = choice.schemaFile ? ` with ${path.basename(choice.schemaFile)}${choice.message ? ` (${choice.message})` : ''}` : isSchemaFormat(format) ? ' through the schema registry' : '';
  void vscode.window.showInformationMessage(`${topic}: ${role}s are read as ${format}${schema}. Replays, tails and viewers opened from now on use it.`);
  ctx.refresh.topic(connection, topic);
  return choice;
}

/** A schema format's source: the registry (wire format), a workspace file, or Browse…; a .proto's message type. */
async function schemaChoice(ctx: CommandContext, connection: BrokerConnection, topic: string, role: FieldRole, format: SchemaFormat): Promise<FieldChoice> {
  const kind = SCHEMA_FILES[format];
  if (connection.schemaRegistry !== undefined) {
    const source = await ctx.prompter.pickOne<'registry' | 'file'>(
      [
        { label: 'Schema registry', description: `the schema id each record carries (Confluent wire format) · ${connection.schemaRegistry.url}`, value: 'registry' },
        { label: `A ${kind.noun} file…`, description: 'for records written without the wire-format header, or a registry out of reach', value: 'file' },
      ],
      { title: `${role === 'key' ? 'Key' : 'Value'} Format of ${topic}: where the ${format} schema comes from` },
    );
    if (source === undefined) throw new Cancelled();
    if (source === 'registry') return { format };
  }
  const uri = await chooseFileToRead(ctx.prompter, kind, `The ${kind.noun} of ${topic}'s ${role}s`);
  const file = settingPath(uri.fsPath);
  const message = format === 'protobuf' ? await pickMessage(ctx, resolveSchemaFile(file), topic) : undefined;
  // The file is read now, so a schema that does not parse is told here, not on the first replay.
  const { loadSchemaFile } = await import('../../core/formats/schemaFiles');
  try {
    const resolved = resolveSchemaFile(file);
    loadSchemaFile(resolved, { format, messageName: message, importRoot: schemaImportRoot(resolved) });
  } catch (err) {
    if (err instanceof FormatError) throw new UsageError(`Nothing was saved: ${err.message}`);
    throw err;
  }
  return { format, schemaFile: file, ...(message !== undefined ? { message } : {}) };
}

async function pickMessage(ctx: CommandContext, file: string, topic: string): Promise<string | undefined> {
  const { protoFileMessages } = await import('../../core/formats/schemaFiles');
  let names: string[];
  try {
    names = protoFileMessages(file, schemaImportRoot(file));
  } catch (err) {
    if (err instanceof FormatError) throw new UsageError(`Nothing was saved: ${err.message}`);
    throw err;
  }
  if (names.length === 0) throw new UsageError(`Nothing was saved: ${path.basename(file)} declares no message.`);
  if (names.length === 1) return undefined;
  const picked = await ctx.prompter.pickOne(
    names.map((name, i) => ({ label: name, description: i === 0 ? 'the first message (the default)' : undefined, value: name })),
    { title: `The message type of ${topic}'s records`, placeHolder: `${path.basename(file)} declares ${names.length} messages` },
  );
  if (picked === undefined) throw new Cancelled();
  return picked === names[0] ? undefined : picked;
}

/** A file inside the workspace folder is saved relative to it (the settings travel with the repository). */
function settingPath(fsPath: string): string {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(fsPath));
  return folder ? path.relative(folder.uri.fsPath, fsPath).split(path.sep).join('/') : fsPath;
}

type Auth = NonNullable<RegistrySetting['auth']>;

/** Sets, changes or removes a connection's schema registry: URL, authentication, and the secret into SecretStorage. */
export async function schemaRegistryCommand(ctx: CommandContext, node: unknown): Promise<RegistrySetting | undefined> {
  const given = await connectionStep(ctx, node);
  if (given.source === 'environment') throw new UsageError(ENVIRONMENT_REGISTRY);
  // The registry as saved now: a row drawn before the last change still carries the old setting.
  const connection = ctx.store.get(given.id) ?? given;
  const current = connection.schemaRegistry;
  const url = await ctx.prompter.input({
    title: `Schema Registry of ${connection.name} (1/2)`,
    prompt: 'The registry\'s URL (Confluent API), e.g. http://registry:8081. Empty removes the registry from this connection.',
    value: current?.url ?? '',
    validateInput: (text) => registryUrlProblem(text),
  });
  if (url === undefined) throw new Cancelled();
  if (url.trim() === '') {
    if (current === undefined) return undefined;
    await ctx.store.setSchemaRegistry(connection, undefined);
    await ctx.registries.forget(connection.id);
    void vscode.window.showInformationMessage(`${connection.name} has no schema registry now.`);
    return undefined;
  }
  const authItems: PickItem<Auth>[] = [
    { label: 'None', description: 'no authentication', value: 'none' },
    { label: 'Basic', description: 'a user name and a password (kept in SecretStorage)', value: 'basic' },
    { label: 'Bearer token', description: 'kept in SecretStorage', value: 'bearer' },
  ];
  const auth = await ctx.prompter.pickOne<Auth>(
    authItems.map((item) => (item.value === (current?.auth ?? 'none') ? { ...item, description: `(current) ${item.description ?? ''}` } : item)),
    { title: `Schema Registry of ${connection.name} (2/2): authentication` },
  );
  if (auth === undefined) throw new Cancelled();
  const setting: RegistrySetting = { url: url.trim(), auth };
  if (current?.caFile) setting.caFile = current.caFile;
  if (current?.rejectUnauthorized === false) setting.rejectUnauthorized = false;
  let secret: string | undefined;
  if (auth === 'basic') {
    const username = await ctx.prompter.input({ title: `Schema registry user name (${connection.name})`, value: current?.username ?? '', validateInput: (t) => (t.trim() ? undefined : 'Give the user name.') });
    if (username === undefined) throw new Cancelled();
    setting.username = username.trim();
  }
  if (auth !== 'none') {
    secret = await ctx.prompter.input({ title: auth === 'basic' ? `Schema registry password for ${setting.username}` : 'Schema registry token', prompt: 'Kept in VS Code SecretStorage, never in settings.', password: true });
    if (secret === undefined) throw new Cancelled();
  }
  await ctx.store.setSchemaRegistry(connection, setting);
  if (secret !== undefined) await ctx.registries.storeSecret(connection.id, secret);
  else await ctx.registries.forget(connection.id);
  const saved = ctx.store.get(connection.id);
  const reachable = saved ? await registryAnswers(ctx, saved) : undefined;
  void vscode.window.showInformationMessage(`${connection.name}: schema registry ${setting.url} saved${reachable ? ` (${reachable})` : ''}.`);
  return setting;
}

/** One line on what the registry answered, or why it did not (the setting is kept either way: a registry can be down for a while). */
async function registryAnswers(ctx: CommandContext, connection: BrokerConnection): Promise<string | undefined> {
  try {
    const client = await ctx.registries.clientOf(connection);
    if (client === undefined) return undefined;
    const subjects = await client.subjects();
    return counted(subjects.length, 'subject');
  } catch (err) {
    if (err instanceof Cancelled) throw err;
    return `it did not answer: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function registryUrlProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Give an http:// or https:// URL.';
    if (url.username || url.password) return 'Leave the user name and password out of the URL: they are asked next and kept in SecretStorage.';
    return undefined;
  } catch {
    return 'Give a URL like http://registry:8081.';
  }
}

export const recordFormatCommands = commandEntries(
  { id: 'eventBroker.valueFormat', fromSelection: [TopicNode], run: valueFormatCommand },
  { id: 'eventBroker.keyFormat', fromSelection: [TopicNode], run: keyFormatCommand },
  { id: 'eventBroker.schemaRegistry', fromSelection: [ConnectionNode], run: schemaRegistryCommand },
);
