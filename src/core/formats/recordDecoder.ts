// A topic's records read with their formats (issue 23): key and value each by their FieldSpec, with
// schemas from a workspace file or from a schema registry by the id in the Confluent wire format.
// Reading is two steps so that the reader's hot loop never awaits: `prepare(records)` fetches the
// codecs of registry ids not seen before (each id once, however many records carry it), then
// `readKey` / `readValue` / `show` are synchronous.
import type { RawRecord } from '../clusterAccess';
import type { ShownRecord } from '../model';
import { showRecord } from '../rendering/decode';
import type { SchemaCodec, SchemaFormat, SchemaLabel } from './formatTypes';
import { AUTO, plainLabel, readFailed, readOk, sentenceOf, type FieldReading, type FieldSpec } from './fieldReading';
import { isSchemaFormat, scalarFormat } from './formatCatalog';
import { isStackOverflow, nestedDeeperThan, TOO_DEEP } from './nestingDepth';
import { looksLikeWireFormat, readWireFormat } from './wireFormat';

/** Where the codec of a registry schema id comes from (the registry client plus the codecs). */
export interface SchemaSource {
  /** Rejects with an error whose message is one sentence; `notFound` when the registry lacks the id. */
  codecById(id: number): Promise<SchemaCodec>;
  /** Whether an error of codecById means the registry has no such id (not that it is out of reach). */
  isNotFound(err: unknown): boolean;
}

/** A registry id's codec, or why there is none (retried after a while: a registry can come back). */
type IdEntry = { codec: SchemaCodec; first: FirstReading } | { error: string; notFound: boolean; at: number };

/**
 * What `read` does first with a key's or value's bytes, for the writers that follow it without
 * building the value (decodedJsonLinesBytes.ts): show the bytes as they are (`read` gives
 * undefined), decode them from `start` with `codec` (labelled `label` if that reads), or anything
 * else (another format, a failure), for which they take `read` itself.
 */
export type FirstReading = { kind: 'plain' } | { kind: 'other' } | { kind: 'decode'; codec: SchemaCodec; start: number; label: SchemaLabel };

const PLAIN: FirstReading = { kind: 'plain' };
const OTHER: FirstReading = { kind: 'other' };
const WIRE_HEADER_BYTES = 5;

/** Decoding a wire-format record with a registry codec: an Avro payload follows the 5-byte header (Protobuf's indexes vary). */
function wireReading(codec: SchemaCodec): FirstReading {
  return codec.label.format === 'avro' ? { kind: 'decode', codec, start: WIRE_HEADER_BYTES, label: codec.label } : OTHER;
}

const RETRY_FAILED_ID_MS = 30_000;

/** How one field's bytes are read; may throw (read turns that into a failed reading). */
type FieldReader = (bytes: Buffer) => FieldReading | undefined;

export interface RecordDecoderOptions {
  key?: FieldSpec;
  value?: FieldSpec;
  registry?: SchemaSource;
  /** Told once per distinct problem (a registry down, an unknown id): one line, not one per record. */
  onProblem?: (sentence: string) => void;
  now?: () => number;
}

export class RecordDecoder {
  readonly key: FieldSpec;
  readonly value: FieldSpec;
  private readonly registry: SchemaSource | undefined;
  private readonly byId = new Map<number, IdEntry>();
  private readonly told = new Set<string>();
  private readonly onProblem: (sentence: string) => void;
  private readonly now: () => number;
  /** A workspace file's first reading of a raw payload, made once per field rather than per record. */
  private readonly rawFileReading: { key: FirstReading; value: FirstReading };
  /** A workspace file's reading of wire-format records, per schema id (see wireFileReading). */
  private readonly wireFileReadings = new Map<SchemaCodec, Map<number, FirstReading>>();
  /** Each field's reader, chosen once from its format: no lookup per record. */
  private readonly readers: { key: FieldReader; value: FieldReader };

  constructor(options: RecordDecoderOptions = {}) {
    this.key = options.key ?? AUTO;
    this.value = options.value ?? AUTO;
    this.registry = options.registry;
    this.onProblem = options.onProblem ?? (() => undefined);
    this.now = options.now ?? Date.now;
    const raw = (spec: FieldSpec): FirstReading => (spec.codec ? { kind: 'decode', codec: spec.codec, start: 0, label: spec.codec.label } : OTHER);
    this.rawFileReading = { key: raw(this.key), value: raw(this.value) };
    this.readers = { key: this.readerOf(this.key), value: this.readerOf(this.value) };
  }

