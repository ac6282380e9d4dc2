// The Kafka requests VAST Event Broker does not offer, or offers only in part, and what VAST does
// instead (from /work/shared/target-broker.md: VAST's protocol-support notes and admin API). The
// tree's API versions rows of a connection under the `vast` profile are highlighted from this table.
// Only requests a client sends are listed: a broker's own (LeaderAndIsr, Vote, …) mean nothing here.

export type VastSupport = 'none' | 'partial';

export interface VastApiDifference {
  apiKey: number;
  /** Kafka's name for the request (apiKeyNames.ts; a unit test checks they agree). */
  name: string;
  support: VastSupport;
  /** One sentence: what VAST does instead, or what it does differently. */
  instead: string;
}

const NO_TRANSACTIONS = 'VAST has no transactions: consumers see committed events only, and producers send without a transactional.id.';
const CLASSIC_GROUPS_ONLY = 'VAST has only the classic consumer-group protocol (eager rebalancing, range or roundrobin): keep group.protocol=classic.';

export const VAST_API_DIFFERENCES: readonly VastApiDifference[] = [
  { apiKey: 1, name: 'Fetch', support: 'partial', instead: 'VAST answers every Fetch as a full fetch (no incremental fetch sessions) and at once, ignoring the wait time and minimum bytes asked for.' },
  { apiKey: 21, name: 'DeleteRecords', support: 'none', instead: "VAST's admin API cannot delete records: they go when the topic's retention period removes them, or with the topic." },
  { apiKey: 22, name: 'InitProducerId', support: 'none', instead: 'VAST has no idempotent or transactional producing: produce with enable.idempotence=false and no transactional.id.' },
  { apiKey: 24, name: 'AddPartitionsToTxn', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 25, name: 'AddOffsetsToTxn', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 26, name: 'EndTxn', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 27, name: 'WriteTxnMarkers', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 28, name: 'TxnOffsetCommit', support: 'none', instead: 'VAST has no transactions: commit offsets with OffsetCommit, after processing.' },
  { apiKey: 37, name: 'CreatePartitions', support: 'none', instead: "A VAST topic's partition count is fixed when it is created: create a new topic with more partitions instead." },
  { apiKey: 44, name: 'IncrementalAlterConfigs', support: 'none', instead: "VAST changes topic settings with AlterConfigs, which replaces every override: ebx and the extension send the topic's other overrides again unchanged." },
  { apiKey: 47, name: 'OffsetDelete', support: 'none', instead: "VAST cannot delete a group's single committed offsets: delete the consumer group (with no active members) instead." },
  { apiKey: 65, name: 'DescribeTransactions', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 66, name: 'ListTransactions', support: 'none', instead: NO_TRANSACTIONS },
  { apiKey: 68, name: 'ConsumerGroupHeartbeat', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 69, name: 'ConsumerGroupDescribe', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 76, name: 'ShareGroupHeartbeat', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 77, name: 'ShareGroupDescribe', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 78, name: 'ShareFetch', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 79, name: 'ShareAcknowledge', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 88, name: 'StreamsGroupHeartbeat', support: 'none', instead: CLASSIC_GROUPS_ONLY },
  { apiKey: 89, name: 'StreamsGroupDescribe', support: 'none', instead: CLASSIC_GROUPS_ONLY },
];

const BY_KEY = new Map(VAST_API_DIFFERENCES.map((d) => [d.apiKey, d]));

/** How VAST differs on this request; undefined when it offers it as Kafka does. */
export function vastDifferenceOf(apiKey: number): VastApiDifference | undefined {
  return BY_KEY.get(apiKey);
}
