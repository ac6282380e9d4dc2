// kafkajs 2.2.4's RequestQueue (src/network/requestQueue/index.js) schedules its next look at the
// pending requests with setTimeout(throttledUntil - Date.now()), and throttledUntil is -1 while the
// broker throttles nothing: the delay is minus the current time. Node 20 and 22 quietly use 1 ms.
// Node 24 uses 1 ms too, but also prints a TimeoutNegativeWarning to stderr, into the output of
// every ebx command (kafkajs#1751, open upstream; the CLI tests on Node 24 caught it). The same
// method with the 1 ms every Node uses anyway: nothing else changes. Patched once, on the class,
// like connectionReuse.ts.
import KafkaJsRequestQueue from 'kafkajs/src/network/requestQueue';

/** The fields of kafkajs's RequestQueue the method reads and sets. */
interface RequestQueueState {
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  pending: unknown[];
  checkPendingRequests(): void;
}

/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL: how soon to look again while requests wait. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;
/** What Node substitutes for a delay below 1 ms. */
const SOONEST_MS = 1;

let patched = false;

/** kafkajs's scheduleCheckPendingRequests without a negative delay (see the file comment). Idempotent. */
export function patchRequestQueueTimer(): void {
  if (patched) return;
  patched = true;
  const prototype = KafkaJsRequestQueue.prototype as RequestQueueState & { scheduleCheckPendingRequests(): void };
  prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueState): void {
    if (this.throttleCheckTimeoutId) return;
    let scheduleAt = this.throttledUntil - Date.now();
    if (this.pending.length > 0) scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL_MS;
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, Math.max(SOONEST_MS, scheduleAt));
  };
}
