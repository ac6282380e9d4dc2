// The broker said a partition has no offset where we stand: retention deleted it, or the position is
// beyond the end (a topic recreated under the same name). Replay stops with a sentence saying which;
// tail goes on from the nearest end.
import { EARLIEST, LATEST, type ClusterAccess } from '../clusterAccess';
import { EbxError } from '../errors';
import type { Logger } from '../logger';
import type { PartitionState } from './partitionPositions';
import { untilAborted } from './abortableWaits';

export type OutOfRangeMode = 'fail' | 'nearest';

export async function recoverOutOfRange(
  access: ClusterAccess,
  partitions: PartitionState[],
  mode: OutOfRangeMode,
  logger: Logger,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const state of partitions) {
    const { topic, partition } = state;
    const leader = await untilAborted(access.leaderOf(topic, partition), signal);
    const [low] = await untilAborted(access.listOffsets([{ topic, partition, leader, timestamp: EARLIEST }]), signal);
    const [high] = await untilAborted(access.listOffsets([{ topic, partition, leader, timestamp: LATEST }]), signal);
    if (mode === 'fail') {
      throw new EbxError(
        state.offset < low.offset
          ? `Offset ${state.offset} of ${topic} partition ${partition} is no longer available: the first available offset is ${low.offset}.`
          : `Offset ${state.offset} is beyond the end of ${topic} partition ${partition} (about ${high.offset}).`,
      );
    }
    const jumpTo = state.offset < low.offset ? low.offset : high.offset;
    logger.warn(`${topic} partition ${partition}: offset ${state.offset} is out of range; continuing at ${jumpTo}`);
    state.offset = jumpTo;
  }
}
