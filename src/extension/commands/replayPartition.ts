import * as vscode from 'vscode';
import { replayFrom, replayFromBatches } from '../../core/replay';
import { shownStored } from '../../core/recordsViewer/shownStored';
import { timeOrder } from '../../core/recordsViewer/recordView';
import type { KafkaSession } from '../../core/session';
import { replayStarts } from '../../core/replayStarts';
import { byTime, replayDocumentLines } from '../../core/replayDocument';
import { parseTime, timeProblem } from '../../core/time';
import { UsageError } from '../../core/errors';
import type { StartPosition } from '../../core/reader/startPosition';
import type { OlderRecordsSkip } from '../../core/reader/newRecordsOnly';
import type { PartitionInfo, ShownRecord } from '../../core/model';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { PartitionNode } from '../tree/partitionNode';
import { GroupOffsetNode } from '../tree/groupOffsetNode';
import { pickPartition } from './pickers';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { RecordStore } from '../../core/recordsViewer/recordStore';
import type { RecordsViewerPanel } from '../recordsViewer/recordsViewerPanel';
import { replaySource } from '../recordsViewer/replaySource';
import { counted } from '../../core/counted';
import { recordLimitProblem } from '../recordsViewer/recordLimit';
import { readingSummary, topicReading, type TopicReading } from '../formats/topicReading';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';

export interface ReplayResult {
  /** The JSON Lines document, when the replay opened one (without a records viewer). */
  document?: vscode.TextDocument;
  /** The JSON Lines document of what was read (made on demand when a viewer opened instead). */
  jsonLinesDocument(): Promise<vscode.TextDocument>;
  count: number;
  /** Where the first partition read started. */
  startOffset: number;
  startOffsets: { partition: number; offset: number }[];
  /** True when the limit cut the replay short: more records follow. */
  more: boolean;
  /** The records viewer it opened (when run with viewers; the document is then one click away). */
  viewer?: RecordsViewerPanel;
}

/** What a replay reads, once its start is known (from the pickers, Offsets for a Time, or a group's commit). */
export interface ReplayRequest {
  connection: BrokerConnection;
  topic: string;
  starts: { partition: number; offset: number }[];
  /** "beginning", "time -15m", "committed offset of billing"… — said in the document's first line. */
  startAsked: string;
  startTime?: number;
  nothingAfter?: number[];
  /** From the end: skip the records written before the start (replayStarts gives it). */
  skipOlder?: OlderRecordsSkip;
}

/** Replay Partition…: from a partition node, or pickers (connection → topic → partition or all) from the palette. */
export async function replayPartitionCommand(ctx: CommandContext, node?: unknown): Promise<ReplayResult | undefined> {
  if (node instanceof PartitionNode) return replayStartingAt(ctx, node.connection, node.topic, node.info);
  const { connection, topic } = await topicStep(ctx, node, 'Replay Partition: topic');
  const partition = await pickPartition(await ctx.store.session(connection), topic, ctx.prompter, `Replay Partition: ${topic}`, true);
  return replayStartingAt(ctx, connection, topic, partition);
}

/**
 * Replay Topic…: every partition of a topic in time order, from a topic row or pickers
 * (connection → topic) from the palette; the start is the beginning, the end or a time (an
 * offset means nothing across partitions). The same read as Replay Partition… → All partitions.
 */
export async function replayTopicCommand(ctx: CommandContext, node?: unknown): Promise<ReplayResult | undefined> {
  const { connection, topic } = await topicStep(ctx, node, 'Replay Topic: topic');
  return replayStartingAt(ctx, connection, topic, 'all');
}

