// Kafka frames on the wire, for the proxies the tests and the bench put in front of a real broker
// (test/support/vastLikeBrokerProxy.ts, bench/countingProxy.mjs): a stream split into frames,
// request and response headers, where Fetch keeps max_wait_ms, advertised addresses pointed at the
// proxy, and a relay that hands every frame of every connection to hooks.
//
// Why TypeScript here, used by plain .mjs bench scripts: the tests compile to CommonJS in out/, and
// the bench already loads compiled code from out/ (bench/lib.mjs requireOut, bench/clusterOps.cjs;
// `npm run bench` compiles the tests first). So the bench requires out/test/support/kafkaFrames.js
// and there is one typed, linted source instead of a .cjs copy with hand-written type declarations.
import * as net from 'node:net';

export const API_KEYS = {
  Produce: 0, Fetch: 1, ListOffsets: 2, Metadata: 3, OffsetCommit: 8, OffsetFetch: 9, FindCoordinator: 10,
  JoinGroup: 11, Heartbeat: 12, LeaveGroup: 13, SyncGroup: 14, DescribeGroups: 15, ListGroups: 16,
  SaslHandshake: 17, ApiVersions: 18, CreateTopics: 19, DeleteTopics: 20, DescribeConfigs: 32,
  DeleteRecords: 21, AlterConfigs: 33, SaslAuthenticate: 36, DeleteGroups: 42, IncrementalAlterConfigs: 44, DescribeCluster: 60,
} as const;

/** Api key -> name, for reports. */
export const API_NAMES: Record<number, string> = Object.fromEntries(Object.entries(API_KEYS).map(([name, key]) => [key, name]));

/** Answers that carry broker addresses (host string, then int32 port): the proxy must advertise itself. */
const ADDRESS_ANSWERS = new Set<number>([API_KEYS.Metadata, API_KEYS.FindCoordinator, API_KEYS.DescribeCluster]);

/** First "flexible" version (request header v2, with tagged fields) of the requests whose body we read. */
const FLEXIBLE_FROM: Record<number, number> = { [API_KEYS.Fetch]: 12, [API_KEYS.ListOffsets]: 6, [API_KEYS.Metadata]: 9 };

export interface RequestHeader {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  /** Where the request body starts in the frame (the frame includes its int32 size prefix). */
  bodyOffset: number;
}

/** Calls `onFrame` with each whole frame (int32 size, then that many bytes; size prefix included). */
export function splitFrames(socket: net.Socket, onFrame: (frame: Buffer) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk;
    while (buffered.length >= 4) {
      const size = buffered.readInt32BE(0);
      if (buffered.length < 4 + size) break;
      onFrame(Buffer.from(buffered.subarray(0, 4 + size)));
      buffered = buffered.subarray(4 + size);
    }
  });
}

/**
 * Request header v1 (api_key, api_version, correlation_id, client_id as a nullable int16 string), or
 * v2 (the same plus tagged fields) for the flexible versions of the requests in FLEXIBLE_FROM. For
 * other requests bodyOffset is only right for their non-flexible versions.
 */
export function readRequestHeader(frame: Buffer): RequestHeader {
  const apiKey = frame.readInt16BE(4);
  const apiVersion = frame.readInt16BE(6);
  const correlationId = frame.readInt32BE(8);
  let at = 14 + Math.max(0, frame.readInt16BE(12));
  const flexibleFrom = FLEXIBLE_FROM[apiKey];
  if (flexibleFrom !== undefined && apiVersion >= flexibleFrom) at = skipTaggedFields(frame, at);
  return { apiKey, apiVersion, correlationId, bodyOffset: at };
}

/** Every response starts with int32 size, int32 correlation_id. */
export function responseCorrelationId(frame: Buffer): number {
  return frame.readInt32BE(4);
}

/** Where a Fetch request keeps max_wait_ms: first in the body from v15, after replica_id before. */
export function fetchMaxWaitOffset(frame: Buffer, header: RequestHeader): number | undefined {
  const at = header.bodyOffset + (header.apiVersion < 15 ? 4 : 0);
  return at + 4 <= frame.length ? at : undefined;
}

