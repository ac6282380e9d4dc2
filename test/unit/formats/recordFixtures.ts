// The records Apache Avro's and Google's Protobuf Python libraries wrote (test/fixtures/records,
// made by generate.py) and what they say was written. The fixture's Avro conventions ({hex},
// {decimal}, {timestamp}, {date}) are translated here into our mapping (docs/formats.md), so the
// tests compare our decoder's output as it is, not a converted copy of it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JsonValue } from '../../../src/core/formats/formatTypes';

// Compiled tests run from out/test/unit/formats: the fixtures stay in the source tree.
export const RECORDS_DIR = [path.resolve(__dirname, '../../../../test/fixtures/records'), path.resolve(__dirname, '../../fixtures/records')].find((dir) =>
  fs.existsSync(path.join(dir, 'expected.json')),
)!;

export interface FixtureRecord {
  file: string;
  format: 'avro' | 'protobuf';
  schema: string;
  record: number;
  wire: 'raw' | 'confluent';
  schemaId?: number;
  headerHex?: string;
  message?: string;
  messageIndexes?: number[];
  written: JsonValue;
  readWith?: Record<string, JsonValue>;
}

interface Expected {
  records: FixtureRecord[];
  schemas: Record<string, { file: string; id: number; type: string }>;
}

export const expected = JSON.parse(fs.readFileSync(path.join(RECORDS_DIR, 'expected.json'), 'utf8')) as Expected;

export function fixtureBytes(file: string): Buffer {
  return fs.readFileSync(path.join(RECORDS_DIR, file));
}

export function schemaText(schemaFile: string): string {
  return fs.readFileSync(path.join(RECORDS_DIR, expected.schemas[schemaFile].file), 'utf8');
}

export function schemaPath(schemaFile: string): string {
  return path.join(RECORDS_DIR, expected.schemas[schemaFile].file);
}

/** The Avro record schema's timestamp fields and their digits (millis: 3, micros: 6). */
function timestampDigits(avsc: string): Map<string, 3 | 6> {
  const digits = new Map<string, 3 | 6>();
  const schema = JSON.parse(avsc) as { fields: { name: string; type: unknown }[] };
  for (const field of schema.fields) {
    const logical = (field.type as { logicalType?: string } | null)?.logicalType;
    if (logical === 'timestamp-millis') digits.set(field.name, 3);
    if (logical === 'timestamp-micros') digits.set(field.name, 6);
  }
  return digits;
}

/** Python's isoformat ("…05.678000Z", or no fraction at all) as our form: exactly 3 or 6 digits. */
function isoWithDigits(text: string, digits: 3 | 6): string {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!m) throw new Error(`not a fixture timestamp: ${text}`);
  const fraction = (m[2] ?? '').padEnd(6, '0');
  if (digits === 3 && !fraction.endsWith('000')) throw new Error(`a millisecond timestamp with microseconds: ${text}`);
  return `${m[1]}.${fraction.slice(0, digits)}Z`;
}

function isOnly(value: { [key: string]: JsonValue }, key: string): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === key;
}

/** An Avro record as the fixture writes it, in our JSON mapping. */
export function avroExpected(value: JsonValue, avsc: string): JsonValue {
  const digits = timestampDigits(avsc);
  const walk = (v: JsonValue, key: string | undefined): JsonValue => {
    if (Array.isArray(v)) return v.map((item) => walk(item, undefined));
    if (v === null || typeof v !== 'object') return v;
    if (isOnly(v, 'hex')) return { base64: Buffer.from(v.hex as string, 'hex').toString('base64') };
    if (isOnly(v, 'decimal') || isOnly(v, 'date')) return Object.values(v)[0];
    if (isOnly(v, 'timestamp')) {
      const d = key === undefined ? undefined : digits.get(key);
      if (!d) throw new Error(`a timestamp in a field the schema does not say is one: ${key}`);
      return isoWithDigits(v.timestamp as string, d);
    }
    return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, k)]));
  };
  return walk(value, undefined);
}

/** The .proto files of the fixtures, as protobufCodec's source. */
export function protoSource(schemaFile: string): { fileName: string; text: string } {
  return { fileName: schemaFile, text: schemaText(schemaFile) };
}

/** The HOSTILE strings of generate.py, as the fixtures carry them (record 3 of each version). */
export const HOSTILE = [
  '</script><img src=x onerror=alert(1)>',
  '\u001b[31mred\u001b[0m and \u001b]8;;http://x\u0007link',
  '\u202eevil.exe\u202c \u2066isolate\u2069',
  'tab\tnewline\ncarriage\rnul\u0000end',
  '\u{1F680} \u00e9\u0301 \u4e2d\u6587',
  '=HYPERLINK("http://x")',
];
