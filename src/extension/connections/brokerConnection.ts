import type { ConnectionOptions, SaslMechanism } from '../../core/connection';
import { parseBootstrap, readOnlyFromEnv } from '../../core/connection';
import type { ConnectionSetting, RegistrySetting } from '../settings';

/** A connection as the tree shows it. It never holds a password. */
export interface BrokerConnection {
  id: string;
  name: string;
  source: 'settings' | 'environment';
  bootstrap: string;
  username?: string;
  saslMechanism?: SaslMechanism;
  tls?: ConnectionOptions['tls'];
  /** Every change to the broker is refused (core/readOnly.ts); the tree marks it and hides changing commands. */
  readOnly?: boolean;
  /** Its schema registry, when one is configured (never with its secret). */
  schemaRegistry?: RegistrySetting;
}

export const ENVIRONMENT_CONNECTION_ID = 'env:KAFKA_BOOTSTRAP';

/**
 * The connection VAST's guides imply: KAFKA_BOOTSTRAP, with KAFKA_USERNAME/KAFKA_PASSWORD for SASL
 * PLAIN; EBX_READ_ONLY=1 makes it read-only (as for ebx); EBX_SCHEMA_REGISTRY names its schema
 * registry as for ebx (with EBX_SCHEMA_REGISTRY_USERNAME and EBX_SCHEMA_REGISTRY_PASSWORD for basic
 * authentication).
 */
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
    readOnly: readOnlyFromEnv(env),
    schemaRegistry: registryFromEnv(env),
  };
}

function registryFromEnv(env: NodeJS.ProcessEnv): RegistrySetting | undefined {
  const url = env.EBX_SCHEMA_REGISTRY?.trim();
  if (!url) return undefined;
  const username = env.EBX_SCHEMA_REGISTRY_USERNAME?.trim() || undefined;
  return username ? { url, auth: 'basic', username, passwordEnv: 'EBX_SCHEMA_REGISTRY_PASSWORD' } : { url, auth: 'none' };
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
    readOnly: setting.readOnly === true,
    schemaRegistry: setting.schemaRegistry,
  };
}

/**
 * The options for core. Of `eventBroker.clientOverrides`, the settings our client has an equivalent
 * for are applied (`client.id`, `request.timeout.ms`); all of them are checked against the broker's
 * rules elsewhere (diagnostics/clientOverridesCheck.ts).
 */
export function connectionOptions(
  connection: BrokerConnection,
  password: string | undefined,
  timeoutMs: number,
  overrides: Record<string, string | number | boolean> = {},
): ConnectionOptions {
  const requestTimeout = Number(overrides['request.timeout.ms']);
  return {
    bootstrap: parseBootstrap(connection.bootstrap),
    sasl: connection.saslMechanism && connection.username ? { mechanism: connection.saslMechanism, username: connection.username, password: password ?? '' } : undefined,
    tls: connection.tls,
    clientId: typeof overrides['client.id'] === 'string' && overrides['client.id'] !== '' ? overrides['client.id'] : 'event-broker-explorer-vscode',
    timeoutMs: Number.isInteger(requestTimeout) && requestTimeout > 0 ? requestTimeout : timeoutMs,
    // The session's access then refuses every change, whatever command or tool asks (core/readOnlyClusterAccess.ts).
    readOnly: connection.readOnly === true,
    name: connection.name,
  };
}
