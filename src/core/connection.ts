import { readFileSync } from 'node:fs';
import type { KafkaConfig, SASLOptions } from 'kafkajs';
import { EbxError, UsageError } from './errors';

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
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** `host:port[,host:port…]` → a list, with one clear sentence for what is wrong. */
export function parseBootstrap(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('The bootstrap address is empty: give host:port, for example 127.0.0.1:9092.');
  return trimmed.split(',').map((part) => {
    const entry = part.trim();
    if (entry === '') throw new UsageError(`"${text}" has an empty entry: separate host:port pairs with single commas.`);
    if (/\s/.test(entry)) throw new UsageError(`"${entry}" contains a space: write host:port pairs separated by commas, without spaces.`);
    const match = /^(\[[0-9a-fA-F:]+\]|[^:/\s]+):(\d+)$/.exec(entry);
    if (!match) throw new UsageError(`"${entry}" is not host:port: add the port, for example ${entry.split(':')[0] || 'broker'}:9092.`);
    const port = Number(match[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`"${entry}" has port ${match[2]}, which is not between 1 and 65535.`);
    if (!/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9._-]+)$/.test(match[1])) throw new UsageError(`"${match[1]}" is not a valid host name.`);
    return `${match[1]}:${port}`;
  });
}

/** The variables VAST's own examples use. */
export function connectionDefaultsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  bootstrap?: string;
  username?: string;
  password?: string;
} {
  const pick = (name: string) => (env[name] && env[name]!.trim() !== '' ? env[name] : undefined);
  return { bootstrap: pick('KAFKA_BOOTSTRAP'), username: pick('KAFKA_USERNAME'), password: env.KAFKA_PASSWORD };
}

export function parseSaslMechanism(text: string): SaslMechanism {
  const lower = text.trim().toLowerCase();
  if ((SASL_MECHANISMS as readonly string[]).includes(lower)) return lower as SaslMechanism;
  throw new UsageError(`"${text}" is not a SASL mechanism: use plain, scram-sha-256 or scram-sha-512.`);
}

/** The kafkajs configuration for these options, with VAST-friendly timeouts and short retries. */
export function kafkaJsConfig(options: ConnectionOptions, clientId: string): KafkaConfig {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    clientId: options.clientId ?? clientId,
    brokers: options.bootstrap,
    ssl: options.tls ? tlsConfig(options.tls) : false,
    sasl: options.sasl ? saslConfig(options.sasl) : undefined,
    connectionTimeout: Math.min(timeoutMs, 10_000),
    authenticationTimeout: Math.min(timeoutMs, 10_000),
    requestTimeout: timeoutMs,
    // A few quick retries; a wrong password is not retried by kafkajs, so no retry storm.
    retry: { retries: 3, initialRetryTime: 250, maxRetryTime: Math.max(1_000, Math.min(timeoutMs / 2, 5_000)) },
  };
}

function saslConfig(sasl: SaslOptions): SASLOptions {
  return { mechanism: sasl.mechanism, username: sasl.username, password: sasl.password } as SASLOptions;
}

function tlsConfig(tls: TlsOptions) {
  const read = (file: string | undefined, what: string) => {
    if (!file) return undefined;
    try {
      return readFileSync(file);
    } catch (err) {
      throw new UsageError(`Cannot read the TLS ${what} file ${file}: ${(err as Error).message}`);
    }
  };
  return {
    rejectUnauthorized: tls.rejectUnauthorized !== false,
    ca: read(tls.caFile, 'CA') ? [read(tls.caFile, 'CA')!] : undefined,
    cert: read(tls.certFile, 'client certificate'),
    key: read(tls.keyFile, 'client key'),
  };
}

// Node's codes for a certificate that could not be verified (kafkajs keeps the code and the message).
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const CERTIFICATE_MESSAGE = /self[- ]signed certificate|unable to verify the first certificate|unable to get (local )?issuer certificate|certificate has expired|certificate is not yet valid|Hostname\/IP does not match certificate/i;

/**
 * A failure to verify the broker's TLS certificate, as one sentence saying what to do; undefined for
 * any other error. Without it the failure would read like an unreachable broker.
 */
export function certificateFailure(err: unknown): EbxError | undefined {
  for (let e = err as { code?: string; message?: string; originalError?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    const message = String(e.message ?? '');
    if ((e.code && CERTIFICATE_CODES.has(e.code)) || CERTIFICATE_MESSAGE.test(message)) {
      const reason = message.replace(/^Connection error: /, '').split('\n')[0];
      return new EbxError(
        `The broker's TLS certificate could not be verified (${reason}): trust the CA that signed it (a CA file: --ca FILE in ebx, caFile in the connection settings), ` +
          'or turn verification off explicitly (--insecure, rejectUnauthorized: false) only if you accept that anyone on the network path can impersonate the broker.',
      );
    }
    e = (e.originalError ?? e.cause) as typeof e;
  }
  return undefined;
}
