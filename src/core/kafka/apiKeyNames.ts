// Names of the Kafka protocol's requests by api key. kafkajs 2.2.4's table (protocol/requests/apiKeys)
// is the base; it stops at key 46 and keeps two names Kafka has since changed, so Kafka's own names
// (org.apache.kafka.common.protocol.ApiKeys, what `kafka-broker-api-versions` prints) are laid over
// it: a person comparing the tree with Kafka's tools or docs reads the same words.
import kafkaJsApiKeys from 'kafkajs/src/protocol/requests/apiKeys';

/** Kafka's names where kafkajs has none or an older one (Kafka 4.x; keys 47 and later are not in kafkajs). */
const KAFKA_NAMES: Record<number, string> = {
  10: 'FindCoordinator', // kafkajs: GroupCoordinator (renamed in Kafka 0.11, KIP-98)
  43: 'ElectLeaders', // kafkajs: ElectPreferredLeaders (renamed in Kafka 2.4, KIP-460)
  47: 'OffsetDelete',
  48: 'DescribeClientQuotas',
  49: 'AlterClientQuotas',
  50: 'DescribeUserScramCredentials',
  51: 'AlterUserScramCredentials',
  52: 'Vote',
  53: 'BeginQuorumEpoch',
  54: 'EndQuorumEpoch',
  55: 'DescribeQuorum',
  56: 'AlterPartition',
  57: 'UpdateFeatures',
  58: 'Envelope',
  59: 'FetchSnapshot',
  60: 'DescribeCluster',
  61: 'DescribeProducers',
  62: 'BrokerRegistration',
  63: 'BrokerHeartbeat',
  64: 'UnregisterBroker',
  65: 'DescribeTransactions',
  66: 'ListTransactions',
  67: 'AllocateProducerIds',
  68: 'ConsumerGroupHeartbeat',
  69: 'ConsumerGroupDescribe',
  70: 'ControllerRegistration',
  71: 'GetTelemetrySubscriptions',
  72: 'PushTelemetry',
  73: 'AssignReplicasToDirs',
  74: 'ListConfigResources',
  75: 'DescribeTopicPartitions',
  76: 'ShareGroupHeartbeat',
  77: 'ShareGroupDescribe',
  78: 'ShareFetch',
  79: 'ShareAcknowledge',
  80: 'AddRaftVoter',
  81: 'RemoveRaftVoter',
  82: 'UpdateRaftVoter',
  83: 'InitializeShareGroupState',
  84: 'ReadShareGroupState',
  85: 'WriteShareGroupState',
  86: 'DeleteShareGroupState',
  87: 'ReadShareGroupStateSummary',
  88: 'StreamsGroupHeartbeat',
  89: 'StreamsGroupDescribe',
  90: 'DescribeShareGroupOffsets',
  91: 'AlterShareGroupOffsets',
  92: 'DeleteShareGroupOffsets',
  93: 'StreamsGroupTopologyDescriptionUpdate',
  94: 'UnregisterController',
};

const NAMES = new Map<number, string>([...Object.entries(kafkaJsApiKeys).map(([name, key]): [number, string] => [key, name]), ...Object.entries(KAFKA_NAMES).map(([key, name]): [number, string] => [Number(key), name])]);

/** Kafka's name for an api key; "API <key>" for one no table here knows (a newer Kafka's, or a broker's own). */
export function apiKeyName(apiKey: number): string {
  return NAMES.get(apiKey) ?? `API ${apiKey}`;
}
