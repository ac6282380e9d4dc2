import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { fieldChoice, fieldSpecFor, ruleFor, type FieldChoice } from '../../core/formats/formatRules';
import type { FieldRole } from '../../core/formats/fieldValues';
import type { SchemaCodec, SchemaFormat } from '../../core/formats/formatTypes';
import type { RecordDecoder } from '../../core/formats/recordDecoder';
import type { FieldSpec } from '../../core/formats/fieldReading';
import type { FieldEncoders } from '../../core/formats/fieldEncoders';
import { UsageError } from '../../core/errors';
import { parseSubjectStrategy } from '../../core/schemaRegistry/subjectStrategy';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import type { SchemaRegistries } from './schemaRegistries';

/** The formats' modules, loaded when a topic first needs them (avsc, protobufjs and ajv stay out of activation). */
const decoderModule = () => import('../../core/formats/recordDecoder');
const registryCodecsModule = () => import('../../core/formats/registryCodecs');
const schemaFilesModule = () => import('../../core/formats/schemaFiles');
const encodersModule = () => import('../../core/formats/fieldEncoders');

export interface TopicFormats {
  key: FieldChoice;
  value: FieldChoice;
  /** The connection has a schema registry (wire-format records are decoded with it). */
  registry: boolean;
  /** The registry subject producing uses (checked with the setting): absent, TopicNameStrategy. */
  subjectStrategy?: string;
}

/**
 * How each topic's records are read (issue 23): `eventBroker.recordFormats` matched to the topic,
 * the workspace schema files it names (loaded once per file version) and the connection's schema
 * registry. Every place that shows records asks `decoderFor`; undefined means plain text-or-bytes,
 * where the fast byte paths apply.
 */
export class RecordFormats {
  private readonly codecs = new Map<string, { stamp: string; codec: SchemaCodec }>();

  constructor(
    private readonly registries: SchemaRegistries,
    private readonly logger: Logger,
  ) {}

  formatsOf(connection: BrokerConnection, topic: string): TopicFormats {
    const rule = ruleFor(readSettings().recordFormats, connection.name, topic);
    return { key: fieldChoice(rule, 'key'), value: fieldChoice(rule, 'value'), registry: connection.schemaRegistry !== undefined, ...(rule?.subjectStrategy !== undefined ? { subjectStrategy: rule.subjectStrategy } : {}) };
  }

  /** "value: avro (order.avsc)", for tooltips and the viewer's header; undefined for plain text-or-bytes. */
  describe(connection: BrokerConnection, topic: string): string | undefined {
    const { key, value, registry } = this.formatsOf(connection, topic);
    const parts = [describeField('key', key), describeField('value', value)].filter((p): p is string => p !== undefined);
    if (registry && value.format === 'auto') parts.push('wire format: schema registry');
    return parts.length > 0 ? parts.join(' · ') : undefined;
  }

  /**
   * The decoder of a topic's records, or undefined when they are read as plain text-or-bytes.
   * `onProblem` hears each distinct problem once (a registry down, an unknown schema id). A setting
   * that cannot work (a schema file missing) is a UsageError naming the topic and the file.
   */
  async decoderFor(connection: BrokerConnection, topic: string, onProblem?: (sentence: string) => void): Promise<RecordDecoder | undefined> {
    const formats = this.formatsOf(connection, topic);
    if (formats.key.format === 'auto' && formats.value.format === 'auto' && !formats.registry) return undefined;
    const [{ RecordDecoder }, { registrySchemaSource }, { loadSchemaFile }] = await Promise.all([decoderModule(), registryCodecsModule(), schemaFilesModule()]);
    const client = await this.registries.clientOf(connection);
    return new RecordDecoder({
      key: this.specOf(topic, 'key', formats, loadSchemaFile),
      value: this.specOf(topic, 'value', formats, loadSchemaFile),
      registry: client === undefined ? undefined : registrySchemaSource(client),
      onProblem: (sentence) => {
        this.logger.warn(`${topic}: ${sentence}`);
        onProblem?.(sentence);
      },
    });
  }

