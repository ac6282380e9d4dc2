// A TCP proxy in front of a real Apache Kafka broker that makes it behave like VAST Event Broker in
// the two ways Apache Kafka cannot be configured to:
//   - it answers Fetch at once, ignoring the wait the client asked for (max_wait_ms rewritten to 0);
//   - its reported end offset trails the newest events (ListOffsets "latest" answers lowered by a lag).
// With hideApis, ApiVersions leaves out what VAST's admin API lacks. Everything else is the real broker's answer. It is a named fake, used only for these behaviours,
// and for one more a test needs: a fetch that is never answered (holdFetchAnswers). `npm run demo`
// puts it in front of its own broker too (scripts/demo.mjs bundles this file), so that what VAST
// does is seen there: end offsets that trail, empty fetches answered at once.
// It records every fetch with when it came and when its answer went back, so that tests can check
// what the reader did between two fetches by events, never by a rate over wall-clock time.
//
// Scope: one broker, PLAINTEXT; ListOffsets is lowered for the non-flexible versions kafkajs 2.2.4
// sends (v1–v3). Frames, headers, max_wait_ms and the advertised addresses: test/support/kafkaFrames.ts.
import { API_KEYS, fetchMaxWaitOffset, readString, startFrameRelay, type RequestHeader } from './kafkaFrames';

export interface VastLikeOptions {
  /** Answer fetches at once, as VAST does (default true). */
  immediateFetch?: boolean;
  /** How far "latest" offsets trail the real end (default 0). */
  endOffsetLag?: number;
  /** Never deliver a Fetch answer: every fetch stays in flight (default false). */
  holdFetchAnswers?: boolean;
  /**
   * Leave these requests out of the broker's ApiVersions answer, as VAST does for what its admin API
   * lacks (DeleteRecords; IncrementalAlterConfigs, where VAST has only AlterConfigs). Their entries
   * are renamed to an api key no client knows, so the answer keeps its length.
   */
  hideApis?: number[];
  /** Lower the newest version ApiVersions offers of these requests (api key → version), as an older broker would. */
  maxVersions?: Record<number, number>;
  /** Keep every Fetch in `fetches` (default true); the demo, which runs for hours, keeps none. */
  recordFetches?: boolean;
}

/** An api key no Kafka release uses: a hidden request's entry in ApiVersions becomes this. */
const NO_SUCH_API = 32_000;

/** One Fetch request through the proxy, timed with performance.now(). */
export interface FetchSeen {
  requestedAt: number;
  /** When its answer went back to the client; undefined while in flight (or held). */
  answeredAt?: number;
}

export interface VastLikeProxy {
  bootstrap: string;
  /** Fetch requests seen, in the order they came. */
  fetches: FetchSeen[];
  /** Resolves once `count` fetches have come (held or not) and, with `answered`, been answered. */
  fetchesSeen(count: number, answered?: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startVastLikeProxy(target: string, options: VastLikeOptions = {}): Promise<VastLikeProxy> {
  const immediateFetch = options.immediateFetch ?? true;
  const lag = options.endOffsetLag ?? 0;
  const fetches: FetchSeen[] = [];
  const fetchByRequest = new Map<RequestHeader, FetchSeen>();
  const latestByRequest = new Map<RequestHeader, Set<string>>(); // ListOffsets: which (topic, partition) asked for "latest"
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());

  const relay = await startFrameRelay(target, {
    onRequest(frame, request) {
      if (request.apiKey === API_KEYS.Fetch) {
        if (options.recordFetches ?? true) {
          const seen: FetchSeen = { requestedAt: performance.now() };
          fetches.push(seen);
          fetchByRequest.set(request, seen);
        }
        const at = fetchMaxWaitOffset(frame, request);
        if (immediateFetch && at !== undefined) frame.writeInt32BE(0, at);
        notify();
      } else if (request.apiKey === API_KEYS.ListOffsets && lag > 0) {
        latestByRequest.set(request, latestQueries(frame, request.bodyOffset, request.apiVersion));
      }
    },
    onAnswer(frame, request) {
      if (!request) return;
      if (request.apiKey === API_KEYS.ApiVersions && options.hideApis) hideFromApiVersions(frame, request.apiVersion, new Set(options.hideApis));
      if (request.apiKey === API_KEYS.ApiVersions && options.maxVersions) capApiVersions(frame, request.apiVersion, options.maxVersions);
      const fetch = fetchByRequest.get(request);
      fetchByRequest.delete(request);
      if (fetch) {
        if (options.holdFetchAnswers) return false;
        fetch.answeredAt = performance.now();
        notify();
      }
      const latest = latestByRequest.get(request);
      latestByRequest.delete(request);
      if (latest && latest.size > 0) lowerLatest(frame, request.apiVersion, latest, lag);
    },
  });
  return {
    bootstrap: relay.bootstrap,
    fetches,
    fetchesSeen: (count, answered = false) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (fetches.filter((f) => !answered || f.answeredAt !== undefined).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () => relay.close(),
  };
}

/** ApiVersions v0–v2 response (header v0 even for flexible versions): error_code, [api_key min max], [throttle v1+]. */
function hideFromApiVersions(frame: Buffer, version: number, hidden: Set<number>): void {
  if (version > 2) return; // kafkajs 2.2.4 asks for v2 at most
  const count = frame.readInt32BE(10);
  for (let i = 0, p = 14; i < count; i++, p += 6) {
    if (hidden.has(frame.readInt16BE(p))) frame.writeInt16BE(NO_SUCH_API, p);
  }
}

/** ApiVersions v0–v2 answer: each entry's max_version lowered to the cap given for its api key. */
function capApiVersions(frame: Buffer, version: number, caps: Record<number, number>): void {
  if (version > 2) return; // kafkajs 2.2.4 asks for v2 at most
  const count = frame.readInt32BE(10);
  for (let i = 0, p = 14; i < count; i++, p += 6) {
    const cap = caps[frame.readInt16BE(p)];
    if (cap !== undefined && frame.readInt16BE(p + 4) > cap) frame.writeInt16BE(cap, p + 4);
  }
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
