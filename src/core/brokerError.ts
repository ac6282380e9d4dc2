// Every failure a ClusterAccess raises, typed by what a caller can do about it. The kafkajs
// implementation decides the kind in one place (kafka/classifyError.ts); the reader retries on
// `retriable`, the adapters show `message`, which is already one sentence a person can act on.

export type BrokerErrorKind =
  /** Leader moved, a connection dropped, a broker is restarting: ask again after fresh metadata. */
  | 'retriable'
  /** No broker answered a connection attempt (wrong address, broker down, network). Retriable for a reader. */
  | 'unreachable'
  /** A request went unanswered for too long. Retriable for a reader. */
  | 'timeout'
  /** The offset asked for is before the first or after the last offset the partition has. */
  | 'offsetOutOfRange'
  /** The topic or partition does not exist (briefly also seen while a new leader takes over). */
  | 'unknownTopic'
  /** SASL authentication failed: retrying will not help. */
  | 'auth'
  /** The broker's TLS certificate could not be verified: retrying will not help. */
  | 'certificate'
  /** An ACL denied the operation. */
  | 'denied'
  /** Anything else the broker refused: not retried. */
  | 'fatal'
  /** The connection is read-only (readOnly.ts): the change was refused before any request was sent. */
  | 'readOnly';

const RETRIABLE_KINDS: ReadonlySet<BrokerErrorKind> = new Set(['retriable', 'unreachable', 'timeout', 'unknownTopic']);

export class BrokerError extends Error {
  override name = 'BrokerError';

  constructor(
    readonly kind: BrokerErrorKind,
    message: string,
    readonly details: {
      /** The broker's error code name (e.g. NOT_LEADER_OR_FOLLOWER), when it answered one. */
      code?: string;
      topic?: string;
      partition?: number;
      /** host:port of the broker that could not be reached. */
      address?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get code(): string | undefined {
    return this.details.code;
  }

  /** Worth asking again (after refreshing metadata): the condition usually heals by itself. */
  get retriable(): boolean {
    return RETRIABLE_KINDS.has(this.kind);
  }
}

export function isBrokerError(err: unknown): err is BrokerError {
  return err instanceof BrokerError;
}

/** The broker's error code when `err` is a BrokerError that carries one. */
export function brokerCode(err: unknown): string | undefined {
  return err instanceof BrokerError ? err.code : undefined;
}

/** One sentence per broker error code we know how to explain. */
export const SENTENCE_FOR_CODE: Readonly<Record<string, string>> = {
  TOPIC_AUTHORIZATION_FAILED: 'Not authorized to access this topic: the user needs Read/Describe on it.',
  GROUP_AUTHORIZATION_FAILED: 'Not authorized to access this consumer group: the user needs Describe (or Delete) on it.',
  CLUSTER_AUTHORIZATION_FAILED: 'Not authorized for this cluster operation.',
  UNKNOWN_TOPIC_OR_PARTITION: 'The topic or partition does not exist (topics are never created automatically): check the name.',
  TOPIC_ALREADY_EXISTS: 'A topic with this name already exists.',
  INVALID_PARTITIONS: 'The partition count is not valid.',
  INVALID_TOPIC_EXCEPTION: 'The topic name is not valid (letters, digits, ".", "_" and "-", at most 249 characters).',
  SASL_AUTHENTICATION_FAILED: 'Authentication failed: check the username, password and SASL mechanism.',
  ILLEGAL_SASL_STATE: 'Authentication failed: the broker did not accept the SASL handshake.',
  UNSUPPORTED_SASL_MECHANISM: 'The broker does not support this SASL mechanism: try PLAIN (VAST uses SASL PLAIN).',
  NON_EMPTY_GROUP: 'The group has active members: stop its consumers or wait until they leave, then delete it.',
  GROUP_ID_NOT_FOUND: 'The consumer group does not exist.',
  UNSUPPORTED_VERSION: 'The broker does not support this request (older VAST releases lack some Kafka APIs).',
  INVALID_REQUEST: 'The broker rejected the request as invalid.',
  POLICY_VIOLATION: 'The broker refused the request by policy.',
  INVALID_CONFIG: 'The broker rejected a setting of the request.',
  MESSAGE_TOO_LARGE: 'The record is too large for the broker (VAST caps a message at 1 MB).',
  UNKNOWN_MEMBER_ID: 'The group has active members: offsets can be committed from outside only while the group is empty.',
  ILLEGAL_GENERATION: 'The group has active members: offsets can be committed from outside only while the group is empty.',
  REBALANCE_IN_PROGRESS: 'The group is rebalancing: wait until its consumers have left, then try again.',
};

/** The sentence for an unreachable broker, naming it when known. */
export function unreachableSentence(address?: string): string {
  return `Broker unreachable${address ? ` at ${address}` : ''}: check the bootstrap address, that the broker runs, and the network (and TLS settings if it expects TLS).`;
}

/** The sentence for a certificate that could not be verified; `reason` is Node's own short text. */
export function certificateSentence(reason: string): string {
  return (
    `The broker's TLS certificate could not be verified (${reason}): trust the CA that signed it (give the connection a CA file), ` +
    'or turn verification off explicitly only if you accept that anyone on the network path can impersonate the broker.'
  );
}
