// A TCP proxy in front of a real Apache Kafka broker that makes it behave like VAST Event Broker in
// the two ways Apache Kafka cannot be configured to:
//   - it answers Fetch at once, ignoring the wait the client asked for (max_wait_ms rewritten to 0);
//   - its reported end offset trails the newest events (ListOffsets "latest" answers lowered by a lag).
// Everything else is the real broker's answer. It is a named fake, used only for these behaviours.
//
// Scope: one broker, PLAINTEXT, the non-flexible request versions kafkajs 2.2.4 sends (Metadata
// v0–v6, ListOffsets v1–v3, Fetch v0–v11). Metadata answers are rewritten so the client keeps
// talking through the proxy (the broker's advertised port becomes the proxy's).
import * as net from 'node:net';

const API_FETCH = 1;
const API_LIST_OFFSETS = 2;
const API_METADATA = 3;

export interface VastLikeOptions {
  /** Answer fetches at once, as VAST does (default true). */
  immediateFetch?: boolean;
  /** How far "latest" offsets trail the real end (default 0). */
  endOffsetLag?: number;
}

export interface VastLikeProxy {
  bootstrap: string;
  /** Fetch requests seen, with the time each was sent. */
  fetchTimes: number[];
  close(): Promise<void>;
}

interface PendingRequest {
  apiKey: number;
  apiVersion: number;
  /** For ListOffsets: which (topic, partition) asked for "latest". */
  latest?: Set<string>;
}

export async function startVastLikeProxy(target: string, options: VastLikeOptions = {}): Promise<VastLikeProxy> {
  const [targetHost, targetPortText] = target.split(':');
  const targetPort = Number(targetPortText);
  const immediateFetch = options.immediateFetch ?? true;
  const lag = options.endOffsetLag ?? 0;
  const fetchTimes: number[] = [];
  const sockets = new Set<net.Socket>();
  let proxyPort = 0;

  const server = net.createServer((client) => {
    const broker = net.connect(targetPort, targetHost);
    sockets.add(client).add(broker);
    const pending = new Map<number, PendingRequest>();
    const fromClient = new FrameReader((frame) => {
      const request = readRequestHeader(frame);
      const info: PendingRequest = { apiKey: request.apiKey, apiVersion: request.apiVersion };
      if (request.apiKey === API_FETCH) {
        fetchTimes.push(Date.now());
        // replica_id int32, then max_wait_ms int32.
        if (immediateFetch) frame.writeInt32BE(0, request.bodyOffset + 4);
      } else if (request.apiKey === API_LIST_OFFSETS && lag > 0) {
        info.latest = latestQueries(frame, request.bodyOffset, request.apiVersion);
      }
      pending.set(request.correlationId, info);
      broker.write(frame);
    });
    const fromBroker = new FrameReader((frame) => {
      const correlationId = frame.readInt32BE(4);
      const request = pending.get(correlationId);
      pending.delete(correlationId);
      if (request?.apiKey === API_METADATA) advertiseProxy(frame, request.apiVersion, targetPort, proxyPort);
      if (request?.latest && request.latest.size > 0) lowerLatest(frame, request.apiVersion, request.latest, lag);
      client.write(frame);
    });
    client.on('data', (chunk) => fromClient.push(chunk));
    broker.on('data', (chunk) => fromBroker.push(chunk));
    const end = () => {
      client.destroy();
      broker.destroy();
      sockets.delete(client);
      sockets.delete(broker);
    };
    client.on('close', end).on('error', end);
    broker.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyPort = (server.address() as net.AddressInfo).port;
  return {
    bootstrap: `127.0.0.1:${proxyPort}`,
    fetchTimes,
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits a byte stream into Kafka frames (int32 size, then that many bytes). */
class FrameReader {
  private buffered = Buffer.alloc(0);
  constructor(private readonly onFrame: (frame: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 4) {
      const size = this.buffered.readInt32BE(0);
      if (this.buffered.length < 4 + size) return;
      this.onFrame(Buffer.from(this.buffered.subarray(0, 4 + size)));
      this.buffered = this.buffered.subarray(4 + size);
    }
  }
}

/** Request header v1: api_key, api_version, correlation_id, client_id (nullable string). */
function readRequestHeader(frame: Buffer) {
  const apiKey = frame.readInt16BE(4);
  const apiVersion = frame.readInt16BE(6);
  const correlationId = frame.readInt32BE(8);
  const clientIdLength = frame.readInt16BE(12);
  return { apiKey, apiVersion, correlationId, bodyOffset: 14 + Math.max(0, clientIdLength) };
}

function readString(frame: Buffer, at: number): [string, number] {
  const length = frame.readInt16BE(at);
  return [frame.toString('utf8', at + 2, at + 2 + length), at + 2 + length];
}

/** ListOffsets v1–v3 request: replica_id, [isolation_level v2+], [topic [partition timestamp]]. */
function latestQueries(frame: Buffer, at: number, version: number): Set<string> {
  const latest = new Set<string>();
  if (version < 1 || version > 3) return latest;
  let p = at + 4 + (version >= 2 ? 1 : 0);
  const topics = frame.readInt32BE(p);
  p += 4;
  for (let t = 0; t < topics; t++) {
    const [topic, next] = readString(frame, p);
    p = next;
    const partitions = frame.readInt32BE(p);
    p += 4;
    for (let i = 0; i < partitions; i++) {
      const partition = frame.readInt32BE(p);
      const timestamp = frame.readBigInt64BE(p + 4);
      p += 12;
      if (timestamp === -1n) latest.add(`${topic}:${partition}`);
    }
  }
  return latest;
}

/** ListOffsets v1–v3 response: [throttle v2+], [topic [partition error timestamp offset]]. */
function lowerLatest(frame: Buffer, version: number, latest: Set<string>, lag: number): void {
  if (version < 1 || version > 3) return;
  let p = 8 + (version >= 2 ? 4 : 0);
  const topics = frame.readInt32BE(p);
  p += 4;
  for (let t = 0; t < topics; t++) {
    const [topic, next] = readString(frame, p);
    p = next;
    const partitions = frame.readInt32BE(p);
    p += 4;
    for (let i = 0; i < partitions; i++) {
      const partition = frame.readInt32BE(p);
      const offsetAt = p + 4 + 2 + 8;
      if (latest.has(`${topic}:${partition}`)) {
        const offset = frame.readBigInt64BE(offsetAt);
        frame.writeBigInt64BE(offset > BigInt(lag) ? offset - BigInt(lag) : 0n, offsetAt);
      }
      p = offsetAt + 8;
    }
  }
}

/** Metadata v0–v6 response: [throttle v3+], [node_id host port [rack v1+]] — the port becomes ours. */
function advertiseProxy(frame: Buffer, version: number, brokerPort: number, proxyPort: number): void {
  let p = 8 + (version >= 3 ? 4 : 0);
  const brokers = frame.readInt32BE(p);
  p += 4;
  for (let b = 0; b < brokers; b++) {
    p += 4; // node_id
    const [, afterHost] = readString(frame, p);
    if (frame.readInt32BE(afterHost) === brokerPort) frame.writeInt32BE(proxyPort, afterHost);
    p = afterHost + 4;
    if (version >= 1) {
      const rackLength = frame.readInt16BE(p);
      p += 2 + Math.max(0, rackLength);
    }
  }
}