  /**
   * The encoders of a topic's key and value for producing (core/formats/fieldEncoders.ts, as `ebx
   * produce` has them): JSON written with the topic's schema — the workspace file, through the same
   * codec cache as decoderFor; with the connection's registry, in the wire format under the id of
   * the topic's subject. Empty for `auto` and `string`: the text goes as it is typed.
   */
  async encodersFor(connection: BrokerConnection, topic: string): Promise<FieldEncoders> {
    const formats = this.formatsOf(connection, topic);
    const plain = (choice: FieldChoice) => choice.format === 'auto' || choice.format === 'string';
    if (plain(formats.key) && plain(formats.value)) return {};
    const [{ encodersOf, SETTING_WORDS }, { loadSchemaFile }] = await Promise.all([encodersModule(), schemaFilesModule()]);
    const specs = { key: this.specOf(topic, 'key', formats, loadSchemaFile), value: this.specOf(topic, 'value', formats, loadSchemaFile) };
    const registry = formats.registry ? await this.registries.clientOf(connection) : undefined;
    const subjectStrategy = formats.subjectStrategy === undefined ? undefined : parseSubjectStrategy(formats.subjectStrategy);
    const source = (role: FieldRole) => {
      const file = formats[role].schemaFile;
      return { topic, schemaFile: file === undefined ? undefined : resolveSchemaFile(file), registry, subjectStrategy, recordName: formats[role].message, words: SETTING_WORDS };
    };
    return encodersOf(specs, { key: source('key'), value: source('value') });
  }

  /** One field's spec for the decoder and the encoders; a setting that cannot work is a UsageError naming the topic. */
  private specOf(topic: string, role: FieldRole, formats: TopicFormats, load: typeof import('../../core/formats/schemaFiles').loadSchemaFile): FieldSpec {
    try {
      return fieldSpecFor(role, formats[role], { hasRegistry: formats.registry, loadFile: (file, format, message) => this.codec(load, file, format, message) });
    } catch (err) {
      throw new UsageError(`The record format of ${topic} (eventBroker.recordFormats): ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** A workspace schema file's codec, made again only when the file changed. */
  private codec(load: typeof import('../../core/formats/schemaFiles').loadSchemaFile, file: string, format: SchemaFormat, message: string | undefined): SchemaCodec {
    const resolved = resolveSchemaFile(file);
    const key = `${resolved}\u0000${format}\u0000${message ?? ''}`;
    let stamp = 'missing';
    try {
      const stat = fs.statSync(resolved);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // loadSchemaFile says why it cannot be read.
    }
    const cached = this.codecs.get(key);
    if (cached && cached.stamp === stamp) return cached.codec;
    const codec = load(resolved, { format, messageName: message, importRoot: schemaImportRoot(resolved) });
    this.codecs.set(key, { stamp, codec });
    return codec;
  }
}

function describeField(role: FieldRole, choice: FieldChoice): string | undefined {
  if (choice.format === 'auto') return undefined;
  const schema = [choice.schemaFile ? path.basename(choice.schemaFile) : undefined, choice.message].filter(Boolean).join(' ');
  return `${role}: ${choice.format}${schema ? ` (${schema})` : ''}`;
}

/**
 * A schema file named in settings: `${workspaceFolder}` replaced, an absolute path as it is, a
 * relative one found in the first workspace folder that has it (else the first folder's, so the
 * "no such file" names where it was looked for).
 */
export function resolveSchemaFile(file: string): string {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const replaced = folders.length > 0 ? file.replace(/\$\{workspaceFolder\}/g, folders[0]) : file;
  if (path.isAbsolute(replaced)) return replaced;
  for (const folder of folders) {
    const candidate = path.join(folder, replaced);
    if (fs.existsSync(candidate)) return candidate;
  }
  return folders.length > 0 ? path.join(folders[0], replaced) : path.resolve(replaced);
}

/** Where a schema file's .proto imports may be found: the workspace folder holding it (none: only beside it and under). */
export function schemaImportRoot(resolved: string): string | undefined {
  return vscode.workspace.getWorkspaceFolder(vscode.Uri.file(resolved))?.uri.fsPath;
}
