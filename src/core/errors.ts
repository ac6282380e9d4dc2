// Errors core raises on purpose, and one translation of everything else into a sentence a person
// can act on. Adapters show `explainError(err)`; they never show a stack unless asked to.

/** The input itself is wrong (CLI exit code 2; a validation message in the editor). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A runtime failure whose message is already a clear sentence. */
export class EbxError extends Error {
  override name = 'EbxError';
}

/** ListOffsets by time found no event at or after the time asked (the broker answers -1). */
export class NoEventAtTimeError extends EbxError {
  override name = 'NoEventAtTimeError';
  constructor(
    readonly topic: string,
    readonly partition: number,
    readonly time: number,
  ) {
    super(
      `No event in ${topic} partition ${partition} is at or after ${new Date(time).toISOString()}: ` +
        'the time is after the newest event. Pick an earlier time, or start from the end.',
    );
  }
}

/** True when the user (or a window closing) cancelled the work: adapters stay silent then. */
export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}

export function abortError(): Error {
  const err = new Error('The operation was cancelled.');
  err.name = 'AbortError';
  return err;
}

interface KafkaishError {
  name?: string;
  message?: string;
  type?: string;
  code?: string;
  originalError?: unknown;
  cause?: unknown;
  /** KafkaJSAggregateError (e.g. "Topic creation errors") carries one error per topic. */
  errors?: unknown[];
}

const byKafkaType: Record<string, string> = {
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
};

/** One clear sentence for any error: what failed and, where we know, what to do. */
export function explainError(err: unknown): string {
  if (err instanceof UsageError || err instanceof EbxError) return err.message;
  if (isAbort(err)) return 'Cancelled.';
  const e = (err ?? {}) as KafkaishError;
  const message = String(e.message ?? err);
  if (e.type && byKafkaType[e.type]) return byKafkaType[e.type];
  // kafkajs wraps the broker's answer (retries, aggregates): the innermost known code says most.
  const nested = knownKafkaType(err);
  if (nested) return byKafkaType[nested];
  if (/SASL .*authentication failed|Authentication failed|SaslAuthenticationException/i.test(message)) {
    return byKafkaType.SASL_AUTHENTICATION_FAILED;
  }
  const cause = describeConnectionFailure(err);
  if (cause) return cause;
  if (e.name === 'KafkaJSNumberOfRetriesExceeded' && e.originalError) return explainError(e.originalError);
  if (e.name === 'KafkaJSProtocolError' && e.type) return `The broker answered ${e.type}: ${message}`;
  return firstLine(message);
}

function describeConnectionFailure(err: unknown): string | undefined {
  const text = collectMessages(err).join(' | ');
  if (/ECONNREFUSED|Connection error|connect ETIMEDOUT|Connection timeout|ENOTFOUND|EHOSTUNREACH|Closed connection|KafkaJSConnectionError|KafkaJSBrokerNotFound|Failed to connect/i.test(text)) {
    const where = /(\d{1,3}(?:\.\d{1,3}){3}:\d+|[\w.-]+:\d+)/.exec(text)?.[1];
    return `Broker unreachable${where ? ` at ${where}` : ''}: check the bootstrap address, that the broker runs, and the network (and TLS settings if it expects TLS).`;
  }
  if (/Request timed out|timed out/i.test(text)) {
    return 'The broker did not answer in time: check the connection, or raise the timeout.';
  }
  return undefined;
}

function knownKafkaType(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const e = err as KafkaishError;
  if (e.type && byKafkaType[e.type]) return e.type;
  const inner = [e.cause, e.originalError, ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const next of inner) {
    if (next === err) continue;
    const found = knownKafkaType(next, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function collectMessages(err: unknown, depth = 0): string[] {
  if (!err || depth > 4) return [];
  const e = err as KafkaishError;
  return [String(e.name ?? ''), String(e.message ?? ''), String(e.code ?? ''), ...collectMessages(e.originalError, depth + 1), ...collectMessages(e.cause, depth + 1)];
}

function firstLine(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 0 ? line : 'Unknown error.';
}
