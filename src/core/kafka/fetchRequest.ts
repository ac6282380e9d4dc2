// One Fetch to one broker: kafkajs sends the request on the connection it manages (SASL, TLS,
// versions, correlation ids); we encode it (fetchRequestEncoder.ts) and decode the answer
// (fetchResponseDecoder.ts) ourselves, straight from the buffers. kafkajs's own `parse` still turns
// a partition's error code into the error it would have thrown, so errors are classified as before
// (classifyError.ts).
import { requests } from 'kafkajs/src/protocol/requests';
import apiKeys from 'kafkajs/src/protocol/requests/apiKeys';
import { createErrorFromCode } from 'kafkajs/src/protocol/error';
import type { FetchedPartition, FetchLimits, FetchRequest } from '../clusterAccess';
import { decodeFetchResponse, type AskedOffset, type DecodedFetchResponse } from './protocol/fetchResponseDecoder';
import { sendRequestSymbol } from './brokerRequests';
import { encodeFetchRequest, FETCH_OURS_NEWEST, FETCH_OURS_OLDEST, type FetchRequestBody } from './protocol/fetchRequestEncoder';
import { BrokerError } from '../brokerError';

/** The parts of kafkajs's internal Broker a fetch uses. */
export interface FetchingBroker {
  lookupRequest(apiKey: number, definitions: unknown): (args: object) => ProtocolRequest;
  disconnect(): Promise<void>;
  connectionPool?: {
    pool?: { rejectRequests?: (err: Error) => void; isConnected?: () => boolean }[];
  };
}

/** kafkajs's connection pool keeps Fetch on a connection of its own, the second one. */
const FETCH_CONNECTION = 1;

interface ProtocolRequest {
  request: { apiVersion: number; encode: () => Promise<{ buf: Buffer; buffer: Buffer }> };
  response: { decode: (payload: Buffer) => Promise<unknown>; parse: (data: unknown) => Promise<unknown> };
  requestTimeout?: number;
}

const READ_COMMITTED = 1;
/** The largest single batch we will ask for when one does not fit the limits (VAST caps messages at 1 MB; Kafka's default is 1 MiB too). */
const LARGEST_BATCH_BYTES = 256 * 1024 * 1024;

/**
 * Fetches with read-ahead, as librdkafka does: when an answer had records, the same partitions are
 * fetched again at once from where the answer ended, so the broker reads and
 * sends the next answer while the caller formats and writes this one. A caller that then asks for
 * exactly that gets it; one that asks for anything else (another offset, fewer partitions, other
 * limits) gets a fresh fetch and the read-ahead is dropped. An answer with no records at all is
 * never read ahead, so an idle tail sends no more fetches than before.
 */
export class FetchReadAhead {
  private readonly pending = new Map<number, { key: string; answer: Promise<FetchedPartition[]> }>();
  /** Every fetch sent and not yet answered, read ahead or asked for, with the broker it went to. */
  private readonly unanswered = new Map<Promise<unknown>, FetchingBroker>();
  /** Per broker, the first fetch while its fetch connection opens: concurrent fetches wait for it. */
  private readonly connecting = new Map<number, Promise<void>>();

  async fetch(broker: FetchingBroker, nodeId: number, wanted: FetchRequest[], limits: FetchLimits): Promise<FetchedPartition[]> {
    const ahead = this.pending.get(nodeId);
    this.pending.delete(nodeId);
    // The key (a sorted string of every partition: ~10 ms at 10,000) only when there is a read-ahead to match.
    const answer = ahead !== undefined && ahead.key === requestKey(wanted, limits) ? await ahead.answer : await this.send(broker, nodeId, wanted, limits);
    if (limits.readAhead !== false && answer.length === wanted.length && answer.some((p) => p.records.length > 0)) {
      const next = answer.map((p) => ({ topic: p.topic, partition: p.partition, offset: p.nextOffset }));
      const nextAnswer = this.send(broker, nodeId, next, limits);
      nextAnswer.catch(() => undefined); // a failure is seen by whoever asks for it, never unhandled
      this.pending.set(nodeId, { key: requestKey(next, limits), answer: nextAnswer });
    }
    return answer;
  }

