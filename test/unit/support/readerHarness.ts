// Runs the partition reader against a ScriptedCluster in virtual time, and reads its batches back.
import { readPartitions, type PartitionBatch, type ReaderOptions, type ReadPosition } from '../../../src/core/reader/partitionReader';
import type { Logger } from '../../../src/core/logger';
import type { ScriptedCluster } from './scriptedCluster';
import type { VirtualClock } from './virtualClock';

export class RecordingLogger implements Logger {
  readonly lines: { level: 'debug' | 'info' | 'warn' | 'error'; message: string }[] = [];
  debug(message: string): void {
    this.lines.push({ level: 'debug', message });
  }
  info(message: string): void {
    this.lines.push({ level: 'info', message });
  }
  warn(message: string): void {
    this.lines.push({ level: 'warn', message });
  }
  error(message: string): void {
    this.lines.push({ level: 'error', message });
  }
}

export interface ReaderRun {
  reader: AsyncGenerator<PartitionBatch[]>;
  controller: AbortController;
  logger: RecordingLogger;
}

/** A reader over `cluster`, with replay-like defaults (fail when out of range, retry for 30 s) unless overridden. */
export function startReader(cluster: ScriptedCluster, clock: VirtualClock, positions: ReadPosition[], options: Partial<ReaderOptions> = {}): ReaderRun {
  const controller = new AbortController();
  const logger = new RecordingLogger();
  const reader = readPartitions(cluster, positions, {
    signal: controller.signal,
    logger,
    outOfRange: 'fail',
    retryForMs: 30_000,
    clock,
    ...options,
  });
  return { reader, controller, logger };
}

/** Pulls batches until at least `count` records were handed out (or the reader ends). */
export async function takeRecords(reader: AsyncGenerator<PartitionBatch[]>, count: number): Promise<PartitionBatch[]> {
  const out: PartitionBatch[] = [];
  let seen = 0;
  while (seen < count) {
    const next = await reader.next();
    if (next.done) break;
    out.push(...next.value);
    seen += next.value.reduce((n, b) => n + b.records.length, 0);
  }
  return out;
}

/** Pulls batches until the reader ends. */
export async function readToEnd(reader: AsyncGenerator<PartitionBatch[]>): Promise<PartitionBatch[]> {
  const out: PartitionBatch[] = [];
  for await (const batches of reader) out.push(...batches);
  return out;
}

/** The offsets handed out for one partition, in the order they came. */
export function offsetsOf(batches: PartitionBatch[], topic: string, partition: number): number[] {
  return batches.filter((b) => b.topic === topic && b.partition === partition).flatMap((b) => b.records.map((r) => r.offset));
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

/** Lets every pending promise reaction and immediate run (in real time: a few turns of the event loop). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Fails when two fetches to the same broker were in flight at once. */
export function overlappingFetches(cluster: ScriptedCluster): string[] {
  const problems: string[] = [];
  const byNode = new Map<number, { at: number; settledAt?: number }[]>();
  for (const c of cluster.fetchCalls()) byNode.set(c.nodeId, [...(byNode.get(c.nodeId) ?? []), c]);
  for (const [nodeId, calls] of byNode) {
    for (let i = 1; i < calls.length; i++) {
      const previous = calls[i - 1];
      if (previous.settledAt === undefined || calls[i].at < previous.settledAt) problems.push(`broker ${nodeId}: fetch at ${calls[i].at} ms while the one from ${previous.at} ms was in flight`);
    }
  }
  return problems;
}
