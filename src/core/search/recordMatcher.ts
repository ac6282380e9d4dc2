// Decides whether one fetched record matches the criteria, on the hot path of a search: key, text
// and header criteria compare the raw bytes (Buffer.equals / indexOf, no string per record), and
// only a `where` that reads `value` parses it as JSON — after the cheap criteria have passed.
import type { HeaderValue, RawRecord } from '../clusterAccess';
import type { FieldReading } from '../formats/fieldReading';
import type { RecordDecoder } from '../formats/recordDecoder';
import type { SearchCriteria } from './searchCriteria';
import { compileWhere, type WhereContext, type WhereExpression } from './whereExpression';

export type RecordMatcher = (record: RawRecord, partition: number) => boolean;

/**
 * Builds the matcher once per search; a bad `where` throws WhereExpressionError here, before any
 * read. With a decoder that reads formats, `where` sees the decoded key and value (issue 23): the
 * decoder must have `prepare`d each batch before its records are matched.
 */
export function recordMatcher(criteria: SearchCriteria, decoder?: RecordDecoder): RecordMatcher {
  const formats = decoder?.readsFormats ? decoder : undefined;
  const tests: RecordMatcher[] = [];
  if (criteria.key !== undefined) {
    const key = Buffer.from(criteria.key, 'utf8');
    tests.push((r) => r.key !== null && r.key.equals(key));
  }
  if (criteria.keyContains !== undefined) {
    const part = Buffer.from(criteria.keyContains, 'utf8');
    tests.push((r) => r.key !== null && r.key.indexOf(part) >= 0);
  }
  if (criteria.header !== undefined) {
    const name = criteria.header.name;
    const wanted = criteria.header.value === undefined ? undefined : Buffer.from(criteria.header.value, 'utf8');
    tests.push((r) => headerMatches(r.headers[name], Object.hasOwn(r.headers, name), wanted));
  }
  if (criteria.valueContains !== undefined) {
    const part = Buffer.from(criteria.valueContains, 'utf8');
    tests.push((r) => r.value !== null && r.value.indexOf(part) >= 0);
  }
  if (criteria.where !== undefined) {
    const where = compileWhere(criteria.where);
    tests.push((r, partition) => whereMatches(where, r, partition, formats));
  }
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0];
  return (record, partition) => {
    for (const test of tests) if (!test(record, partition)) return false;
    return true;
  };
}

function headerMatches(value: HeaderValue, present: boolean, wanted: Buffer | undefined): boolean {
  if (!present) return false;
  if (wanted === undefined) return true;
  if (Array.isArray(value)) return value.some((v) => v.equals(wanted));
  return value !== null && value !== undefined && value.equals(wanted);
}

const NOT_JSON = Symbol('not JSON');

function whereMatches(where: WhereExpression, record: RawRecord, partition: number, formats: RecordDecoder | undefined): boolean {
  const context: WhereContext = {};
  if (where.uses.has('value')) {
    const value = formats ? readJson(formats.readValue(record.value), record.value) : jsonOf(record.value);
    if (value === NOT_JSON) return false;
    context.value = value;
  }
  if (where.uses.has('key')) {
    const key = formats?.readKey(record.key);
    context.key = key?.ok ? key.value : record.key === null ? null : record.key.toString('utf8');
  }
  if (where.uses.has('headers')) context.headers = headersAsText(record.headers);
  if (where.uses.has('partition')) context.partition = partition;
  if (where.uses.has('offset')) context.offset = record.offset;
  if (where.uses.has('timestamp')) context.timestamp = record.timestamp;
  return where.test(context);
}

/** A decoded field's JSON; a field that failed to read matches nothing; one the format left plain is parsed as ever. */
function readJson(reading: FieldReading | undefined, bytes: Buffer | null): unknown {
  if (reading === undefined) return jsonOf(bytes);
  return reading.ok ? reading.value : NOT_JSON;
}

function jsonOf(bytes: Buffer | null): unknown {
  if (bytes === null || bytes.length === 0) return NOT_JSON;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function headersAsText(headers: RawRecord['headers']): Record<string, string | string[] | null> {
  // No prototype: a header named `__proto__` or `toString` is just a header.
  const out = Object.create(null) as Record<string, string | string[] | null>;
  for (const name in headers) {
    const value = headers[name];
    out[name] = Array.isArray(value) ? value.map((v) => v.toString('utf8')) : value === null || value === undefined ? null : value.toString('utf8');
  }
  return out;
}
