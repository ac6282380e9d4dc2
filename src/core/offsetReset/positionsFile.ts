// Positions to reset to, in the CSV that `kafka-consumer-groups --reset-offsets --export` writes:
// `topic,partition,offset` per line, or `group,topic,partition,offset` when it covered several groups.
import { UsageError } from '../errors';
import { BEYOND_EXACT } from './exactOffsets';

export interface RequestedPosition {
  topic: string;
  partition: number;
  offset: number;
}

export function parsePositionsCsv(text: string, group: string, fileName = 'The file'): RequestedPosition[] {
  const positions: RequestedPosition[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const cells = line.split(',').map((c) => c.trim());
    const where = `${fileName}, line ${index + 1}`;
    let topic: string, partition: string, offset: string;
    if (cells.length === 3) [topic, partition, offset] = cells;
    else if (cells.length === 4) {
      // Kafka's multi-group export: keep only this group's lines.
      if (cells[0] !== group) return;
      [, topic, partition, offset] = cells;
    } else throw new UsageError(`${where} is not "topic,partition,offset".`);
    if (!/^\d+$/.test(partition) || !Number.isSafeInteger(Number(partition))) throw new UsageError(`${where}: "${partition.slice(0, 20)}" is not a partition number.`);
    if (/^\d+$/.test(offset) && !Number.isSafeInteger(Number(offset))) throw new UsageError(`${where}: ${offset.slice(0, 20)} is ${BEYOND_EXACT}`);
    if (!/^\d+$/.test(offset)) throw new UsageError(`${where}: "${offset.slice(0, 20)}" is not an offset (a whole number, 0 or more).`);
    positions.push({ topic, partition: Number(partition), offset: Number(offset) });
  });
  if (positions.length === 0) throw new UsageError(`${fileName} names no positions for ${group} (lines of topic,partition,offset).`);
  return positions;
}
