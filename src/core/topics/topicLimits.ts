// VAST's ceilings on partitions (target-broker.md): per topic and per view, in recent releases.
export const VAST_PARTITIONS_PER_TOPIC = 20_000;
export const VAST_PARTITIONS_PER_VIEW = 200_000;
/** Kafka's own limit on a topic name's length (Topic.MAX_NAME_LENGTH). */
export const MAX_TOPIC_NAME_LENGTH = 249;
/**
 * The largest record a line of `ebx produce` may become: VAST caps a message at 1 MB
 * (target-broker.md), and Apache Kafka's default message.max.bytes is 1 MB too.
 */
export const MAX_RECORD_BYTES = 1024 * 1024;
