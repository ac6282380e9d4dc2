// The CLI's JSON Lines of records read with formats (replay, tail and search `--json`), the fast byte
// path beside readFields.ts's decodedJsonLines: each line written straight into one Buffer, the
// plain fields as jsonLinesBytes.ts writes them and the decoded ones by their schema's compiled
// JSON text writer (avroJsonWriter.ts). The output is exactly decodedJsonLines's. A record with a
// field no compiled writer reads (another format, a read that fails, a value the writer gives
// back) is written by decodedJsonLines itself, in its place; a decoder with no compiled writer at
// all leaves the whole batch to it.
import type { RawRecord } from '../clusterAccess';
import type { SchemaLabel } from '../formats/formatTypes';
import type { RecordDecoder } from '../formats/recordDecoder';
import { JsonLineBuffer } from './jsonLineBuffer';
import { hasAnyHeaders } from './jsonLinesBytes';
import { decodedJsonLines } from './readFields';
import { escapeJsonForTerminal } from './terminalText';

const TIMESTAMP_FIELD = Buffer.from(',"timestamp":', 'latin1');
const KEY_FIELD = Buffer.from(',"key":', 'latin1');
const KEY_SCHEMA_FIELD = Buffer.from(',"keySchema":', 'latin1');
const VALUE_FIELD = Buffer.from(',"value":', 'latin1');
const VALUE_SCHEMA_FIELD = Buffer.from(',"valueSchema":', 'latin1');
const HEADERS_FIELD = Buffer.from(',"headers":', 'latin1');
const NO_HEADERS_END = Buffer.from('{}}\n', 'latin1');
const LINE_END = Buffer.from('}\n', 'latin1');

/** The JSON Lines of these records of one partition, read with `decoder`'s formats, in one Buffer. */
export function decodedRecordJsonLines(topic: string, partition: number, records: readonly RawRecord[], decoder: RecordDecoder): Buffer {
  if (!decoder.mayWriteJsonText) return decodedJsonLines(topic, partition, records, decoder);
  const writer = new DecodedLineWriter(topic, partition, records, decoder);
  for (const record of records) writer.line(record);
  return writer.out.take();
}

class DecodedLineWriter {
  readonly out: JsonLineBuffer;
  private readonly prefix: Buffer;
  /** Each schema label's JSON, made once per batch. */
  private readonly labels = new Map<SchemaLabel, Buffer>();

  constructor(
    private readonly topic: string,
    private readonly partition: number,
    records: readonly RawRecord[],
    private readonly decoder: RecordDecoder,
  ) {
    this.prefix = Buffer.from(`{"topic":${escapeJsonForTerminal(JSON.stringify(topic))},"partition":${partition},"offset":`);
    // A decoded value's JSON is about twice its Avro; the schema label adds ~70 bytes.
    let estimate = 0;
    for (const r of records) estimate += this.prefix.length + 200 + (r.key?.length ?? 0) + 3 * (r.value?.length ?? 0);
    this.out = new JsonLineBuffer(Math.ceil(estimate * 1.1));
  }

  line(record: RawRecord): void {
    const out = this.out;
    const start = out.pos;
    if (this.fastLine(record)) return;
    out.rewind(start);
    const general = decodedJsonLines(this.topic, this.partition, [record], this.decoder);
    out.room(general.length);
    out.pos += general.copy(out.buf, out.pos);
  }

  /** The line written here; false when part of it is left to decodedJsonLines (the caller rewinds). */
  private fastLine(record: RawRecord): boolean {
    const out = this.out;
    out.bytes(this.prefix);
    out.integer(record.offset);
    out.bytes(TIMESTAMP_FIELD);
    out.timestamp(record.timestamp);
    if (!this.field('key', record.key, KEY_FIELD, KEY_SCHEMA_FIELD)) return false;
    if (!this.field('value', record.value, VALUE_FIELD, VALUE_SCHEMA_FIELD)) return false;
    out.bytes(HEADERS_FIELD);
    const headers = record.headers;
    if (!hasAnyHeaders(headers)) {
      out.bytes(NO_HEADERS_END);
      return true;
    }
    // decodedJsonLines builds its headers with a plain object, where "__proto__" does not stay a key.
    if (Object.prototype.hasOwnProperty.call(headers, '__proto__')) return false;
    out.headers(headers);
    out.bytes(LINE_END);
    return true;
  }

  private field(field: 'key' | 'value', bytes: Buffer | null, name: Buffer, schemaName: Buffer): boolean {
    const reading = this.decoder.firstReading(field, bytes);
    if (reading.kind === 'plain') {
      this.out.bytes(name);
      this.out.field(bytes);
      return true;
    }
    if (reading.kind !== 'decode' || bytes === null) return false;
    const write = reading.codec.jsonTextWriter?.();
    if (write === undefined) return false;
    this.out.bytes(name);
    if (!write(bytes, reading.start, this.out)) return false;
    this.out.bytes(schemaName);
    this.out.bytes(this.labelJson(reading.label));
    return true;
  }

  private labelJson(label: SchemaLabel): Buffer {
    let json = this.labels.get(label);
    if (json === undefined) {
      json = Buffer.from(escapeJsonForTerminal(JSON.stringify(label)), 'utf8');
      this.labels.set(label, json);
    }
    return json;
  }
}
