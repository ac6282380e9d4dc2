import type { RecordDecoder } from '../../core/formats/recordDecoder';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { RecordFormats } from './recordFormats';

/**
 * A topic's record format as the places that show records use it (the records viewer, the replay
 * document, the tail panel): the decoder, how the topic is read in words, and the problems the
 * decoder met. Absent (undefined) when the topic is read as plain text-or-bytes: those places then
 * keep their fast byte paths.
 */
export interface TopicReading {
  readonly decoder: RecordDecoder;
  /** "value: avro (order.avsc)", "wire format: schema registry". */
  readonly readAs: string | undefined;
  readonly problems: FormatProblems;
}

/**
 * The distinct problems a decoder met (a registry that does not answer, an id it lacks), in order.
 * The decoder tells each sentence once, so a registry that is down is one notice, not one per record.
 */
export class FormatProblems {
  private readonly told: string[] = [];
  private readonly listeners = new Set<(sentence: string) => void>();

  get sentences(): readonly string[] {
    return this.told;
  }

  add(sentence: string): void {
    if (this.told.includes(sentence)) return;
    this.told.push(sentence);
    for (const listener of this.listeners) listener(sentence);
  }

  /** Hears each problem told from now on; the returned function stops it. */
  listen(listener: (sentence: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * How `topic` is read on `connection`, or undefined for plain text-or-bytes. A setting that cannot
 * work (a schema file missing) is the UsageError of RecordFormats.decoderFor: the command stops
 * with that one sentence before anything is read.
 */
export async function topicReading(formats: RecordFormats, connection: BrokerConnection, topic: string): Promise<TopicReading | undefined> {
  const problems = new FormatProblems();
  const decoder = await formats.decoderFor(connection, topic, (sentence) => problems.add(sentence));
  if (!decoder?.readsFormats) return undefined;
  return { decoder, readAs: formats.describe(connection, topic), problems };
}

/** What a replay or search document's first line says of the topic's record format (nothing without one). */
export function readingSummary(reading: TopicReading | undefined): { readAs?: string; formatProblems?: readonly string[] } {
  return reading ? { readAs: reading.readAs, formatProblems: reading.problems.sentences } : {};
}
