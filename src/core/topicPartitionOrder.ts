// The order every per-partition list is shown in: topic by name, then partition by number.

/**
 * Compares by topic name, then partition. Rows of one topic (the usual case) never reach
 * localeCompare: at 10,000 partitions its ICU comparisons were a tenth of `ebx lag`'s CPU.
 */
export function byTopicThenPartition(a: { topic: string; partition: number }, b: { topic: string; partition: number }): number {
  return a.topic === b.topic ? a.partition - b.partition : a.topic.localeCompare(b.topic);
}