/** Asks the start, resolves it on every partition read, then replays (with the record limit asked). */
async function replayStartingAt(ctx: CommandContext, connection: BrokerConnection, topic: string, partition: PartitionInfo | 'all'): Promise<ReplayResult | undefined> {
  const { start, asked } = await askStart(ctx.prompter, partition);
  const session = await ctx.store.session(connection);
  // A time is resolved now, so a time after the newest event is refused before any more questions.
  const { starts, nothingAfter, skipOlder } = await replayStarts(session, topic, start, partition === 'all' ? undefined : [partition.partition]);
  return replayWithLimit(ctx, { connection, topic, starts, nothingAfter, skipOlder, startAsked: asked, startTime: start.kind === 'time' ? start.time : undefined }, 'viewer');
}

/** Replay from Committed Offset: on a group's partition row, what the group would read next. */
export async function replayFromCommittedCommand(ctx: CommandContext, node?: unknown): Promise<ReplayResult | undefined> {
  if (!(node instanceof GroupOffsetNode)) throw new UsageError('Run Replay from Committed Offset on a partition row of a consumer group.');
  const { topic, partition, committed } = node.offset;
  if (committed === null) throw new UsageError(`${node.groupId} has no committed offset on ${topic} partition ${partition} yet: use Replay Partition… to pick a start.`);
  return replayWithLimit(ctx, { connection: node.connection, topic, starts: [{ partition, offset: committed }], startAsked: `the committed offset of ${node.groupId}` }, 'viewer');
}

/**
 * Replays and opens the records viewer (the JSON Lines document is then its "Open as JSON Lines")
 * or else the document. With the viewer nothing more is asked: the first read takes the default
 * record limit (eventBroker.replay.defaultMaxRecords) and the viewer's "per load" field changes it;
 * for a document, "at most how many records?" is asked.
 */
export async function replayWithLimit(ctx: CommandContext, request: ReplayRequest, into: 'viewer' | 'document'): Promise<ReplayResult> {
  const { store, prompter, documents } = ctx;
  const viewers = into === 'viewer' ? ctx.viewers : undefined;
  const { topic, starts } = request;
  // The topic's record format first: a setting that cannot work stops here, before anything is asked or read.
  const reading = await topicReading(ctx.formats, request.connection, topic);
  const max = viewers ? readSettings().replayDefaultMaxRecords : await askMax(prompter);
  const session = await store.session(request.connection);
  const partitions = starts.map((s) => s.partition);
  const where = partitions.length === 1 ? `${topic} partition ${partitions[0]}` : `${topic} (${partitions.length} partitions)`;
  const summary = { topic, partitions, startAsked: request.startAsked, startTime: request.startTime, starts, nothingAfter: request.nothingAfter ?? [], skipOlder: request.skipOlder, limit: max, ...readingSummary(reading) };
  const from = starts.length === 1 ? `from offset ${starts[0].offset}` : `from ${starts.map((s) => `p${s.partition}@${s.offset}`).join(' ')}`;
  const name = partitions.length === 1 ? `${topic}-p${partitions[0]}-from-${starts[0].offset}` : `${topic}-all-partitions`;
  const outcomeOf = (count: number, more: boolean) => (count === 0 ? `No records in ${where} ${from}.` : `Replayed ${counted(count, 'record')} of ${where}${more ? ' (more follow)' : ''}.`);
  const resultOf = (count: number, more: boolean) => ({ count, startOffset: starts[0]?.offset ?? -1, startOffsets: starts, more });

  if (!viewers) {
    const { records, more } = await readShown(session, request, where, max, reading);
    const text = `${replayDocumentLines(summary, partitions.length > 1 ? byTime(records) : records, more).join('\n')}\n`;
    const document = await documents.open(name, text);
    void vscode.window.showInformationMessage(outcomeOf(records.length, more));
    return { document, jsonLinesDocument: () => Promise.resolve(document), ...resultOf(records.length, more) };
  }

  // For the viewer, the records go straight from the fetched batches into its store, and the JSON
  // Lines document is made only when asked for: building and opening it for every replay took most
  // of the time before the viewer showed (a 100,000-record document is tens of megabytes). The
  // viewer opens first, so its page loads while the records are read.
  const loaded = new RecordStore(topic);
  let more = false;
  const firstText = () => `${replayDocumentLines(summary, shownInReplayOrder(loaded, partitions.length > 1, reading), more).join('\n')}\n`;
  const scope = partitions.length === 1 ? `${topic} · partition ${partitions[0]}` : `${topic} · partitions ${partitions.join(', ')}`;
  const source = replaySource({ session, documents, documentName: name, firstDocumentText: firstText, summary, where, max, firstSummary: `Reading ${where} ${from}…`, firstMore: () => more, scope, reading });
  const viewer = viewers.show(request.connection, loaded, source, reading);
  viewer.firstReadStarted();
  try {
    more = await readInto(loaded, session, request, where, max, reading);
  } catch (err) {
    // Cancelled or failed: no half-read viewer stays open (the error is reported as before).
    viewer.dispose();
    throw err;
  }
  viewer.firstReadDone(`${outcomeOf(loaded.length, more)} From ${request.startAsked}${starts.length === 1 ? ` (offset ${starts[0].offset})` : ''}.`);
  return { viewer, jsonLinesDocument: () => documents.prepare(name, firstText()), ...resultOf(loaded.length, more) };
}

