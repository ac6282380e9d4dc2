// A Metadata request that names no topic, so its answer holds the brokers and the controller only.
// kafkajs cannot send one: it writes an empty topic list as null (Encoder.writeNullableArray), which
// asks for every topic. It refreshes with the topics it has been asked about, and a session's
// first request is often not about a topic (FindCoordinator for `ebx lag`), so that refresh asked
// for the whole view: on VAST up to 200,000 partitions, megabytes to send and decode, in every CLI
// command. Broker.metadata is patched once, like the codecs (codecs.ts): a topic list made by
// `noTopics()` is sent as an empty list (v1+), any other list as kafkajs sends it.
import KafkaJsBroker from 'kafkajs/src/broker';
import type { InternalBroker, MetadataResponse, ProtocolRequest } from './kafkaJsInternals';
import { sendRequestSymbol } from './brokerRequests';
import { requests } from 'kafkajs/src/protocol/requests';
import apiKeys from 'kafkajs/src/protocol/requests/apiKeys';

type MetadataMethod = (this: InternalBroker, topics?: string[]) => Promise<MetadataResponse>;

const NO_TOPIC_LISTS = new WeakSet<string[]>();
/** Metadata v0 reads an empty topic list as every topic, like kafkajs's null. */
const FIRST_VERSION_WITH_EMPTY_LIST = 1;
/** From v4 the request also carries allow_auto_topic_creation (false: never create). */
const FIRST_VERSION_WITH_AUTO_CREATE_FLAG = 4;

let patched = false;

/**
 * A topic list for kafkajs's metadata refresh (BrokerPool.refreshMetadata) that asks for no topic.
 * Only after patchBrokerMetadata(); a broker at Metadata v0 still gets every topic.
 */
export function noTopics(): string[] {
  const list: string[] = [];
  NO_TOPIC_LISTS.add(list);
  return list;
}

/** Lets Broker.metadata ask for no topic when given a list from noTopics(). Idempotent. */
export function patchBrokerMetadata(): void {
  if (patched) return;
  patched = true;
  const prototype = (KafkaJsBroker as unknown as { prototype: { metadata: MetadataMethod } }).prototype;
  const metadata = prototype.metadata;
  prototype.metadata = function (this: InternalBroker, topics?: string[]) {
    if (topics && NO_TOPIC_LISTS.has(topics)) return metadataOfNoTopic(this, metadata);
    return metadata.call(this, topics);
  };
}

async function metadataOfNoTopic(broker: InternalBroker, metadata: MetadataMethod): Promise<MetadataResponse> {
  const protocolRequest = broker.lookupRequest(apiKeys.Metadata, requests.Metadata)({ topics: [], allowAutoTopicCreation: false }) as ProtocolRequest & {
    request: { apiVersion: number; encode: () => Promise<{ buf: Buffer; buffer: Buffer }> };
  };
  const version = protocolRequest.request.apiVersion;
  if (version < FIRST_VERSION_WITH_EMPTY_LIST) return metadata.call(broker, []);
  // An int32 0 (an empty array, not null's -1), then the flag (false) from v4: Kafka's MetadataRequest.json up to v6.
  const body = Buffer.alloc(version >= FIRST_VERSION_WITH_AUTO_CREATE_FLAG ? 5 : 4);
  protocolRequest.request.encode = () => Promise.resolve({ buf: body, buffer: body });
  // kafkajs's own decode and parse: the answer has the shape of every other Metadata answer.
  const send = (broker as unknown as Record<symbol, (request: ProtocolRequest) => Promise<MetadataResponse>>)[sendRequestSymbol(broker)];
  return send.call(broker, protocolRequest);
}
