import type { TopicMeta } from '../clusterAccess';
import type { KafkaSession } from '../session';
import { BrokerError } from '../brokerError';
import { EbxError } from '../errors';
import { validateTopicName } from '../topics/topicName';

/** The topic's partitions, or one sentence naming the topic when it does not exist (or is hidden from this user). */
export async function existingTopic(session: KafkaSession, topic: string): Promise<TopicMeta> {
  validateTopicName(topic);
  try {
    const meta = await session.withinTimeout(`reading the partitions of ${topic}`, () => session.cluster().topicMetadata(topic));
    if (meta.partitions.length === 0) throw missing(topic);
    return meta;
  } catch (err) {
    if (err instanceof BrokerError && err.kind === 'unknownTopic') throw missing(topic);
    throw err;
  }
}

function missing(topic: string): EbxError {
  return new EbxError(`Topic ${topic} does not exist (or this user may not see it): check the name with ebx_listTopics; topics are never created automatically.`);
}
