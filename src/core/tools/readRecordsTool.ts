import type { KafkaSession } from '../session';
import { partitionWatermarks } from '../partitionWatermarks';
import { replayFromBatches } from '../replay';
import { replayStarts } from '../replayStarts';
import { parseTime } from '../time';
import { UsageError } from '../errors';
import type { StartPosition } from '../reader/startPosition';
import { defineTool, type ToolInput } from './toolDefinition';
import { CONNECTION_FIELD, flag, MAX_PARTITION, requiredName, text, wholeNumber } from './toolInput';
import { existingTopic } from './existingTopic';
import { previewRecord, RECORD_LIMIT, VALUE_PREVIEW_BYTES, type RecordPreview } from '../rendering/agentPreview';
import { searchBatches } from '../search/searchRecords';
import type { SearchCriteria } from '../search/searchCriteria';
import type { PartitionBatch } from '../reader/partitionReader';
import type { RecordDecoder } from '../formats/recordDecoder';
import { previewDecodedRecord, type DecodedRecordPreview } from '../rendering/agentDecodedPreview';
import { counted } from '../counted';

const DEFAULT_RECORDS = 10;
const DEFAULT_SCAN_LIMIT = 10_000;
const MAX_SCAN_LIMIT = 100_000;

type ReadStart = StartPosition | { kind: 'last'; count: number };

const READ_INPUT = {
  connection: CONNECTION_FIELD,
  topic: requiredName('The exact topic name.'),
  partition: wholeNumber(0, MAX_PARTITION, 'Read only this partition. Default: every partition.').optional(),
  last: wholeNumber(1, RECORD_LIMIT, 'Start so that the newest N records are read (the default start).').optional(),
  fromOffset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'Start at this offset (in every partition read).').optional(),
  fromTime: requiredName('Start at the first record at or after this time: ISO 8601, epoch milliseconds, or relative (-15m, -2h, -1d).').optional(),
  fromBeginning: flag('Start at the first record still kept.').optional(),
  maxRecords: wholeNumber(1, RECORD_LIMIT, `How many records to return, at most ${RECORD_LIMIT}. Default ${DEFAULT_RECORDS}.`).optional(),
  key: text('Keep only records whose key is exactly this text.').optional(),
  valueContains: text('Keep only records whose value contains this text (case-sensitive).').optional(),
  where: text(
    'Keep only records for which this CEL expression is true, e.g. value.status == "failed" (value is the decoded value, or the value parsed as JSON; also key, headers, partition, offset, timestamp).',
  ).optional(),
  scanLimit: wholeNumber(1, MAX_SCAN_LIMIT, `With a filter: how many records to scan at most. Default ${DEFAULT_SCAN_LIMIT}.`).optional(),
};

/** Where a read may start; at most one is given. */
const STARTS = ['last', 'fromOffset', 'fromTime', 'fromBeginning'] as const;

