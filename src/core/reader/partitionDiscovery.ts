// Tail reads partitions added to the topic while it runs: now and then it asks (through the
// caller's `discoverNewPartitions`) and starts reading each new one.
import type { Logger } from '../logger';
import type { PartitionPositions, ReadPosition } from './partitionPositions';
import type { ReaderClock } from './readerClock';
import { untilAborted } from './abortableWaits';

const DEFAULT_DISCOVER_EVERY_MS = 10_000;

export class PartitionDiscovery {
  private nextAt: number;

  constructor(
    private readonly find: (() => Promise<ReadPosition[]>) | undefined,
    private readonly everyMs: number = DEFAULT_DISCOVER_EVERY_MS,
    private readonly logger: Logger,
    private readonly clock: ReaderClock,
  ) {
    this.nextAt = clock.now() + everyMs;
  }

  /** When it is time, adds the partitions that appeared since; a failed look is simply tried again later. */
  async discover(positions: PartitionPositions, signal: AbortSignal | undefined): Promise<void> {
    if (!this.find || this.clock.now() < this.nextAt) return;
    this.nextAt = this.clock.now() + this.everyMs;
    const found = await untilAborted(
      this.find().catch(() => []),
      signal,
    );
    for (const p of found) {
      if (positions.add(p)) this.logger.info(`${p.topic} partition ${p.partition} appeared; reading it from offset ${p.offset}`);
    }
  }
}