/** An int16-length string at `at`: [the string, the offset after it]. */
export function readString(frame: Buffer, at: number): [string, number] {
  const length = frame.readInt16BE(at);
  return [frame.toString('utf8', at + 2, at + 2 + length), at + 2 + length];
}

/**
 * Replaces every "<host>" + int32(fromPort) in an answer with "<host>" + int32(toPort), in place:
 * the same length, so no version-specific parsing (compact or not, tagged fields or not) is needed.
 */
export function pointAddressesAt(frame: Buffer, host: string, fromPort: number, toPort: number): void {
  const port = Buffer.alloc(4);
  port.writeInt32BE(fromPort);
  const needle = Buffer.concat([Buffer.from(host), port]);
  for (let at = frame.indexOf(needle, 8); at >= 0; at = frame.indexOf(needle, at + needle.length)) {
    frame.writeInt32BE(toPort, at + host.length);
  }
}

function skipTaggedFields(frame: Buffer, at: number): number {
  let count: number;
  [count, at] = readUnsignedVarint(frame, at);
  for (let i = 0; i < count; i++) {
    let size: number;
    [, at] = readUnsignedVarint(frame, at); // tag
    [size, at] = readUnsignedVarint(frame, at);
    at += size;
  }
  return at;
}

function readUnsignedVarint(frame: Buffer, at: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = frame[at++];
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, at];
  }
}

export interface FrameRelayHooks {
  /** A client connected (once per connection). */
  onConnection?(): void;
  /** Each request, before it goes to the broker; may rewrite the frame in place. */
  onRequest?(frame: Buffer, request: RequestHeader): void;
  /** Each answer, before it goes to the client; may rewrite it in place, or return false to hold it back for good. */
  onAnswer?(frame: Buffer, request: RequestHeader | undefined): boolean | void;
  /**
   * For a relay in front of one broker of a cluster (one relay per broker): the other brokers'
   * ports and the ports of their relays, so that Metadata and FindCoordinator answers send every
   * later connection through a relay too. Read at each answer (the relays start one by one).
   */
  otherBrokerPorts?(): ReadonlyMap<number, number>;
}

export interface FrameRelay {
  port: number;
  bootstrap: string;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of one broker ("host:port", the address it advertises). Every
 * client connection gets its own broker connection; frames pass through the hooks, and answers that
 * carry broker addresses are pointed at the proxy so that the client keeps talking through it.
 */
export async function startFrameRelay(target: string, hooks: FrameRelayHooks = {}): Promise<FrameRelay> {
  const host = target.slice(0, target.lastIndexOf(':'));
  const brokerPort = Number(target.slice(target.lastIndexOf(':') + 1));
  const sockets = new Set<net.Socket>();
  let proxyPort = 0;

  const server = net.createServer((client) => {
    hooks.onConnection?.();
    const broker = net.connect({ host, port: brokerPort });
    sockets.add(client).add(broker);
    client.setNoDelay(true);
    broker.setNoDelay(true);
    const pending = new Map<number, RequestHeader>(); // by correlation id
    const close = () => {
      client.destroy();
      broker.destroy();
      sockets.delete(client);
      sockets.delete(broker);
    };
    client.on('error', close).on('close', close);
    broker.on('error', close).on('close', close);

    splitFrames(client, (frame) => {
      const request = readRequestHeader(frame);
      pending.set(request.correlationId, request);
      hooks.onRequest?.(frame, request);
      broker.write(frame);
    });
    splitFrames(broker, (frame) => {
      const correlationId = responseCorrelationId(frame);
      const request = pending.get(correlationId);
      pending.delete(correlationId);
      if (request && ADDRESS_ANSWERS.has(request.apiKey)) {
        pointAddressesAt(frame, host, brokerPort, proxyPort);
        for (const [from, to] of hooks.otherBrokerPorts?.() ?? []) pointAddressesAt(frame, host, from, to);
      }
      if (hooks.onAnswer?.(frame, request) === false) return;
      client.write(frame);
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  proxyPort = (server.address() as net.AddressInfo).port;
  return {
    port: proxyPort,
    bootstrap: `127.0.0.1:${proxyPort}`,
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
