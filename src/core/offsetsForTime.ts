import type { OffsetForTime } from './model';
import type { KafkaSession } from './session';
import { validateTopicName } from './topics/topicName';

/**
 * Per partition, the first offset whose timestamp is at or after `timeMs` (one ListOffsets per
 * leader). `offset` is null when no event is at or after that time — we never silently turn
 * that into "the end".
 */
export async function offsetsForTime(session: KafkaSession, topic: string, timeMs: number): Promise<OffsetForTime[]> {
  validateTopicName(topic);
  return session.withinTimeout(`finding offsets of ${topic} for a time`, async () => {
    const access = session.cluster();
    const meta = await access.topicMetadata(topic);
    const answers = await access.listOffsets(meta.partitions.map((p) => ({ topic, partition: p.partition, leader: p.leader, timestamp: timeMs })));
    return answers
      .map((a) => ({ partition: a.partition, offset: a.offset >= 0 ? a.offset : null, timestamp: a.offset >= 0 ? a.timestamp : null }))
      .sort((a, b) => a.partition - b.partition);
  });
}