  /**
   * Whether a key or value may be read by a compiled JSON text writer (a workspace schema that
   * has one, or any schema from a registry); when not, the byte writers would hand every record back.
   */
  get mayWriteJsonText(): boolean {
    return this.registry !== undefined || !!this.key.codec?.jsonTextWriter?.() || !!this.value.codec?.jsonTextWriter?.();
  }

  /** What `read` does first with these bytes of the key or value (see FirstReading); mirrors `read` step for step. */
  firstReading(field: 'key' | 'value', bytes: Buffer | null): FirstReading {
    if (bytes === null) return PLAIN;
    const spec = field === 'key' ? this.key : this.value;
    if (spec.format === 'auto') {
      if (this.registry === undefined || !looksLikeWireFormat(bytes)) return PLAIN;
      const entry = this.byId.get(bytes.readUInt32BE(1));
      if (entry === undefined || ('error' in entry && entry.notFound)) return PLAIN;
      return 'error' in entry ? OTHER : entry.first;
    }
    if (spec.format !== 'avro') return OTHER;
    const wire = looksLikeWireFormat(bytes);
    if (wire && this.registry !== undefined) {
      const entry = this.byId.get(bytes.readUInt32BE(1));
      if (entry !== undefined && 'codec' in entry) return entry.first;
    }
    const fileCodec = spec.codec;
    if (fileCodec === undefined) return OTHER;
    // A wire-format header is tried first; when that does not read, `read` tries the whole value.
    if (wire) return this.wireFileReading(fileCodec, bytes.readUInt32BE(1));
    return this.rawFileReading[field];
  }

  /**
   * A workspace file reading a wire-format record: one reading (and label object) per schema id,
   * not one per record, so that the byte writers' per-label JSON cache hits.
   */
  private wireFileReading(codec: SchemaCodec, id: number): FirstReading {
    let byId = this.wireFileReadings.get(codec);
    if (byId === undefined) this.wireFileReadings.set(codec, (byId = new Map<number, FirstReading>()));
    let reading = byId.get(id);
    // Garbage that looks like the wire format can carry any id: the cache stays small all the same.
    if (reading === undefined && byId.size >= 256) byId.clear();
    if (reading === undefined) byId.set(id, (reading = { kind: 'decode', codec, start: WIRE_HEADER_BYTES, label: { ...codec.label, id } }));
    return reading;
  }

  /** Whether anything is read beyond plain text-or-bytes: when not, the byte fast paths apply. */
  get readsFormats(): boolean {
    return this.key.format !== 'auto' || this.value.format !== 'auto' || this.registry !== undefined;
  }

  /** Fetches the codecs of the registry ids these records carry that are not known yet. */
  async prepare(records: readonly RawRecord[]): Promise<void> {
    if (this.registry === undefined) return;
    const wanted = new Set<number>();
    for (const record of records) {
      this.wantId(record.key, wanted);
      this.wantId(record.value, wanted);
    }
    if (wanted.size === 0) return;
    const registry = this.registry;
    await Promise.all(
      [...wanted].map(async (id) => {
        try {
          const codec = await registry.codecById(id);
          this.byId.set(id, { codec, first: wireReading(codec) });
        } catch (err) {
          const error = sentenceOf(err);
          this.byId.set(id, { error, notFound: registry.isNotFound(err), at: this.now() });
          this.tell(error);
        }
      }),
    );
  }

  readKey(bytes: Buffer | null): FieldReading | undefined {
    return read(this.readers.key, bytes);
  }

  readValue(bytes: Buffer | null): FieldReading | undefined {
    return read(this.readers.value, bytes);
  }

  /**
   * The record as every sink takes it: `key`/`value` keep the raw bytes' plain rendering (one click
   * away in the viewer), `keyRead`/`valueRead` say how they read. A field that failed to read is
   * shown as base64, whatever its bytes, so that nothing suggests it read as text.
   */
  show(topic: string, partition: number, record: RawRecord): ShownRecord {
    const shown = showRecord(topic, partition, record);
    const keyRead = this.readKey(record.key);
    const valueRead = this.readValue(record.value);
    if (keyRead !== undefined) {
      shown.keyRead = keyRead;
      if (!keyRead.ok && record.key !== null) shown.key = { base64: record.key.toString('base64') };
    }
    if (valueRead !== undefined) {
      shown.valueRead = valueRead;
      if (!valueRead.ok && record.value !== null) shown.value = { base64: record.value.toString('base64') };
    }
    return shown;
  }