/**
 * Reads up to max records (and one more, which says whether more follow) as shown records, with
 * progress and cancel; read with the topic's record format when it has one (each batch's schemas
 * fetched as it arrives).
 */
async function readShown(session: KafkaSession, request: ReplayRequest, where: string, max: number, reading: TopicReading | undefined): Promise<{ records: ShownRecord[]; more: boolean }> {
  const records: ShownRecord[] = [];
  await withReplayProgress(where, async (signal, report) => {
    // One record past the limit tells whether more follow, without trusting the (approximate) end offset.
    const options = { topic: request.topic, starts: request.starts, max: max + 1, signal, skipOlder: request.skipOlder };
    if (reading) {
      const { decoder } = reading;
      for await (const batch of replayFromBatches(session, options)) {
        await decoder.prepare(batch.records);
        for (const record of batch.records) records.push(decoder.show(batch.topic, batch.partition, record));
        report(Math.min(records.length, max), batch.records.length);
      }
      return;
    }
    for await (const batch of replayFrom(session, options)) {
      for (const record of batch) records.push(record);
      report(Math.min(records.length, max), batch.length);
    }
  }, max);
  const more = records.length > max;
  return { records: records.slice(0, max), more };
}

/** Reads up to max records straight into the store (the one past the limit only says whether more follow). */
async function readInto(loaded: RecordStore, session: KafkaSession, request: ReplayRequest, where: string, max: number, reading: TopicReading | undefined): Promise<boolean> {
  let more = false;
  await withReplayProgress(where, async (signal, report) => {
    for await (const batch of replayFromBatches(session, { topic: request.topic, starts: request.starts, max: max + 1, signal, skipOlder: request.skipOlder })) {
      const room = max - loaded.length;
      if (batch.records.length > room) more = true;
      const records = batch.records.length > room ? batch.records.slice(0, room) : batch.records;
      // The schemas of ids not seen yet are fetched now, so the viewer's rows read synchronously later.
      if (reading && records.length > 0) await reading.decoder.prepare(records);
      if (records.length > 0) loaded.appendRaw(batch.partition, records);
      report(loaded.length, records.length);
    }
  }, max);
  return more;
}

