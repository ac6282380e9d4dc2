import * as vscode from 'vscode';
import type { KafkaSession } from '../../core/session';
import { UsageError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { readSettings, writeConnections, type ConnectionSetting, type RegistrySetting, SETTINGS_SECTION } from '../settings';
import { registrySecretKey } from '../formats/schemaRegistries';
import { connectionOptions, environmentConnection, settingsConnection, type BrokerConnection } from './brokerConnection';
import { Cancelled } from '../runCommand';
import type { PrompterHolder } from '../prompter';

/** Why the environment's connection takes its schema registry from the environment too. */
export const ENVIRONMENT_REGISTRY =
  'This connection comes from the KAFKA_BOOTSTRAP environment variable: set EBX_SCHEMA_REGISTRY (and EBX_SCHEMA_REGISTRY_USERNAME / EBX_SCHEMA_REGISTRY_PASSWORD) before starting VS Code to give it a schema registry.';

const secretKey = (connection: BrokerConnection) => `eventBroker.password:${connection.id}`;

/**
 * The session module, loaded on the first connection: it reaches kafkajs (dist/kafka.js, see
 * esbuild.mjs), which activating for the settings diagnostics must not load.
 */
const kafkaSessions = () => import('../../core/session');

/**
 * A session is reused while its connection and the settings it was opened with stay the same (its
 * schema registry is not part of the Kafka session: changing it stops no tail).
 */
function sessionKey(connection: BrokerConnection): string {
  const settings = readSettings();
  const kafkaPart = { ...connection, schemaRegistry: undefined };
  return JSON.stringify([kafkaPart, settings.requestTimeoutSeconds, settings.clientOverrides]);
}

/**
 * The connections (from the environment and from settings), their passwords (SecretStorage or
 * KAFKA_PASSWORD only) and one open session per connection.
 */
export class ConnectionStore implements vscode.Disposable {
  /** Promises, so that callers racing for a connection's first session share one. */
  private readonly sessions = new Map<string, { key: string; session: Promise<KafkaSession> }>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly removed = new vscode.EventEmitter<string>();
  private readonly disposables: vscode.Disposable[] = [this.changed, this.removed];
  readonly onDidChange = this.changed.event;
  /** Fires with the id of a connection that is gone or changed (its tails must stop). */
  readonly onDidRemove = this.removed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: Logger,
    private readonly prompter: PrompterHolder,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (['connections', 'requestTimeoutSeconds', 'clientOverrides'].some((key) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`))) this.reconcile();
      }),
    );
  }

  list(): BrokerConnection[] {
    const fromEnv = environmentConnection(this.env);
    const fromSettings = readSettings().connections.map(settingsConnection);
    return [...(fromEnv ? [fromEnv] : []), ...fromSettings];
  }

  get(id: string): BrokerConnection | undefined {
    return this.list().find((c) => c.id === id);
  }

  /** The session of a connection, opening it (and asking for a missing password) when needed. */
  session(connection: BrokerConnection): Promise<KafkaSession> {
    const key = sessionKey(connection);
    const open = this.sessions.get(connection.id);
    if (open && open.key === key) return open.session;
    if (open) close(open.session);
    const session = this.open(connection);
    this.sessions.set(connection.id, { key, session });
    // One that could not open (the password prompt was cancelled) is not kept: the next use asks again.
    session.catch(() => {
      if (this.sessions.get(connection.id)?.session === session) this.sessions.delete(connection.id);
    });
    return session;
  }

  private async open(connection: BrokerConnection): Promise<KafkaSession> {
    const password = connection.saslMechanism ? await this.password(connection) : undefined;
    const settings = readSettings();
    const { KafkaSession } = await kafkaSessions();
    return KafkaSession.open(connectionOptions(connection, password, settings.requestTimeoutSeconds * 1000, settings.clientOverrides), this.logger);
  }

  private async password(connection: BrokerConnection): Promise<string> {
    if (connection.source === 'environment') return this.env.KAFKA_PASSWORD ?? '';
    const stored = await this.secrets.get(secretKey(connection));
    if (stored !== undefined) return stored;
    const typed = await this.prompter.current.input({
      title: `Password for ${connection.username} on ${connection.name}`,
      prompt: 'Kept in VS Code SecretStorage, never in settings.',
      password: true,
    });
    if (typed === undefined) throw new Cancelled();
    await this.secrets.store(secretKey(connection), typed);
    return typed;
  }

  async add(setting: ConnectionSetting, password: string | undefined): Promise<BrokerConnection> {
    const connections = readSettings().connections.filter((c) => c.name !== setting.name);
    const connection = settingsConnection(setting);
    if (password !== undefined) await this.secrets.store(secretKey(connection), password);
    await writeConnections([...connections, setting]);
    this.reconcile();
    return connection;
  }

  /** Saves a settings connection as read-only or not; its session reopens with the new setting (tails on it stop). */
  async setReadOnly(connection: BrokerConnection, readOnly: boolean): Promise<void> {
    if (connection.source === 'environment') {
      throw new UsageError(
        `This connection comes from the KAFKA_BOOTSTRAP environment variable: ${readOnly ? 'set EBX_READ_ONLY=1' : 'unset EBX_READ_ONLY'} before starting VS Code to change it.`,
      );
    }
    const connections = readSettings().connections.map((c) => {
      if (c.name !== connection.name) return c;
      // Writable connections carry no readOnly key at all, as Add Connection saves them.
      const rest = { ...c };
      delete rest.readOnly;
      return readOnly ? { ...rest, readOnly: true } : rest;
    });
    await writeConnections(connections);
    this.reconcile();
  }

  /** Saves a settings connection's schema registry (undefined removes it); its Kafka session stays open. */
  async setSchemaRegistry(connection: BrokerConnection, registry: RegistrySetting | undefined): Promise<void> {
    if (connection.source === 'environment') {
      throw new UsageError(ENVIRONMENT_REGISTRY);
    }
    const connections = readSettings().connections.map((c) => {
      if (c.name !== connection.name) return c;
      const rest = { ...c };
      delete rest.schemaRegistry;
      return registry === undefined ? rest : { ...rest, schemaRegistry: registry };
    });
    await writeConnections(connections);
    this.reconcile();
  }

  async remove(connection: BrokerConnection): Promise<void> {
    if (connection.source === 'environment') {
      throw new UsageError('This connection comes from the KAFKA_BOOTSTRAP environment variable: unset it to remove the connection.');
    }
    await writeConnections(readSettings().connections.filter((c) => c.name !== connection.name));
    await this.secrets.delete(secretKey(connection));
    await this.secrets.delete(registrySecretKey(connection.id));
    this.reconcile();
  }

  /** Closes sessions whose connection changed or went away, and tells listeners. */
  private reconcile(): void {
    const current = new Map(this.list().map((c) => [c.id, sessionKey(c)]));
    for (const [id, open] of [...this.sessions]) {
      if (current.get(id) === open.key) continue;
      close(open.session);
      this.sessions.delete(id);
      // Gone or changed: whatever ran on the old session (tails) must stop.
      this.removed.fire(id);
    }
    this.changed.fire();
  }

  /** A throwaway session to test a connection before saving it. */
  async testSession(connection: BrokerConnection, password: string | undefined): Promise<KafkaSession> {
    const { KafkaSession } = await kafkaSessions();
    return KafkaSession.open(connectionOptions(connection, password, Math.min(readSettings().requestTimeoutSeconds, 15) * 1000), this.logger);
  }

  dispose(): void {
    for (const { session } of this.sessions.values()) close(session);
    this.sessions.clear();
    // vscode types Disposable.dispose() as returning any: a statement body returns nothing.
    for (const d of this.disposables) d.dispose();
  }
}

function close(session: Promise<KafkaSession>): void {
  session.then((s) => s.close(), () => undefined).catch(() => undefined);
}
