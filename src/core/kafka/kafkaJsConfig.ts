// The kafkajs configuration for our connection options, and kafkajs's log lines forwarded to our
// logger. Only this folder knows kafkajs.
import { logLevel, type KafkaConfig, type LogEntry, type SASLOptions } from 'kafkajs';
import { FILE_KINDS, readBoundedFile } from '../files/readBoundedFile';
import { DEFAULT_TIMEOUT_MS, type ConnectionOptions, type SaslOptions, type TlsOptions } from '../connection';
import type { Logger } from '../logger';

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
  return { mechanism: sasl.mechanism, username: sasl.username, password: sasl.password };
}

function tlsConfig(tls: TlsOptions) {
  // Through the bounded reader: `--ca /dev/zero` or a FIFO is one sentence, not gigabytes or a hang.
  const read = (file: string | undefined, what: string) => (file ? readBoundedFile(file, FILE_KINDS.tls, { shown: `the TLS ${what} file ${file}`, capital: true }) : undefined);
  const ca = read(tls.caFile, 'CA');
  return {
    rejectUnauthorized: tls.rejectUnauthorized !== false,
    ca: ca ? [ca] : undefined,
    cert: read(tls.certFile, 'client certificate'),
    key: read(tls.keyFile, 'client key'),
  };
}


/** kafkajs logs connection errors at ERROR level while it retries; we report failures ourselves. */
export function forwardKafkaJsLog(logger: Logger) {
  return () => (entry: LogEntry) => {
    const { message, broker, error } = entry.log as { message: string; broker?: string; error?: string };
    const text = `kafkajs ${entry.namespace}: ${message}${broker ? ` (broker ${broker})` : ''}${error ? `: ${error}` : ''}`;
    if (entry.level <= logLevel.WARN) logger.warn(text);
    else logger.debug(text);
  };
}
