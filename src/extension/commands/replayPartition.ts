import * as vscode from 'vscode';
import { replay } from '../../core/replay';
import { parseTime } from '../../core/time';
import { NoEventAtTimeError, UsageError } from '../../core/errors';
import { recordJsonLine } from '../../core/recordLine';
import type { StartPosition } from '../../core/reader/startPosition';
import type { PartitionInfo } from '../../core/model';
import type { ConnectionStore } from '../connections/connectionStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { PartitionNode } from '../tree/partitionNode';
import { pickConnection, pickPartition, pickTopic } from './pickers';
import type { ReplayDocuments } from './replayDocuments';

export interface ReplayResult {
  document: vscode.TextDocument;
  count: number;
  startOffset: number;
}

/** Replay Partition…: from a partition node, or pickers (connection → topic → partition) from the palette. */
export async function replayPartitionCommand(store: ConnectionStore, prompter: Prompter, documents: ReplayDocuments, node?: unknown): Promise<ReplayResult | undefined> {
  let connection: BrokerConnection;
  let topic: string;
  let partition: PartitionInfo;
  if (node instanceof PartitionNode) {
    ({ connection, topic, info: partition } = node);
  } else {
    connection = await pickConnection(store, prompter);
    const session = await store.session(connection);
    topic = await pickTopic(session, prompter, 'Replay Partition: topic');
    partition = await pickPartition(session, topic, prompter, `Replay Partition: ${topic}`);
  }
  const start = await askStart(prompter, partition);
  const max = await askMax(prompter);
  const session = await store.session(connection);
  const where = `${topic} partition ${partition.partition}`;

  let startOffset = -1;
  const lines: string[] = [];
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Replaying ${where}`, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const records = replay(session, { topic, partition: partition.partition, start, max, signal: controller.signal, onStart: (s) => (startOffset = s.offset) });
        for await (const batch of records) {
          for (const r of batch) lines.push(recordJsonLine(r));
          progress.report({ message: `${lines.length} of at most ${max} records (from offset ${startOffset})`, increment: (batch.length / max) * 100 });
        }
        if (controller.signal.aborted) throw new Cancelled();
      },
    );
  } catch (err) {
    if (err instanceof NoEventAtTimeError) {
      void vscode.window.showWarningMessage(err.message);
      return undefined;
    }
    throw err;
  }
  const document = await documents.open(`${topic}-p${partition.partition}-from-${startOffset}`, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  const resolved = start.kind === 'time' ? ` (the first record at or after ${new Date(start.time).toISOString()})` : '';
  void vscode.window.showInformationMessage(
    lines.length === 0 ? `No records in ${where} from offset ${startOffset}${resolved}.` : `Replayed ${lines.length} records of ${where} from offset ${startOffset}${resolved}.`,
  );
  return { document, count: lines.length, startOffset };
}

async function askStart(prompter: Prompter, partition: PartitionInfo): Promise<StartPosition> {
  const kind = await prompter.pickOne(
    [
      { label: 'Beginning', description: `offset ${partition.low}`, value: 'beginning' as const },
      { label: 'End', description: `offset ${partition.high}≈ — only records that arrive`, value: 'end' as const },
      { label: 'Offset…', description: `${partition.low} to ${partition.high}≈`, value: 'offset' as const },
      { label: 'Time…', description: 'ISO 8601, epoch ms, or relative like -15m', value: 'time' as const },
    ],
    { title: 'Replay from', placeHolder: 'Where should the replay start?' },
  );
  if (!kind) throw new Cancelled();
  if (kind === 'beginning' || kind === 'end') return { kind };
  if (kind === 'offset') {
    const text = await prompter.input({
      title: 'Replay from offset',
      prompt: `An offset from ${partition.low} to ${partition.high} (the end is approximate on VAST)`,
      value: String(partition.low),
      validateInput: (value) => offsetProblem(value, partition),
    });
    if (text === undefined) throw new Cancelled();
    const problem = offsetProblem(text, partition);
    if (problem) throw new UsageError(problem);
    return { kind: 'offset', offset: Number(text.trim()) };
  }
  const text = await prompter.input({
    title: 'Replay from time',
    prompt: 'ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d)',
    value: '-15m',
    validateInput: (value) => timeProblem(value),
  });
  if (text === undefined) throw new Cancelled();
  return { kind: 'time', time: parseTime(text) };
}

export function offsetProblem(text: string, partition: Pick<PartitionInfo, 'low' | 'high'>): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'An offset is a whole number, 0 or more.';
  const offset = Number(trimmed);
  if (!Number.isSafeInteger(offset)) return 'That offset is too large.';
  if (offset < partition.low) return `Offset ${offset} is gone: the first available offset is ${partition.low}.`;
  if (offset > partition.high) return `Offset ${offset} is past the end (about ${partition.high}).`;
  return undefined;
}

function timeProblem(text: string): string | undefined {
  try {
    parseTime(text);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

async function askMax(prompter: Prompter): Promise<number> {
  const fallback = readSettings().replayDefaultMaxRecords;
  const text = await prompter.input({
    title: 'Replay: at most how many records?',
    value: String(fallback),
    validateInput: (value) => (/^\s*[1-9]\d*\s*$/.test(value) && Number(value) <= 10_000_000 ? undefined : 'A whole number from 1 to 10,000,000.'),
  });
  if (text === undefined) throw new Cancelled();
  const max = Number(text.trim());
  if (!Number.isSafeInteger(max) || max < 1 || max > 10_000_000) throw new UsageError('The maximum must be a whole number from 1 to 10,000,000.');
  return max;
}