  /**
   * The client is closing: forgets what was read ahead and resolves once every fetch sent has its
   * answer or its error. A fetch already on an open connection is failed at once — its answer would
   * be dropped anyway, and a read-ahead at the end of a partition would otherwise hold the close for
   * the broker's whole wait (kafkajs's disconnect waits for pending requests). A fetch still
   * connecting is waited for (bounded by its answer deadline): it would open its connection after
   * the disconnect and keep it open for good.
   */
  async settle(): Promise<void> {
    this.pending.clear();
    const closing = new Error('The connection is closing.');
    for (const broker of new Set(this.unanswered.values())) {
      const connection = broker.connectionPool?.pool?.[FETCH_CONNECTION];
      if (connection?.isConnected?.() === true) connection.rejectRequests?.(closing);
    }
    await Promise.allSettled([...this.unanswered.keys()]);
  }

  private send(broker: FetchingBroker, nodeId: number, wanted: FetchRequest[], limits: FetchLimits): Promise<FetchedPartition[]> {
    const answer = this.afterConnecting(broker, nodeId, () => fetchPartitions(broker, nodeId, wanted, limits));
    this.unanswered.set(answer, broker);
    const forget = () => this.unanswered.delete(answer);
    answer.then(forget, forget);
    return answer;
  }

  /**
   * Sends `fetch` once the broker's fetch connection is open: while it is not, the first fetch
   * opens it and the others wait for that one. kafkajs's Connection.connect() has no guard, and two
   * concurrent calls open two sockets, the first of which is never closed (it keeps the process
   * alive after every client has disconnected).
   */
  private afterConnecting<T>(broker: FetchingBroker, nodeId: number, fetch: () => Promise<T>): Promise<T> {
    if (broker.connectionPool?.pool?.[FETCH_CONNECTION]?.isConnected?.() !== false) return fetch();
    const opening = this.connecting.get(nodeId);
    if (opening) return opening.then(fetch);
    const first = fetch();
    const settled = first.then(
      () => undefined,
      () => undefined,
    );
    this.connecting.set(nodeId, settled);
    void settled.then(() => this.connecting.delete(nodeId));
    return first;
  }
}

function requestKey(wanted: FetchRequest[], limits: FetchLimits): string {
  const partitions = wanted.map((w) => `${w.partition}@${w.offset}:${w.topic}`).sort();
  return `${limits.maxBytes}/${limits.partitionMaxBytes}/${limits.maxWaitMs}/${limits.answerWithinMs ?? ''}/${limits.firstRecordOnly === true}|${partitions.join('|')}`;
}

/**
 * Fetches these partitions from `broker` (their leader). A batch cut off by the size limit is never
 * dropped: it is read by the next fetch from `nextOffset`; when a partition's first batch alone is
 * larger than the limits (a broker without KIP-74), that partition is fetched again at once with
 * room for the batch.
 */
export async function fetchPartitions(broker: FetchingBroker, nodeId: number, wanted: FetchRequest[], limits: FetchLimits): Promise<FetchedPartition[]> {
  // By topic, then partition: a fetch can name 10,000 partitions, and a search per answer would be
  // quadratic (one string key per partition cost ~90 ms at 10,000 partitions).
  const askedOf = new Map<string, Map<number, FetchRequest>>();
  for (const w of wanted) {
    let forTopic = askedOf.get(w.topic);
    if (!forTopic) askedOf.set(w.topic, (forTopic = new Map<number, FetchRequest>()));
    forTopic.set(w.partition, w);
  }
  const decoded = await fetchOnce(broker, nodeId, wanted, limits, (topic, partition) => askedOf.get(topic)?.get(partition)?.offset ?? 0);
  const out: FetchedPartition[] = [];
  const tooSmall: FetchRequest[] = [];
  let needBytes = 0;
  for (const { topicName, partitions } of decoded.responses) {
    const askedInTopic = askedOf.get(topicName);
    for (const p of partitions) {
      const asked = askedInTopic?.get(p.partition);
      if (asked && p.records.length === 0 && p.nextOffset === asked.offset && p.truncatedBatchBytes > 0) {
        tooSmall.push(asked);
        needBytes = Math.max(needBytes, p.truncatedBatchBytes);
        continue;
      }
      const fetched: FetchedPartition = { topic: topicName, partition: p.partition, highWatermark: p.highWatermark, records: p.records, nextOffset: p.nextOffset };
      if (p.lastStableOffset >= 0) fetched.lastStableOffset = p.lastStableOffset;
      out.push(fetched);
    }
  }
  if (tooSmall.length > 0) {
    if (limits.partitionMaxBytes >= LARGEST_BATCH_BYTES) throw new Error(`A record batch of ${tooSmall[0].topic} partition ${tooSmall[0].partition} at offset ${tooSmall[0].offset} is larger than ${LARGEST_BATCH_BYTES} bytes.`);
    const room = Math.min(LARGEST_BATCH_BYTES, Math.max(needBytes, limits.partitionMaxBytes * 2));
    out.push(...(await fetchPartitions(broker, nodeId, tooSmall, { ...limits, partitionMaxBytes: room, maxBytes: Math.max(limits.maxBytes, room) })));
  }
  return out;
}

