// A TCP proxy in front of one Kafka broker that counts requests by API key, for the benchmarks.
//
// Frames, headers and addresses come from test/support/kafkaFrames.ts (compiled to out/ by `npm run
// compile-tests`, which `npm run bench` runs first; see that file for why it is shared this way).
// A client that bootstraps through the proxy would still connect straight to the broker afterwards
// (the broker advertises its own address in Metadata and FindCoordinator answers), so the relay
// points the advertised port at itself. Every request of every client (ebx, kcat, Kafka's Java
// tools) then goes through it and is counted the same way.
//
// With `fetchMaxWaitMs` set, it also rewrites each Fetch request's max_wait_ms, so Apache Kafka
// answers an empty fetch at once, as VAST Event Broker does whatever the client asked for.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, requireFromRoot } from './lib.mjs';

const FRAMES = 'out/test/support/kafkaFrames.js';
if (!fs.existsSync(path.join(ROOT, FRAMES))) throw new Error(`${FRAMES} is missing: run npm run compile-tests first`);
const { API_KEYS, API_NAMES, fetchMaxWaitOffset, startFrameRelay } = requireFromRoot(`./${FRAMES}`);

export { API_NAMES };

/**
 * Starts the proxy. `target`: "host:port" of the broker (the address it advertises), or the
 * addresses of every broker of a cluster separated by commas: then one relay per broker, counted
 * together, each pointing the others' advertised ports at their relays.
 * Returns { port, bootstrap, counts(), reset(), close() }.
 */
export async function startCountingProxy({ target, fetchMaxWaitMs } = {}) {
  const state = { byApi: new Map(), bytes: new Map(), connections: 0, rewrittenFetches: 0 };
  const targets = target.split(',');
  const relayOf = new Map(); // broker port -> its relay's port
  const portOf = (address) => Number(address.slice(address.lastIndexOf(':') + 1));
  const relays = [];
  for (const one of targets) {
    const relay = await startOneRelay(one, state, fetchMaxWaitMs, () => new Map([...relayOf].filter(([from]) => from !== portOf(one))));
    relayOf.set(portOf(one), relay.port);
    relays.push(relay);
  }
  const relay = { port: relays[0].port, bootstrap: relays.map((r) => r.bootstrap).join(','), close: () => Promise.all(relays.map((r) => r.close())) };

  return {
    port: relay.port,
    bootstrap: relay.bootstrap,
    /**
     * Requests so far: { total, byApi: { Fetch: n, ... }, largest: { Fetch: { request, answer } (bytes of
     * the largest frame each way) }, connections, rewrittenFetches }.
     */
    counts() {
      const byApi = {};
      const largest = {};
      let total = 0;
      for (const [k, n] of [...state.byApi].sort((a, b) => a[0] - b[0])) {
        byApi[API_NAMES[k] ?? `api${k}`] = n;
        largest[API_NAMES[k] ?? `api${k}`] = state.bytes.get(k) ?? { request: 0, answer: 0 };
        total += n;
      }
      return { total, byApi, largest, connections: state.connections, rewrittenFetches: state.rewrittenFetches };
    },
    reset() {
      state.byApi.clear();
      state.bytes.clear();
      state.connections = 0;
      state.rewrittenFetches = 0;
    },
    close: () => relay.close(),
  };
}

function startOneRelay(target, state, fetchMaxWaitMs, otherBrokerPorts) {
  return startFrameRelay(target, {
    otherBrokerPorts,
    onConnection() {
      state.connections++;
    },
    onRequest(frame, request) {
      state.byApi.set(request.apiKey, (state.byApi.get(request.apiKey) ?? 0) + 1);
      largestOf(state, request.apiKey).request = Math.max(largestOf(state, request.apiKey).request, frame.length);
      if (request.apiKey === API_KEYS.Fetch && fetchMaxWaitMs !== undefined) {
        const at = fetchMaxWaitOffset(frame, request);
        if (at !== undefined) {
          frame.writeInt32BE(fetchMaxWaitMs, at);
          state.rewrittenFetches++;
        }
      }
    },
    onAnswer(frame, request) {
      if (request) largestOf(state, request.apiKey).answer = Math.max(largestOf(state, request.apiKey).answer, frame.length);
    },
  });
}

/** The largest request and answer frame of an API so far, in bytes (for "would a request exceed a limit"). */
function largestOf(state, apiKey) {
  let entry = state.bytes.get(apiKey);
  if (!entry) state.bytes.set(apiKey, (entry = { request: 0, answer: 0 }));
  return entry;
}
