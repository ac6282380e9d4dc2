import { UsageError } from './errors';

export type SaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';
export const SASL_MECHANISMS: readonly SaslMechanism[] = ['plain', 'scram-sha-256', 'scram-sha-512'];

export interface SaslOptions {
  mechanism: SaslMechanism;
  username: string;
  /** Comes from SecretStorage or an environment variable, never from settings or arguments. */
  password: string;
}

export interface TlsOptions {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Certificate verification is on unless the user turns it off explicitly (`false`); absent means on. */
  rejectUnauthorized?: boolean;
}

export interface ConnectionOptions {
  bootstrap: string[];
  sasl?: SaslOptions;
  tls?: TlsOptions;
  clientId?: string;
  /** Upper bound for connecting and for each request; errors come within it instead of hanging. */
  timeoutMs?: number;
  /**
   * Refuse every change to the broker (commits, group and topic deletes, topic creation, produce):
   * the session's ClusterAccess is wrapped (readOnlyClusterAccess.ts), so no path can bypass it.
   */
  readOnly?: boolean;
  /** What a person calls this connection, for sentences ("Connection "prod" is read-only…"); the bootstrap when absent. */
  name?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The longest timeout a Node timer holds (2^31 − 1 ms, 24.8 days): a longer one fires at once, with
 * a TimeoutOverflowWarning, and is also past the Int32 timeout fields of Kafka's requests.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The options with a timeout Node's timers and Kafka's requests can hold (see MAX_TIMEOUT_MS). */
export function withBoundedTimeout(options: ConnectionOptions): ConnectionOptions {
  return options.timeoutMs !== undefined && options.timeoutMs > MAX_TIMEOUT_MS ? { ...options, timeoutMs: MAX_TIMEOUT_MS } : options;
}

/** `host:port[,host:port…]` → a list, with one clear sentence for what is wrong. */
export function parseBootstrap(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('The bootstrap address is empty: give host:port, for example 127.0.0.1:9092.');
  return trimmed.split(',').map((part) => {
    const entry = part.trim();
    if (entry === '') throw new UsageError(`"${text}" has an empty entry: separate host:port pairs with single commas.`);
    // A listener URL (PLAINTEXT://broker:9092, http://localhost:9092) is a common paste from broker configs.
    const scheme = /^([A-Za-z][A-Za-z0-9+._-]*):\/\/(.*)$/.exec(entry);
    if (scheme) throw new UsageError(`"${entry}" is a URL: use host:port, without the scheme (${scheme[2].replace(/\/+$/, '') || 'broker:9092'}).`);
    if (/\s/.test(entry)) throw new UsageError(`"${entry}" contains a space: write host:port pairs separated by commas, without spaces.`);
    const match = /^(\[[0-9a-fA-F:]+\]|[^:/\s]+):(\d+)$/.exec(entry);
    if (!match) throw new UsageError(`"${entry}" is not host:port: add the port, for example ${entry.split(':')[0] || 'broker'}:9092.`);
    const port = Number(match[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`"${entry}" has port ${match[2]}, which is not between 1 and 65535.`);
    if (!/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9._-]+)$/.test(match[1])) throw new UsageError(`"${match[1]}" is not a valid host name.`);
    return `${match[1]}:${port}`;
  });
}

/** The variables VAST's own examples use, and ours: `EBX_READ_ONLY=1` makes the connection read-only. */
export function connectionDefaultsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  bootstrap?: string;
  username?: string;
  password?: string;
  readOnly: boolean;
} {
  const pick = (name: string) => (env[name] && env[name].trim() !== '' ? env[name] : undefined);
  return { bootstrap: pick('KAFKA_BOOTSTRAP'), username: pick('KAFKA_USERNAME'), password: env.KAFKA_PASSWORD, readOnly: readOnlyFromEnv(env) };
}

/**
 * `EBX_READ_ONLY`: unset, empty, 0, false, no or off mean writable; any other value means read-only,
 * so a typo (`EBX_READ_ONLY=yes please`) errs on the safe side.
 */
export function readOnlyFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.EBX_READ_ONLY?.trim().toLowerCase() ?? '';
  return !['', '0', 'false', 'no', 'off'].includes(value);
}

export function parseSaslMechanism(text: string): SaslMechanism {
  const lower = text.trim().toLowerCase();
  if ((SASL_MECHANISMS as readonly string[]).includes(lower)) return lower as SaslMechanism;
  throw new UsageError(`"${text}" is not a SASL mechanism: use plain, scram-sha-256 or scram-sha-512.`);
}
