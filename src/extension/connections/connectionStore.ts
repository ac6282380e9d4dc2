import * as vscode from 'vscode';
import { KafkaSession } from '../../core/session';
import { UsageError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { readSettings, writeConnections, type ConnectionSetting, SETTINGS_SECTION } from '../settings';
import { connectionOptions, environmentConnection, settingsConnection, type BrokerConnection } from './brokerConnection';
import { Cancelled } from '../runCommand';
import type { PrompterHolder } from '../prompter';

const secretKey = (connection: BrokerConnection) => `eventBroker.password:${connection.id}`;

/** A session is reused while its connection and the settings it was opened with stay the same. */
function sessionKey(connection: BrokerConnection): string {
  const settings = readSettings();
  return JSON.stringify([connection, settings.requestTimeoutSeconds, settings.clientOverrides]);
}

/**
 * The connections (from the environment and from settings), their passwords (SecretStorage or
 * KAFKA_PASSWORD only) and one open session per connection.
 */
export class ConnectionStore implements vscode.Disposable {
  private readonly sessions = new Map<string, { key: string; session: KafkaSession }>();
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
  async session(connection: BrokerConnection): Promise<KafkaSession> {
    const key = sessionKey(connection);
    const open = this.sessions.get(connection.id);
    if (open && open.key === key) return open.session;
    if (open) void open.session.close();
    const password = connection.saslMechanism ? await this.password(connection) : undefined;
    const settings = readSettings();
    const session = KafkaSession.open(connectionOptions(connection, password, settings.requestTimeoutSeconds * 1000, settings.clientOverrides), this.logger);
    this.sessions.set(connection.id, { key, session });
    return session;
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

  async remove(connection: BrokerConnection): Promise<void> {
    if (connection.source === 'environment') {
      throw new UsageError('This connection comes from the KAFKA_BOOTSTRAP environment variable: unset it to remove the connection.');
    }
    await writeConnections(readSettings().connections.filter((c) => c.name !== connection.name));
    await this.secrets.delete(secretKey(connection));
    this.reconcile();
  }

  /** Closes sessions whose connection changed or went away, and tells listeners. */
  private reconcile(): void {
    const current = new Map(this.list().map((c) => [c.id, sessionKey(c)]));
    for (const [id, open] of [...this.sessions]) {
      if (current.get(id) === open.key) continue;
      void open.session.close();
      this.sessions.delete(id);
      // Gone or changed: whatever ran on the old session (tails) must stop.
      this.removed.fire(id);
    }
    this.changed.fire();
  }

  /** A throwaway session to test a connection before saving it. */
  testSession(connection: BrokerConnection, password: string | undefined): KafkaSession {
    return KafkaSession.open(connectionOptions(connection, password, Math.min(readSettings().requestTimeoutSeconds, 15) * 1000), this.logger);
  }

  dispose(): void {
    for (const { session } of this.sessions.values()) void session.close();
    this.sessions.clear();
    this.disposables.forEach((d) => d.dispose());
  }
}