async function withReplayProgress(where: string, read: (signal: AbortSignal, report: (count: number, added: number) => void) => Promise<void>, max: number): Promise<void> {
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Replaying ${where}`, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    await read(controller.signal, (count, added) => progress.report({ message: `${count} of at most ${counted(max, 'record')}`, increment: (added / max) * 100 }));
    if (controller.signal.aborted) throw new Cancelled();
  });
}

/** The store's records as the replay document lists them: read order for one partition, by time for several. */
function shownInReplayOrder(loaded: RecordStore, byTimestamp: boolean, reading: TopicReading | undefined): ShownRecord[] {
  const records: ShownRecord[] = [];
  const add = (i: number) => records.push(shownStored(loaded, i, reading?.decoder));
  if (byTimestamp) for (const i of timeOrder(loaded)) add(i);
  else for (let i = 0; i < loaded.length; i++) add(i);
  return records;
}

async function askStart(prompter: Prompter, partition: PartitionInfo | 'all'): Promise<{ start: StartPosition; asked: string }> {
  const one = partition === 'all' ? undefined : partition;
  const kind = await prompter.pickOne(
    [
      { label: 'Beginning', description: one ? `offset ${one.low}` : 'of every partition', value: 'beginning' as const },
      { label: 'End', description: `${one ? `offset ${one.high}≈` : 'of every partition'} — only records written from now on`, value: 'end' as const },
      ...(one ? [{ label: 'Offset…', description: `${one.low} to ${one.high}≈`, value: 'offset' as const }] : []),
      { label: 'Time…', description: 'ISO 8601, epoch ms, or relative like -15m', value: 'time' as const },
    ],
    { title: 'Replay from', placeHolder: 'Where should the replay start?' },
  );
  if (!kind) throw new Cancelled();
  if (kind === 'beginning' || kind === 'end') return { start: { kind }, asked: kind };
  if (kind === 'offset' && one) {
    const partition = one;
    const text = await prompter.input({
      title: 'Replay from offset',
      prompt: `An offset from ${partition.low}; the end, about ${partition.high}, can trail the newest records (VAST), so an offset past it is accepted`,
      value: String(partition.low),
      validateInput: (value) => offsetProblem(value, partition) ?? offsetNote(value, partition),
    });
    if (text === undefined) throw new Cancelled();
    const problem = offsetProblem(text, partition);
    if (problem) throw new UsageError(problem);
    return { start: { kind: 'offset', offset: Number(text.trim()) }, asked: `offset ${text.trim()}` };
  }
  const text = await prompter.input({
    title: 'Replay from time',
    prompt: 'ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d)',
    value: '-15m',
    validateInput: (value) => timeProblem(value),
  });
  if (text === undefined) throw new Cancelled();
  return { start: { kind: 'time', time: parseTime(text) }, asked: `time ${text.trim()}` };
}

export function offsetProblem(text: string, partition: Pick<PartitionInfo, 'low' | 'high'>): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'An offset is a whole number, 0 or more.';
  const offset = Number(trimmed);
  if (!Number.isSafeInteger(offset)) return 'That offset is too large.';
  if (offset < partition.low) return `Offset ${offset} is gone: the first available offset is ${partition.low}.`;
  // Past the reported end is accepted: on VAST that end trails the newest events (offsetNote says so).
  return undefined;
}

/** Not a problem, a note shown under the box (no warning): an offset past the approximate end may not hold records yet. */
function offsetNote(text: string, partition: Pick<PartitionInfo, 'high'>): vscode.InputBoxValidationMessage | undefined {
  const offset = Number(text.trim());
  if (!(offset > partition.high)) return undefined;
  return { message: `Past the reported end (about ${partition.high}), which can trail the newest records: records there may not have arrived yet.`, severity: vscode.InputBoxValidationSeverity.Info };
}

async function askMax(prompter: Prompter): Promise<number> {
  const fallback = readSettings().replayDefaultMaxRecords;
  const text = await prompter.input({
    title: 'Replay: at most how many records?',
    value: String(fallback),
    validateInput: recordLimitProblem,
  });
  if (text === undefined) throw new Cancelled();
  const max = Number(text.trim());
  if (!Number.isSafeInteger(max) || max < 1 || max > 10_000_000) throw new UsageError('The maximum must be a whole number from 1 to 10,000,000.');
  return max;
}

export const replayCommands = commandEntries(
  { id: 'eventBroker.replayPartition', fromSelection: [PartitionNode], run: replayPartitionCommand },
  { id: 'eventBroker.replayTopic', fromSelection: [TopicNode], run: replayTopicCommand },
  { id: 'eventBroker.replayFromCommitted', run: replayFromCommittedCommand },
);