export const readRecordsTool = defineTool({
  name: 'ebx_readRecords',
  displayName: 'Read Records',
  toolReferenceName: 'brokerRecords',
  userDescription: 'Reads records of a topic (the last N, or from an offset or a time), optionally only those with a key or containing a text; Avro, Protobuf and JSON Schema values decoded. Never joins a consumer group.',
  modelDescription:
    `Reads at most ${RECORD_LIMIT} records of a topic without joining or creating a consumer group (nothing is committed), one JSON object per line: ` +
    'partition, offset, time (ISO 8601), key, value, headers. Where to start: "last" (the newest N records; the default, N = maxRecords), "fromOffset", "fromTime" ' +
    '(ISO 8601, epoch milliseconds, or relative like -15m, -2h, -1d) or "fromBeginning" — give at most one. "partition" reads one partition, otherwise every partition. ' +
    '"key" keeps records whose key is exactly that text, "valueContains" those whose value contains a text (case-sensitive bytes), "where" those for which a CEL expression over ' +
    'the record is true (value is the decoded value, or the value parsed as JSON: value.status == "failed" && value.amount > 100; also key, headers, partition, offset, timestamp); filters combine with AND, and up to ' +
    `"scanLimit" records (default ${DEFAULT_SCAN_LIMIT}) are scanned. Values longer than ${VALUE_PREVIEW_BYTES} bytes are truncated with their size noted, and binary (non-UTF-8) ` +
    'keys and values are summarised as "<binary, N bytes, base64 prefix …>". When the topic has a record format (Avro, Protobuf, JSON Schema, or the Confluent wire format ' +
    'with a schema registry), keys and values are decoded: the value is its JSON itself, with "valueSchema" {format, id, name} saying how it was read ("keySchema" for the key); ' +
    'one that does not decode is summarised as binary with "valueError", one sentence. The last line says where to continue (fromOffset) when more records may follow. ' +
    'Use it to show example events, find failed orders by text, or check what a consumer will read next.',
  input: READ_INPUT,
  changes: false,
  async run(context, input, signal) {
    const { topic, partition } = input;
    const maxRecords = input.maxRecords ?? DEFAULT_RECORDS;
    const start = readStart(input, maxRecords);
    const criteria: SearchCriteria = { key: input.key, valueContains: input.valueContains, where: input.where };
    const filtered = criteria.key !== undefined || criteria.valueContains !== undefined || criteria.where !== undefined;
    const scanLimit = input.scanLimit ?? DEFAULT_SCAN_LIMIT;
    const { session, connection } = await context.session(input.connection);
    const meta = await existingTopic(session, topic);
    // The topic's record formats: keys and values shown decoded, and `where` sees the decoded fields.
    const found = await context.recordFormats?.decoderFor(connection.name, topic);
    const decoder = found?.readsFormats ? found : undefined;
    if (partition !== undefined && !meta.partitions.some((p) => p.partition === partition)) {
      throw new UsageError(`${topic} has no partition ${partition}: it has partitions 0 to ${meta.partitions.length - 1}.`);
    }
    const partitions = partition === undefined ? undefined : [partition];
    const starts = await startOffsets(session, topic, start, partitions, filtered ? scanLimit : undefined);
    const newest = start.kind === 'last' ? start.count : undefined;
    const batches = filtered
      ? // The search core: its matcher on the raw bytes, its scan limit; positions advance past every record looked at.
        searchBatches(session, { topic, start: { kind: 'beginning' }, resumeFrom: starts, criteria, maxMatches: newest === undefined ? maxRecords : scanLimit, maxScan: scanLimit, signal, decoder })
      : replayFromBatches(session, { topic, starts, max: newest === undefined ? maxRecords : scanLimit, signal });
    const read = await collect(batches, starts, { newest, max: maxRecords, scanLimit, decoder });
    const where = partition === undefined ? `${topic} (all ${meta.partitions.length} partitions)` : `${topic} partition ${partition}`;
    const filters = [
      criteria.key !== undefined ? `key "${criteria.key}"` : '',
      criteria.valueContains !== undefined ? `value containing "${criteria.valueContains}"` : '',
      criteria.where !== undefined ? `where ${criteria.where}` : '',
    ].filter(Boolean).join(', ');
    const heading =
      `${counted(read.records.length, 'record')} from ${where}, ${startText(start)}${filtered ? `, ${filters} (${read.scanned} scanned)` : ''}; ` +
      'read without a consumer group.';
    const lines = read.records.map((r) => JSON.stringify(r));
    const next = read.more && start.kind !== 'last' ? `\nMore may follow: continue with fromOffset ${nextText(read.next)}.` : '';
    return `${heading}${lines.length > 0 ? `\n${lines.join('\n')}` : ''}${next}`;
  },
});

function readStart(input: ToolInput<typeof READ_INPUT>, maxRecords: number): ReadStart {
  const given = STARTS.filter((field) => input[field] !== undefined);
  if (given.length > 1) throw new UsageError(`Give only one of ${STARTS.map((f) => `"${f}"`).join(', ')} (got ${given.join(' and ')}).`);
  if (input.fromOffset !== undefined) return { kind: 'offset', offset: input.fromOffset };
  if (input.fromTime !== undefined) return { kind: 'time', time: parseTime(input.fromTime) };
  if (input.fromBeginning === true) return { kind: 'beginning' };
  return { kind: 'last', count: input.last ?? maxRecords };
}

