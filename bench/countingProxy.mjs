// A TCP proxy in front of one Kafka broker that counts requests by API key, for the benchmarks.
//
// It parses only the Kafka frame header (int32 size, int16 api_key, int16 api_version,
// int32 correlation_id) of each request. A client that bootstraps through the proxy would still
// connect straight to the broker afterwards (the broker advertises its own address in Metadata and
// FindCoordinator answers), so the proxy rewrites the advertised port in those answers to its own:
// the bytes "<host>" + int32 port are swapped for "<host>" + int32 proxyPort, same length, so no
// version-specific parsing is needed. Every request of every client (ebx, kcat, Kafka's Java tools)
// then goes through it and is counted the same way.
//
// With `fetchMaxWaitMs` set, it also rewrites each Fetch request's max_wait_ms, so Apache Kafka
// answers an empty fetch at once, as VAST Event Broker does whatever the client asked for.
import net from 'node:net';

export const API_NAMES = {
  0: 'Produce', 1: 'Fetch', 2: 'ListOffsets', 3: 'Metadata', 8: 'OffsetCommit', 9: 'OffsetFetch',
  10: 'FindCoordinator', 11: 'JoinGroup', 12: 'Heartbeat', 13: 'LeaveGroup', 14: 'SyncGroup',
  15: 'DescribeGroups', 16: 'ListGroups', 17: 'SaslHandshake', 18: 'ApiVersions', 19: 'CreateTopics',
  20: 'DeleteTopics', 32: 'DescribeConfigs', 36: 'SaslAuthenticate', 42: 'DeleteGroups', 60: 'DescribeCluster',
};
const ADDRESS_ANSWERS = new Set([3, 10, 60]); // Metadata, FindCoordinator, DescribeCluster
const FETCH = 1;

/**
 * Starts the proxy. `target`: "host:port" of the broker (the address it advertises).
 * Returns { port, bootstrap, counts(), reset(), connections, close() }.
 */
export async function startCountingProxy({ target, fetchMaxWaitMs } = {}) {
  const [host, portText] = target.split(':');
  const brokerPort = Number(portText);
  const state = { byApi: new Map(), connections: 0, rewrittenFetches: 0 };
  const sockets = new Set();
  let proxyPort = 0;

  const server = net.createServer((client) => {
    state.connections++;
    const broker = net.connect({ host, port: brokerPort });
    sockets.add(client).add(broker);
    client.setNoDelay(true);
    broker.setNoDelay(true);
    const pendingApi = new Map(); // correlation id -> api key, for answers that carry addresses
    const close = () => {
      client.destroy();
      broker.destroy();
      sockets.delete(client);
      sockets.delete(broker);
    };
    client.on('error', close).on('close', close);
    broker.on('error', close).on('close', close);

    frames(client, (frame) => {
      const apiKey = frame.readInt16BE(4);
      const apiVersion = frame.readInt16BE(6);
      const correlationId = frame.readInt32BE(8);
      state.byApi.set(apiKey, (state.byApi.get(apiKey) ?? 0) + 1);
      if (ADDRESS_ANSWERS.has(apiKey)) pendingApi.set(correlationId, apiKey);
      if (apiKey === FETCH && fetchMaxWaitMs !== undefined) {
        const at = fetchMaxWaitOffset(frame, apiVersion);
        if (at !== undefined) {
          frame.writeInt32BE(fetchMaxWaitMs, at);
          state.rewrittenFetches++;
        }
      }
      broker.write(frame);
    });
    frames(broker, (frame) => {
      const correlationId = frame.readInt32BE(4);
      if (pendingApi.has(correlationId)) {
        pendingApi.delete(correlationId);
        rewritePort(frame, host, brokerPort, proxyPort);
      }
      client.write(frame);
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  proxyPort = server.address().port;

  return {
    port: proxyPort,
    bootstrap: `127.0.0.1:${proxyPort}`,
    /** Requests so far: { total, byApi: { Fetch: n, ... }, connections }. */
    counts() {
      const byApi = {};
      let total = 0;
      for (const [k, n] of [...state.byApi].sort((a, b) => a[0] - b[0])) {
        byApi[API_NAMES[k] ?? `api${k}`] = n;
        total += n;
      }
      return { total, byApi, connections: state.connections, rewrittenFetches: state.rewrittenFetches };
    },
    reset() {
      state.byApi.clear();
      state.connections = 0;
      state.rewrittenFetches = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(() => r()));
    },
  };
}

/** Calls `onFrame` with each whole Kafka frame (size prefix included) read from `socket`. */
function frames(socket, onFrame) {
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (buffered.length >= 4) {
      const size = buffered.readInt32BE(0);
      if (buffered.length < 4 + size) break;
      onFrame(Buffer.from(buffered.subarray(0, 4 + size)));
      buffered = buffered.subarray(4 + size);
    }
  });
}

/** Where max_wait_ms sits in a Fetch request: after the header, and after replica_id before v15. */
function fetchMaxWaitOffset(frame, version) {
  let at = 12; // size, api_key, api_version, correlation_id
  const clientIdLength = frame.readInt16BE(at);
  at += 2 + Math.max(0, clientIdLength);
  if (version >= 12) {
    // Request header v2: tagged fields (a varint count, then tag, size, bytes for each).
    let count;
    [count, at] = readUnsignedVarint(frame, at);
    for (let i = 0; i < count; i++) {
      let size;
      [, at] = readUnsignedVarint(frame, at);
      [size, at] = readUnsignedVarint(frame, at);
      at += size;
    }
  }
  if (version < 15) at += 4; // replica_id
  return at + 4 <= frame.length ? at : undefined;
}

function readUnsignedVarint(buf, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = buf[at++];
    value |= (b & 0x7f) << shift;
    if ((b & 0x80) === 0) return [value, at];
    shift += 7;
  }
}

/** Replaces every "<host>" + int32(fromPort) with "<host>" + int32(toPort), in place. */
function rewritePort(frame, host, fromPort, toPort) {
  const needle = Buffer.concat([Buffer.from(host), int32(fromPort)]);
  let at = frame.indexOf(needle, 8);
  while (at >= 0) {
    frame.writeInt32BE(toPort, at + host.length);
    at = frame.indexOf(needle, at + needle.length);
  }
}

function int32(n) {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
