// One builder per kind of BrokerError, each shaped as kafka/classifyError.ts makes it (kind, code,
// the partition it names), so a test's failure looks like the real access's.
import { BrokerError, certificateSentence, SENTENCE_FOR_CODE, unreachableSentence } from '../../../src/core/brokerError';

export function notLeader(topic: string, partition: number): BrokerError {
  return new BrokerError('retriable', 'The broker answered NOT_LEADER_OR_FOLLOWER.', { code: 'NOT_LEADER_OR_FOLLOWER', topic, partition });
}

export function connectionDropped(): BrokerError {
  return new BrokerError('retriable', 'The connection to the broker failed: Closed connection');
}

export function unreachable(address = '127.0.0.1:9092'): BrokerError {
  return new BrokerError('unreachable', unreachableSentence(address), { address });
}

/** What the access raises when a fetch got no answer within `answerWithinMs`. */
export function fetchTimedOut(): BrokerError {
  return new BrokerError('timeout', 'The broker did not answer in time: check the connection, or raise the timeout.');
}

export function offsetOutOfRange(topic: string, partition: number): BrokerError {
  return new BrokerError('offsetOutOfRange', 'The broker answered OFFSET_OUT_OF_RANGE.', { code: 'OFFSET_OUT_OF_RANGE', topic, partition });
}

export function unknownTopic(topic: string, partition: number): BrokerError {
  return new BrokerError('unknownTopic', SENTENCE_FOR_CODE.UNKNOWN_TOPIC_OR_PARTITION, { code: 'UNKNOWN_TOPIC_OR_PARTITION', topic, partition });
}

export function authFailed(): BrokerError {
  return new BrokerError('auth', SENTENCE_FOR_CODE.SASL_AUTHENTICATION_FAILED, { code: 'SASL_AUTHENTICATION_FAILED' });
}

export function certificateRejected(): BrokerError {
  return new BrokerError('certificate', certificateSentence('self-signed certificate in certificate chain'));
}

export function topicDenied(topic: string, partition: number): BrokerError {
  return new BrokerError('denied', SENTENCE_FOR_CODE.TOPIC_AUTHORIZATION_FAILED, { code: 'TOPIC_AUTHORIZATION_FAILED', topic, partition });
}

export function fatal(): BrokerError {
  return new BrokerError('fatal', 'The broker answered CORRUPT_MESSAGE.', { code: 'CORRUPT_MESSAGE' });
}