async function startOffsets(session: KafkaSession, topic: string, start: ReadStart, partitions: number[] | undefined, scanBack: number | undefined) {
  if (start.kind !== 'last') return (await replayStarts(session, topic, start, partitions)).starts;
  const marks = (await partitionWatermarks(session, [topic])).filter((p) => partitions === undefined || partitions.includes(p.partition));
  // With a filter, look back over the scan limit (shared by the partitions) for the newest matches.
  const back = scanBack === undefined ? start.count : Math.max(start.count, Math.ceil(scanBack / Math.max(1, marks.length)));
  return marks.map((p) => ({ partition: p.partition, offset: Math.max(p.low, p.high - back) }));
}

type Preview = RecordPreview | DecodedRecordPreview;

interface ReadResult {
  records: Preview[];
  scanned: number;
  /** True when a limit, not the end of the data, stopped the read. */
  more: boolean;
  next: Map<number, number>;
}

/**
 * The records of a read, bounded: the first `max`, or with `newest` the newest that many (sorted by
 * time). Every record looked at moves its partition's next offset, so "more may follow" can say where.
 */
async function collect(
  batches: AsyncGenerator<PartitionBatch, unknown>,
  starts: { partition: number; offset: number }[],
  options: { newest?: number; max: number; scanLimit: number; decoder?: RecordDecoder },
): Promise<ReadResult> {
  const { decoder } = options;
  const kept: Preview[] = [];
  const next = new Map(starts.map((s) => [s.partition, s.offset]));
  let seen = 0;
  let more = false;
  let summary: { scanned: number; stoppedBecause: string; resumeFrom: { partition: number; offset: number }[] } | undefined;
  for (;;) {
    const step = await batches.next();
    if (step.done) {
      summary = step.value as typeof summary;
      break;
    }
    const batch = step.value;
    // The registry ids of the batch are fetched before its records are read (each id once per decoder).
    if (decoder) await decoder.prepare(batch.records);
    for (const record of batch.records) {
      seen++;
      next.set(batch.partition, record.offset + 1);
      kept.push(decoder ? previewDecodedRecord(batch.partition, record, decoder) : previewRecord(batch.partition, record));
    }
    // "last N": keep only the newest N seen so far; otherwise stop at the first N.
    if (options.newest !== undefined && kept.length > options.newest * 2) trimToNewest(kept, options.newest);
    if (options.newest === undefined && kept.length >= options.max) {
      more = true;
      await batches.return(undefined);
      break;
    }
  }
  if (summary) {
    // A search reports what it looked at (matching or not) and where each partition stopped.
    for (const p of summary.resumeFrom) next.set(p.partition, p.offset);
    more = more || summary.stoppedBecause === 'maxMatches' || summary.stoppedBecause === 'maxScan';
  } else if (seen >= options.scanLimit) {
    more = true;
  }
  if (options.newest !== undefined) trimToNewest(kept, Math.min(options.newest, options.max));
  else kept.splice(options.max);
  kept.sort(byTime);
  return { records: kept, scanned: summary?.scanned ?? seen, more, next };
}

function trimToNewest(records: Preview[], count: number): void {
  records.sort(byTime);
  records.splice(0, Math.max(0, records.length - count));
}

function byTime(a: Preview, b: Preview): number {
  const ta = typeof a.time === 'string' ? Date.parse(a.time) : a.time;
  const tb = typeof b.time === 'string' ? Date.parse(b.time) : b.time;
  return ta - tb || a.partition - b.partition || a.offset - b.offset;
}

function startText(start: ReadStart): string {
  switch (start.kind) {
    case 'last':
      return `the newest ${start.count}`;
    case 'beginning':
      return 'from the beginning';
    case 'end':
      return 'from the end';
    case 'offset':
      return `from offset ${start.offset}`;
    case 'time':
      return `from ${new Date(start.time).toISOString()}`;
  }
}

function nextText(next: Map<number, number>): string {
  const entries = [...next].sort((a, b) => a[0] - b[0]);
  return entries.length === 1 ? `${entries[0][1]} (partition ${entries[0][0]})` : entries.map(([p, o]) => `${o} in partition ${p}`).join(', ');
}
