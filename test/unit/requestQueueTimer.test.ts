// kafkajs's RequestQueue scheduled its next check at minus the current time when nothing is
// throttled, and Node 24 prints a warning for that into ebx's output (kafkajs#1751). The patched
// method, on kafkajs's own class: never below 1 ms, and the same delays as before otherwise.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import RequestQueue from 'kafkajs/src/network/requestQueue';
import { patchRequestQueueTimer } from '../../src/core/kafka/requestQueueTimer';

const realSetTimeout = globalThis.setTimeout;
afterEach(() => {
  globalThis.setTimeout = realSetTimeout;
});

/** The delay the queue asks setTimeout for, in the given state (the timer itself never runs). */
function scheduledDelay(state: { throttledUntil: number; pending: unknown[] }): number {
  patchRequestQueueTimer();
  let delay = Number.NaN;
  globalThis.setTimeout = ((_: () => void, ms: number) => {
    delay = ms;
    return realSetTimeout(() => undefined, 0);
  }) as typeof setTimeout;
  const queue = Object.assign(Object.create(RequestQueue.prototype) as { scheduleCheckPendingRequests(): void }, { ...state, throttleCheckTimeoutId: null, checkPendingRequests: () => undefined });
  queue.scheduleCheckPendingRequests();
  globalThis.setTimeout = realSetTimeout;
  return delay;
}

test('nothing throttled, nothing pending: 1 ms, not minus the current time', () => {
  assert.equal(scheduledDelay({ throttledUntil: -1, pending: [] }), 1);
});

test('requests pending and nothing throttled: kafkajs\'s 10 ms interval', () => {
  assert.equal(scheduledDelay({ throttledUntil: -1, pending: [{}] }), 10);
});

test('throttled: until the throttle ends', () => {
  const delay = scheduledDelay({ throttledUntil: Date.now() + 500, pending: [{}] });
  assert.ok(delay > 400 && delay <= 500, String(delay));
});
