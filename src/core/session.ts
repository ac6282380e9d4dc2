import { Kafka, logLevel, Partitioners, type Admin, type LogEntry } from 'kafkajs';
import { ClusterAccess } from './kafka/clusterAccess';
import { registerCodecs } from './kafka/codecs';
import { certificateFailure, kafkaJsConfig, DEFAULT_TIMEOUT_MS, type ConnectionOptions } from './connection';
import { silentLogger, type Logger } from './logger';
import { abortError } from './errors';

/**
 * One connection to one cluster: a kafkajs admin for the public admin APIs and our ClusterAccess
 * for everything kafkajs keeps internal. Both connect lazily, on first use.
 */
export class KafkaSession {
  readonly timeoutMs: number;
  private adminClient: Admin | undefined;
  private adminConnected: Promise<void> | undefined;
  private access: ClusterAccess | undefined;
  private readonly kafka: Kafka;

  private constructor(
    readonly options: ConnectionOptions,
    readonly logger: Logger,
  ) {
    registerCodecs();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.kafka = new Kafka({
      ...kafkaJsConfig(options, 'event-broker-explorer'),
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => forward(logger, entry),
    });
  }

  static open(options: ConnectionOptions, logger: Logger = silentLogger): KafkaSession {
    return new KafkaSession(options, logger);
  }

  /** The internal-cluster interface (reader, offsets, groups). */
  cluster(): ClusterAccess {
    this.access ??= ClusterAccess.create(this.kafka);
    return this.access;
  }

  async admin(): Promise<Admin> {
    this.adminClient ??= this.kafka.admin({ retry: { retries: 2 } });
    this.adminConnected ??= this.adminClient.connect().catch((err) => {
      this.adminConnected = undefined;
      throw certificateFailure(err) ?? err;
    });
    await this.adminConnected;
    return this.adminClient;
  }

  /** A kafkajs producer with VAST-safe settings: no idempotence, no auto-creation, no transactions. */
  producer() {
    return this.kafka.producer({ idempotent: false, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner, retry: { retries: 2 } });
  }

  /**
   * Runs one request-shaped operation within the session's timeout, so a broker that never
   * answers gives an error in time instead of a hang.
   */
  async withinTimeout<T>(what: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortError();
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const limits = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Request timed out: ${what} took longer than ${Math.round(this.timeoutMs / 1000)} s.`)),
        this.timeoutMs,
      );
      onAbort = () => reject(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work(), limits]);
    } catch (err) {
      throw certificateFailure(err) ?? err;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    const closing: Promise<unknown>[] = [];
    if (this.adminClient) closing.push(this.adminClient.disconnect().catch(() => undefined));
    if (this.access) closing.push(this.access.disconnect().catch(() => undefined));
    this.adminClient = undefined;
    this.adminConnected = undefined;
    this.access = undefined;
    await Promise.all(closing);
  }
}

function forward(logger: Logger, entry: LogEntry): void {
  // kafkajs logs connection errors at ERROR level while it retries; we report failures ourselves.
  const { message, broker, error } = entry.log as { message: string; broker?: string; error?: string };
  const text = `kafkajs ${entry.namespace}: ${message}${broker ? ` (broker ${broker})` : ''}${error ? `: ${error}` : ''}`;
  if (entry.level <= logLevel.WARN) logger.warn(text);
  else logger.debug(text);
}
