// Topic names as Kafka checks them (org.apache.kafka.common.internals.Topic): legal characters,
// length, "." and "..", and the collision of "." with "_" (both become "_" in metric names, so
// Kafka refuses a topic whose name differs from an existing one only there).
import { UsageError } from '../errors';
import { MAX_TOPIC_NAME_LENGTH } from './topicLimits';

const LEGAL = /^[A-Za-z0-9._-]+$/;

/** The same name as Kafka's metrics see it: "." and "_" are one character there. */
function metricName(name: string): string {
  return name.replace(/\./g, '_');
}

/** The existing topic this name would collide with in Kafka's metrics, if any (never itself). */
export function collidingTopic(name: string, existing: Iterable<string>): string | undefined {
  const wanted = metricName(name);
  for (const other of existing) if (other !== name && metricName(other) === wanted) return other;
  return undefined;
}

/** Kafka's own warning for a name with "." or "_", or undefined. */
export function collisionWarning(name: string): string | undefined {
  if (!name.includes('.') && !name.includes('_')) return undefined;
  return 'Kafka treats "." and "_" in topic names as the same character in its metrics: a name that differs from another only there is refused, so use one of the two, not both.';
}

export function checkTopicNameForCreation(name: string, existing: Iterable<string>): void {
  validateTopicName(name);
  const other = collidingTopic(name, existing);
  if (other) throw new UsageError(`"${name}" collides with the existing topic "${other}": Kafka treats "." and "_" in topic names alike. Choose another name.`);
}

export function validateTopicName(name: string): void {
  if (name.trim() === '') throw new UsageError('A topic name is required.');
  if (name.length > MAX_TOPIC_NAME_LENGTH) throw new UsageError(`A topic name has at most ${MAX_TOPIC_NAME_LENGTH} characters (this one has ${name.length}).`);
  if (name === '.' || name === '..') throw new UsageError(`"${name}" is not a valid topic name: Kafka does not allow "." or ".." as a name.`);
  if (!LEGAL.test(name)) throw new UsageError(`"${name}" is not a valid topic name: use letters, digits, ".", "_" and "-".`);
}
