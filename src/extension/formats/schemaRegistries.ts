import * as vscode from 'vscode';
import { FILE_KINDS, readBoundedFile } from '../../core/files/readBoundedFile';
import type { SchemaRegistryClient } from '../../core/schemaRegistry/registryClient';
import { UsageError } from '../../core/errors';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { RegistrySetting } from '../settings';
import type { PrompterHolder } from '../prompter';
import { Cancelled } from '../runCommand';

/** Where a connection's registry password or token is kept (never in settings). */
export const registrySecretKey = (connectionId: string) => `eventBroker.registrySecret:${connectionId}`;

/** The registry client module, loaded on first use (the schema libraries stay out of activation). */
const registryModule = () => import('../../core/schemaRegistry/registryClient');

/**
 * The schema registry of each connection: one client per connection (its schemas by id cached for
 * as long as the setting stays the same), its password or token from SecretStorage (asked once) or
 * from the environment variable the setting names.
 */
export class SchemaRegistries {
  private readonly clients = new Map<string, { key: string; client: Promise<SchemaRegistryClient> }>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly prompter: PrompterHolder,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The connection's registry client; undefined when it has no registry. */
  clientOf(connection: BrokerConnection): Promise<SchemaRegistryClient> | undefined {
    const setting = connection.schemaRegistry;
    if (setting === undefined) return undefined;
    const key = JSON.stringify(setting);
    const open = this.clients.get(connection.id);
    if (open && open.key === key) return open.client;
    const client = this.open(connection, setting);
    this.clients.set(connection.id, { key, client });
    // One that could not be made (a prompt cancelled, a CA file missing) is not kept: the next use tries again.
    client.catch(() => {
      if (this.clients.get(connection.id)?.client === client) this.clients.delete(connection.id);
    });
    return client;
  }

  /** Forgets a connection's client and stored secret (the connection or its registry went away). */
  async forget(connectionId: string): Promise<void> {
    this.clients.delete(connectionId);
    await this.secrets.delete(registrySecretKey(connectionId));
  }

  /** Stores the secret a person typed for a connection's registry (Schema Registry…). */
  async storeSecret(connectionId: string, secret: string): Promise<void> {
    this.clients.delete(connectionId);
    await this.secrets.store(registrySecretKey(connectionId), secret);
  }

  private async open(connection: BrokerConnection, setting: RegistrySetting): Promise<SchemaRegistryClient> {
    const { SchemaRegistryClient } = await registryModule();
    const auth = setting.auth ?? 'none';
    const secret = auth === 'none' ? undefined : await this.secret(connection, setting, auth);
    return new SchemaRegistryClient({
      url: setting.url,
      ...(auth === 'basic' ? { username: setting.username ?? '', password: secret } : {}),
      ...(auth === 'bearer' ? { bearerToken: secret } : {}),
      ...(setting.caFile ? { ca: readCaFile(setting.caFile) } : {}),
      ...(setting.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
    });
  }

  private async secret(connection: BrokerConnection, setting: RegistrySetting, auth: 'basic' | 'bearer'): Promise<string> {
    if (setting.passwordEnv) {
      const value = this.env[setting.passwordEnv];
      if (value === undefined) throw new UsageError(`The schema registry of ${connection.name} reads its ${auth === 'basic' ? 'password' : 'token'} from the environment variable ${setting.passwordEnv}, which is not set.`);
      return value;
    }
    const stored = await this.secrets.get(registrySecretKey(connection.id));
    if (stored !== undefined) return stored;
    const typed = await this.prompter.current.input({
      title: auth === 'basic' ? `Schema registry password for ${setting.username ?? ''} (${connection.name})` : `Schema registry token (${connection.name})`,
      prompt: 'Kept in VS Code SecretStorage, never in settings.',
      password: true,
    });
    if (typed === undefined) throw new Cancelled();
    await this.secrets.store(registrySecretKey(connection.id), typed);
    return typed;
  }

  dispose(): void {
    this.clients.clear();
  }
}

/** Through core's bounded reader: a caFile naming a device or a FIFO is one sentence, not a hang. */
function readCaFile(file: string): Buffer {
  return readBoundedFile(file, FILE_KINDS.tls, { shown: `the schema registry's caFile ${file}`, capital: true });
}