async function fetchOnce(broker: FetchingBroker, nodeId: number, wanted: FetchRequest[], limits: FetchLimits, askedOffset: AskedOffset): Promise<DecodedFetchResponse> {
  const build = broker.lookupRequest(apiKeys.Fetch, requests.Fetch);
  const body: FetchRequestBody = {
    isolationLevel: READ_COMMITTED,
    maxWaitTime: limits.maxWaitMs,
    minBytes: 1,
    maxBytes: limits.maxBytes,
    topics: byTopic(rotated(wanted)).map(([topic, list]) => ({
      topic,
      partitions: list.map((r) => ({ partition: r.partition, fetchOffset: String(r.offset), maxBytes: limits.partitionMaxBytes })),
    })),
  };
  const protocol = build({ replicaId: -1, ...body });
  const version = protocol.request.apiVersion;
  if (version >= FETCH_OURS_OLDEST && version <= FETCH_OURS_NEWEST) {
    // kafkajs writes the header, then whatever `encode` returns: an Encoder-shaped object.
    const bytes = encodeFetchRequest(version, body);
    protocol.request.encode = () => Promise.resolve({ buf: bytes, buffer: bytes });
  }
  const ours: ProtocolRequest = {
    ...protocol,
    response: {
      decode: (payload: Buffer) => Promise.resolve(decodeFetchResponse(payload, version, askedOffset, limits.firstRecordOnly ? 1 : Number.POSITIVE_INFINITY)),
      // kafkajs's parse throws the error of the first partition that has one (offset out of range with its topic and partition).
      parse: async (data: unknown) => {
        const response = (await protocol.response.parse(data)) as DecodedFetchResponse;
        if (response.errorCode !== 0) throw createErrorFromCode(response.errorCode);
        return response;
      },
    },
  };
  const send = (broker as unknown as Record<symbol, (request: ProtocolRequest) => Promise<DecodedFetchResponse>>)[sendRequestSymbol(broker)];
  const request = send.call(broker, ours);
  return limits.answerWithinMs === undefined ? request : answerWithin(request, limits.answerWithinMs, nodeId, broker);
}

/**
 * The request's answer, or a timeout error after `ms` — and then every connection to the broker is
 * dropped: a connection made while a broker was restarting can stay silent until the request timeout.
 */
async function answerWithin<T>(request: Promise<T>, ms: number, nodeId: number, broker: FetchingBroker): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`Fetch from broker ${nodeId} timed out: no answer within ${ms} ms; reconnecting.`);
      err.name = 'KafkaJSRequestTimeoutError';
      // Fail whatever waits on this broker's connections and close them; the next request reconnects.
      for (const connection of broker.connectionPool?.pool ?? []) connection.rejectRequests?.(err);
      Promise.resolve(broker.disconnect()).catch(() => undefined);
      // Typed here, with its own words: the reader logs them, and retries on a fresh connection.
      reject(new BrokerError('timeout', `Fetch from broker ${nodeId} got no answer within ${ms} ms; reconnecting.`));
    }, ms);
  });
  request.catch(() => undefined);
  try {
    return await Promise.race([request, silent]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The partitions starting at a random one: a broker fills a response in request order up to
 * maxBytes, so a fixed order would starve the partitions at the end (KIP-74; kafkajs shuffles too).
 */
function rotated<T>(items: T[]): T[] {
  if (items.length < 2) return items;
  const start = Math.floor(Math.random() * items.length);
  return [...items.slice(start), ...items.slice(0, start)];
}

function byTopic(list: FetchRequest[]): [string, FetchRequest[]][] {
  // Most fetches read one topic: then the list is the group, with no copy of it.
  if (list.length > 0 && list.every((r) => r.topic === list[0].topic)) return [[list[0].topic, list]];
  const groups = new Map<string, FetchRequest[]>();
  for (const r of list) {
    const group = groups.get(r.topic);
    if (group) group.push(r);
    else groups.set(r.topic, [r]);
  }
  return [...groups];
}