  private wantId(bytes: Buffer | null, wanted: Set<number>): void {
    if (bytes === null || !looksLikeWireFormat(bytes)) return;
    const id = bytes.readUInt32BE(1);
    const known = this.byId.get(id);
    if (known === undefined || ('error' in known && this.now() - known.at > RETRY_FAILED_ID_MS)) wanted.add(id);
  }

  private tell(sentence: string): void {
    if (this.told.has(sentence)) return;
    this.told.add(sentence);
    this.onProblem(sentence);
  }

  /** A field's reader: `auto`, its schema, or its entry's decode (formatCatalog.ts). */
  private readerOf(spec: FieldSpec): FieldReader {
    const { format, codec } = spec;
    if (format === 'auto') return (bytes) => this.readAuto(bytes);
    if (isSchemaFormat(format)) return (bytes) => this.readWithSchema(format, codec, bytes);
    const { decode } = scalarFormat(format);
    const label = plainLabel(format);
    return (bytes) => readOk(decode(bytes), label);
  }

  /** `auto`: a wire-format value whose id the registry knows is decoded; anything else stays plain. */
  private readAuto(bytes: Buffer): FieldReading | undefined {
    if (this.registry === undefined || !looksLikeWireFormat(bytes)) return undefined;
    const entry = this.byId.get(bytes.readUInt32BE(1));
    if (entry === undefined || ('error' in entry && entry.notFound)) return undefined; // not the wire format after all
    if ('error' in entry) return readFailed(entry.error);
    return decodeWire(entry.codec, bytes);
  }

  private readWithSchema(format: SchemaFormat, fileCodec: SchemaCodec | undefined, bytes: Buffer): FieldReading {
    const wire = looksLikeWireFormat(bytes) ? safeWire(bytes, format) : undefined;
    if (wire !== undefined && this.registry !== undefined) {
      const entry = this.byId.get(wire.schemaId);
      if (entry !== undefined && 'codec' in entry) return decodeWire(entry.codec, bytes);
      // The registry is out of reach or lacks the id: the workspace file, if any, reads it instead.
      if (fileCodec === undefined) return readFailed(entry !== undefined && 'error' in entry ? entry.error : `schema id ${wire.schemaId} was not fetched.`);
    }
    if (fileCodec === undefined) {
      return readFailed(
        wire === undefined
          ? `this ${format} value is not in the Confluent wire format (magic byte 0 and a schema id), and no schema file was given for it.`
          : `this value names schema id ${wire.schemaId}, but no schema registry or schema file was given.`,
      );
    }
    if (wire !== undefined) {
      // A raw payload can start with a zero byte too: the header is tried first, then the whole value.
      try {
        return readOk(fileCodec.decode(wire.payload, wire.messageIndexes), { ...fileCodec.label, id: wire.schemaId });
      } catch {
        // read below as a raw payload
      }
    }
    return readOk(fileCodec.decode(bytes), fileCodec.label);
  }
}

/**
 * undefined: nothing to read beyond the plain rendering (a null field, or `auto` on plain bytes).
 * A value nested too deep to show reads as a failure, so every sink shows its bytes instead.
 */
function read(reader: FieldReader, bytes: Buffer | null): FieldReading | undefined {
  if (bytes === null) return undefined;
  try {
    const reading = reader(bytes);
    return reading?.ok && nestedDeeperThan(reading.value) ? readFailed(TOO_DEEP) : reading;
  } catch (err) {
    return readFailed(isStackOverflow(err) ? TOO_DEEP : sentenceOf(err));
  }
}

function safeWire(bytes: Buffer, format: SchemaFormat): ReturnType<typeof readWireFormat> {
  try {
    return readWireFormat(bytes, format);
  } catch {
    return undefined;
  }
}

function decodeWire(codec: SchemaCodec, bytes: Buffer): FieldReading {
  const format = codec.label.format as SchemaFormat;
  const wire = readWireFormat(bytes, format);
  if (wire === undefined) return readFailed(`this value is not in the Confluent wire format.`);
  try {
    return readOk(codec.decode(wire.payload, wire.messageIndexes), codec.label);
  } catch (err) {
    return readFailed(isStackOverflow(err) ? TOO_DEEP : sentenceOf(err));
  }
}
