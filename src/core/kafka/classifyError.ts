// The one place that reads kafkajs's and Node's error shapes (names, `type`, wrapped causes) and
// decides what kind of failure it is. Everything above src/core/kafka/ sees only BrokerError.
import { BrokerError, certificateSentence, SENTENCE_FOR_CODE, unreachableSentence, type BrokerErrorKind } from '../brokerError';
import { EbxError, isAbort, UsageError } from '../errors';

interface KafkaJsErrorShape {
  name?: string;
  message?: string;
  /** The broker's error code name, on KafkaJSProtocolError and its kin. */
  type?: string;
  code?: string;
  topic?: string;
  partition?: number;
  originalError?: unknown;
  cause?: unknown;
  /** KafkaJSAggregateError (e.g. "Topic creation errors") carries one error per topic. */
  errors?: unknown[];
}

const RETRIABLE_CODES = new Set([
  'NOT_LEADER_FOR_PARTITION',
  'NOT_LEADER_OR_FOLLOWER',
  'LEADER_NOT_AVAILABLE',
  'UNKNOWN_LEADER_EPOCH',
  'FENCED_LEADER_EPOCH',
  'REPLICA_NOT_AVAILABLE',
  'KAFKA_STORAGE_ERROR',
  'NOT_ENOUGH_REPLICAS',
  'REQUEST_TIMED_OUT',
  'NETWORK_EXCEPTION',
  // The coordinator codes under both names: the protocol's and kafkajs's older ones (codes 14–16).
  'NOT_COORDINATOR',
  'NOT_COORDINATOR_FOR_GROUP',
  'COORDINATOR_NOT_AVAILABLE',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'COORDINATOR_LOAD_IN_PROGRESS',
  'GROUP_LOAD_IN_PROGRESS',
]);
const DENIED_CODES = new Set(['TOPIC_AUTHORIZATION_FAILED', 'GROUP_AUTHORIZATION_FAILED', 'CLUSTER_AUTHORIZATION_FAILED', 'TRANSACTIONAL_ID_AUTHORIZATION_FAILED']);
const AUTH_CODES = new Set(['SASL_AUTHENTICATION_FAILED', 'ILLEGAL_SASL_STATE', 'UNSUPPORTED_SASL_MECHANISM']);

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
const AUTH_MESSAGE = /KafkaJSSASLAuthenticationError|SASL .*authentication failed|Authentication failed|SaslAuthenticationException/i;
const UNREACHABLE_MESSAGE = /ECONNREFUSED|Connection error|connect ETIMEDOUT|Connection timeout|ENOTFOUND|EHOSTUNREACH|Failed to connect|KafkaJSBrokerNotFound/i;
const DROPPED_MESSAGE = /Closed connection|ECONNRESET|EPIPE|socket|Connection|Broker|KafkaJSNonRetriableError/i;
const TIMEOUT_MESSAGE = /Request timed out|timed out/i;

/**
 * A BrokerError for anything kafkajs or Node threw. Errors that are already ours (BrokerError,
 * UsageError, EbxError) and cancellations pass through unchanged.
 */
export function classifyError(err: unknown): unknown {
  if (err instanceof BrokerError || err instanceof UsageError || err instanceof EbxError || isAbort(err)) return err;
  const e = (err ?? {}) as KafkaJsErrorShape;
  const chain = collect(err);
  const text = chain.map((x) => `${x.name ?? ''} ${x.message ?? ''} ${x.code ?? ''}`).join(' | ');
  const where = { topic: firstDefined(chain, 'topic'), partition: firstDefined(chain, 'partition'), cause: err };

  const certificate = chain.find((x) => (x.code && CERTIFICATE_CODES.has(x.code)) || CERTIFICATE_MESSAGE.test(String(x.message ?? '')));
  if (certificate) {
    const reason = String(certificate.message ?? certificate.code).replace(/^Connection error: /, '').split('\n')[0];
    return new BrokerError('certificate', certificateSentence(reason), where);
  }
  const code = innermostCode(chain);
  // The sentence's detail comes from the error that carries the broker's code, not from a wrapper.
  const detail = firstLine(chain.find((x) => x.type === code)?.message ?? e.message);
  if (code === 'OFFSET_OUT_OF_RANGE' || e.name === 'KafkaJSOffsetOutOfRange') {
    return make('offsetOutOfRange', code ?? 'OFFSET_OUT_OF_RANGE', String(e.message ?? 'Offset out of range'), where);
  }
  if ((code && AUTH_CODES.has(code)) || AUTH_MESSAGE.test(text)) {
    return make('auth', code ?? 'SASL_AUTHENTICATION_FAILED', detail, where);
  }
  if (code && DENIED_CODES.has(code)) return make('denied', code, detail, where);
  if (code === 'UNKNOWN_TOPIC_OR_PARTITION') return make('unknownTopic', code, detail, where);
  if (code && RETRIABLE_CODES.has(code)) return make('retriable', code, detail, where);
  if (UNREACHABLE_MESSAGE.test(text)) {
    const address = /(\d{1,3}(?:\.\d{1,3}){3}:\d+|\[[0-9a-fA-F:]+\]:\d+|[\w.-]+:\d+)/.exec(text)?.[1];
    return new BrokerError('unreachable', unreachableSentence(address), { ...where, address });
  }
  if (TIMEOUT_MESSAGE.test(text)) return new BrokerError('timeout', 'The broker did not answer in time: check the connection, or raise the timeout.', where);
  if (DROPPED_MESSAGE.test(text)) return new BrokerError('retriable', `The connection to the broker failed: ${firstLine(e.message)}`, where);
  if (code) return make('fatal', code, detail, where);
  return new BrokerError('fatal', firstLine(e.message ?? String(err)), where);
}

/** Awaits `work`, turning whatever it throws into a classified error. */
export async function classified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw classifyError(err);
  }
}

function make(kind: BrokerErrorKind, code: string, detail: string, where: { topic?: string; partition?: number; cause: unknown }): BrokerError {
  const sentence = SENTENCE_FOR_CODE[code] ?? `The broker answered ${code}${detail && detail !== code ? `: ${detail}` : ''}.`;
  return new BrokerError(kind, sentence, { ...where, code });
}

/** The error and every error it wraps (kafkajs nests retries, aggregates and connection causes). */
function collect(err: unknown, depth = 0, seen = new Set<unknown>()): KafkaJsErrorShape[] {
  if (!err || typeof err !== 'object' || depth > 5 || seen.has(err)) return [];
  seen.add(err);
  const e = err as KafkaJsErrorShape;
  const inner = [e.originalError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return [e, ...inner.flatMap((x) => collect(x, depth + 1, seen))];
}

/** The innermost broker code with a sentence, else the first code seen. */
function innermostCode(chain: KafkaJsErrorShape[]): string | undefined {
  const codes = chain.map((x) => x.type).filter((t): t is string => typeof t === 'string' && /^[A-Z_]+$/.test(t));
  return [...codes].reverse().find((c) => SENTENCE_FOR_CODE[c] !== undefined) ?? codes[0];
}

function firstDefined<K extends 'topic' | 'partition'>(chain: KafkaJsErrorShape[], key: K): KafkaJsErrorShape[K] | undefined {
  return chain.find((x) => x[key] !== undefined)?.[key];
}

function firstLine(text: string | undefined): string {
  const line = String(text ?? '').split('\n')[0].trim();
  return line.length > 0 ? line : 'Unknown error.';
}
