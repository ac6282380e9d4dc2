// UNKNOWN_TOPIC_OR_PARTITION is briefly what a partition answers while a new leader takes over, and
// for good once its topic is deleted. Metadata tells the two apart.
import type { ClusterAccess } from '../clusterAccess';
import { EbxError } from '../errors';
import { untilAborted } from './abortableWaits';

/** Throws the sentence for the first of `topics` the cluster no longer has; quiet when metadata cannot be read. */
export async function failIfTopicGone(access: ClusterAccess, topics: Set<string>, signal: AbortSignal | undefined): Promise<void> {
  const known = await untilAborted(
    access.partitionsOf([...topics]).catch(() => undefined),
    signal,
  );
  if (!known) return;
  for (const topic of topics) {
    if (!known.has(topic)) throw new EbxError(`Topic ${topic} no longer exists (it was deleted while being read).`);
  }
}
