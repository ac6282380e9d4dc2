// The group types ListGroups v5 names (KIP-848). Only classic groups exist on a broker older than
// that, and on VAST, which speaks only the classic protocol.
export const CLASSIC_GROUP = 'classic';
/** The new consumer protocol (group.protocol=consumer), the Java client's default from Kafka 4.0. */
export const CONSUMER_GROUP = 'consumer';
