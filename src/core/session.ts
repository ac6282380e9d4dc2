import type { ClusterAccess } from './clusterAccess';
import { createKafkaJsClusterAccess } from './kafka/kafkaJsClusterAccess';
import { DEFAULT_TIMEOUT_MS, withBoundedTimeout, type ConnectionOptions } from './connection';
import { silentLogger, type Logger } from './logger';
import { BrokerError } from './brokerError';
import { abortError } from './errors';
import { readOnlyClusterAccess } from './readOnlyClusterAccess';

/**
 * One connection to one cluster: the ClusterAccess every core operation goes through, the
 * connection's timeout, and a logger. The access connects lazily, on first use. For a read-only
 * connection (`options.readOnly`) that access refuses every change, whichever way the session was opened.
 */
export class KafkaSession {
  readonly timeoutMs: number;
  private access: ClusterAccess | undefined;
  private readonly createAccess: () => ClusterAccess;

  private constructor(
    readonly options: ConnectionOptions,
    readonly logger: Logger,
    createAccess: () => ClusterAccess,
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.createAccess = options.readOnly === true ? () => readOnlyClusterAccess(createAccess(), options) : createAccess;
  }

  /** True when the connection may not change anything (see readOnly.ts for the up-front guard). */
  get readOnly(): boolean {
    return this.options.readOnly === true;
  }

  /** A session over kafkajs (the product). */
  static open(options: ConnectionOptions, logger: Logger = silentLogger): KafkaSession {
    const bounded = withBoundedTimeout(options);
    return new KafkaSession(bounded, logger, () => createKafkaJsClusterAccess(bounded, logger));
  }

  /** A session over any ClusterAccess (the unit tests' scripted fake). */
  static over(access: ClusterAccess, options: Partial<ConnectionOptions> = {}, logger: Logger = silentLogger): KafkaSession {
    return new KafkaSession(withBoundedTimeout({ bootstrap: ['fake:9092'], ...options }), logger, () => access);
  }

  cluster(): ClusterAccess {
    this.access ??= this.createAccess();
    return this.access;
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
        () =>
          reject(
            new BrokerError(
              'timeout',
              `The broker did not answer in time: ${what} took longer than ${Math.round(this.timeoutMs / 1000)} s. Check the connection, or raise the timeout.`,
            ),
          ),
        this.timeoutMs,
      );
      onAbort = () => reject(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work(), limits]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    const access = this.access;
    this.access = undefined;
    await access?.close().catch(() => undefined);
  }
}
