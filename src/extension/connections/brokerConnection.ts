import type { ConnectionOptions, SaslMechanism } from '../../core/connection';
import { parseBootstrap } from '../../core/connection';
import type { ConnectionSetting } from '../settings';

/** A connection as the tree shows it. It never holds a password. */
export interface BrokerConnection {
  id: string;
  name: string;
  source: 'settings' | 'environment';
  bootstrap: string;
  username?: string;
  saslMechanism?: SaslMechanism;
  tls?: ConnectionOptions['tls'];
}

export const ENVIRONMENT_CONNECTION_ID = 'env:KAFKA_BOOTSTRAP';

/** The connection VAST's guides imply: KAFKA_BOOTSTRAP, with KAFKA_USERNAME/KAFKA_PASSWORD for SASL PLAIN. */
export function environmentConnection(env: NodeJS.ProcessEnv): BrokerConnection | undefined {
  const bootstrap = env.KAFKA_BOOTSTRAP?.trim();
  if (!bootstrap) return undefined;
  const username = env.KAFKA_USERNAME?.trim() || undefined;
  return {
    id: ENVIRONMENT_CONNECTION_ID,
    name: `KAFKA_BOOTSTRAP (${bootstrap})`,
    source: 'environment',
    bootstrap,
    username,
    saslMechanism: username ? 'plain' : undefined,
  };
}

export function settingsConnection(setting: ConnectionSetting): BrokerConnection {
  const mechanism = setting.saslMechanism && setting.saslMechanism !== 'none' ? setting.saslMechanism : undefined;
  return {
    id: `settings:${setting.name}`,
    name: setting.name,
    source: 'settings',
    bootstrap: setting.bootstrap,
    username: mechanism ? setting.username : undefined,
    saslMechanism: mechanism,
    tls: setting.tls ? { caFile: setting.caFile, certFile: setting.certFile, keyFile: setting.keyFile, rejectUnauthorized: setting.rejectUnauthorized !== false } : undefined,
  };
}

export function connectionOptions(connection: BrokerConnection, password: string | undefined, timeoutMs: number): ConnectionOptions {
  return {
    bootstrap: parseBootstrap(connection.bootstrap),
    sasl: connection.saslMechanism && connection.username ? { mechanism: connection.saslMechanism, username: connection.username, password: password ?? '' } : undefined,
    tls: connection.tls,
    clientId: 'event-broker-explorer-vscode',
    timeoutMs,
  };
}
