import type { KafkaSession } from '../session';
import { EARLIEST, LATEST } from '../clusterAccess';
import { EbxError, NoEventAtTimeError, UsageError } from '../errors';

export type StartPosition =
  | { kind: 'beginning' }
  | { kind: 'end' }
  | { kind: 'offset'; offset: number }
  | { kind: 'time'; time: number };

export interface ResolvedStart {
  offset: number;
  low: number;
  /** Approximate: VAST's reported end can trail the newest events. */
  high: number;
}

/** Turns a start position into a concrete offset for one partition, with the partition's bounds. */
export async function resolveStart(session: KafkaSession, topic: string, partition: number, start: StartPosition): Promise<ResolvedStart> {
  if (!Number.isInteger(partition) || partition < 0) throw new UsageError(`Partition ${partition} is not a partition number (0 or more).`);
  return session.withinTimeout(`finding where to start in ${topic} partition ${partition}`, async () => {
    const access = session.cluster();
    const meta = await access.topicMetadata(topic);
    const p = meta.partitions.find((x) => x.partition === partition);
    if (!p) throw new UsageError(`${topic} has no partition ${partition}: it has partitions 0 to ${meta.partitions.length - 1}.`);
    const at = (timestamp: number) => ({ topic, partition, leader: p.leader, timestamp });
    // Separate requests: a broker rejects the same partition twice in one ListOffsets.
    const offsetAt = async (timestamp: number) => (await access.listOffsets([at(timestamp)]))[0]?.offset ?? -1;
    const [low, high, byTime] = await Promise.all([
      offsetAt(EARLIEST),
      offsetAt(LATEST),
      start.kind === 'time' ? offsetAt(start.time) : Promise.resolve(-1),
    ]);
    switch (start.kind) {
      case 'beginning':
        return { offset: low, low, high };
      case 'end':
        return { offset: high, low, high };
      case 'offset':
        if (!Number.isSafeInteger(start.offset) || start.offset < 0) throw new UsageError(`${start.offset} is not an offset (a whole number, 0 or more).`);
        if (start.offset < low) {
          throw new EbxError(`Offset ${start.offset} is no longer in ${topic} partition ${partition}: the first available offset is ${low}.`);
        }
        // Beyond the reported end is allowed: on VAST that end can trail the newest events.
        return { offset: start.offset, low, high };
      case 'time':
        if (byTime < 0) throw new NoEventAtTimeError(topic, partition, start.time);
        return { offset: byTime, low, high };
    }
  });
}
