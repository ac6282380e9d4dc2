// A broker that answers empty fetches at once, as VAST Event Broker does: Apache Kafka behind a
// proxy (bench/countingProxy.mjs) that sets every Fetch request's max_wait_ms to 0 on the wire.
// The client still asks for its own wait and sees the quick empty answer, exactly as on VAST.
import { startCountingProxy } from './countingProxy.mjs';

export function startImmediateFetchProxy({ target }) {
  return startCountingProxy({ target, fetchMaxWaitMs: 0 });
}
