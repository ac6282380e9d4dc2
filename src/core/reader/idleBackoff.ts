/**
 * VAST answers an empty fetch at once, ignoring the fetch wait time, so a reader of a quiet topic
 * would spin. After a fetch that came back empty *and* quicker than the wait we asked for, wait a
 * little before the next one, doubling up to a cap (the cap bounds an idle reader to about
 * 1000 / capMs fetches per second per broker). Any data resets it. On Apache Kafka the broker
 * itself waits, so the delay stays at zero.
 */
export class IdleBackoff {
  private delay = 0;

  constructor(
    private readonly startMs = 10,
    private readonly capMs = 100,
  ) {}

  /** Records what the last fetch did; returns how long to wait before the next. */
  next(gotRecords: boolean, fetchTookMs: number, askedWaitMs: number): number {
    // A broker that held the fetch for (most of) the wait we asked did the waiting itself. Asking
    // for no wait at all proves nothing, so that case backs off like an immediate answer.
    const brokerWaited = askedWaitMs > 0 && fetchTookMs >= askedWaitMs * 0.8;
    if (gotRecords || brokerWaited) {
      this.delay = 0;
    } else {
      this.delay = this.delay === 0 ? this.startMs : Math.min(this.capMs, this.delay * 2);
    }
    return this.delay;
  }
}
