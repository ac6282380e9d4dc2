import * as vscode from 'vscode';
import { tailBatches } from '../../core/tail';
import { newRecordsOnlyWords } from '../../core/reader/newRecordsOnly';
import { explainError, isAbort } from '../../core/errors';
import { decodedPanelLines, recordPanelLines } from '../../core/rendering/recordLine';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import type { Logger } from '../../core/logger';
import type { KafkaSession } from '../../core/session';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { CommandId } from '../commandIds';
import { OutputBuffer } from './outputBuffer';
import { TailPanel } from './tailPanel';
import { counted } from '../../core/counted';
import type { TopicReading } from '../formats/topicReading';

/**
 * The panel is written at most every two seconds when busy, a quarter of a second after a quiet spell
 * (OutputBuffer), so fetching more often than this only costs the extension host: at 5,000
 * records/s one fetch per few records was most of its CPU (bench/vscodeTail.mjs,
 * EBX_BENCH_PROFILE_HOST). A record of a quiet tail reaches the panel within ~450 ms.
 */
const PANEL_FETCH_INTERVAL_MS = 200;

export interface RunningTail {
  id: string;
  connectionId: string;
  topic: string;
  panel: TailPanel;
  count: number;
  startedAt: number;
  /** Settles once the tail knows where each partition ends (it shows records produced after that). */
  started: Promise<void>;
  stop(): void;
}

/**
 * Running tails: each writes to its own output panel "Event Broker: <topic>" in batches, shows a
 * status-bar item with its count and rate (click to stop), and stops with its connection and
 * with the window. No group is joined and nothing is committed (core's tail reads group-less).
 */
export class TailManager implements vscode.Disposable {
  private readonly tails = new Map<string, RunningTail>();
  private readonly panels = new Map<string, TailPanel>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly logger: Logger,
    private readonly maxLines: () => number,
  ) {}

  running(): RunningTail[] {
    return [...this.tails.values()];
  }

  find(connectionId: string, topic: string): RunningTail | undefined {
    return this.tails.get(`${connectionId}\u0000${topic}`);
  }

  /**
   * `reading`: the topic's record format, when it has one: lines show decoded values, and each problem
   * it meets (a registry down) is one line in the panel. Without it lines come straight from the bytes.
   */
  start(connection: BrokerConnection, session: KafkaSession, topic: string, options: { lastPerPartition?: number; reading?: TopicReading } = {}): RunningTail {
    const id = `${connection.id}\u0000${topic}`;
    const existing = this.tails.get(id);
    if (existing) {
      existing.panel.show();
      return existing;
    }
    // One panel per topic name, reused by later tails of it.
    const name = `Event Broker: ${topic}`;
    const panel = this.panels.get(name) ?? new TailPanel(name);
    this.panels.set(name, panel);
    const buffer = new OutputBuffer(panel, this.maxLines());
    const controller = new AbortController();
    const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
    status.command = { command: 'eventBroker.stopTail' satisfies CommandId, title: 'Stop Tail', arguments: [{ tailId: id }] };
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const running: RunningTail = { id, connectionId: connection.id, topic, panel, count: 0, startedAt: Date.now(), started, stop: () => controller.abort() };
    this.tails.set(id, running);
    this.changed.fire();

    const drawStatus = () => {
      const seconds = Math.max(1, (Date.now() - running.startedAt) / 1000);
      status.text = `$(pulse) ${topic}: ${running.count.toLocaleString('en-US')} · ${Math.round(running.count / seconds)}/s`;
      status.tooltip = `Tailing ${topic} on ${connection.name} (no consumer group). Click to stop.`;
    };
    drawStatus();
    status.show();
    const statusTimer = setInterval(drawStatus, 1000);
    panel.show();

    const reading = options.reading;
    const stopHearing = reading?.problems.listen((sentence) => buffer.push([`— ${escapeForTerminal(sentence)}`]));
    void (async () => {
      try {
        // Records as fetched, turned into panel lines straight from their bytes (no record objects).
        const batches = tailBatches(session, {
          topic,
          lastPerPartition: options.lastPerPartition,
          signal: controller.signal,
          minFetchIntervalMs: PANEL_FETCH_INTERVAL_MS,
          onStart: (positions, skip) => {
            buffer.push([
              `— tailing ${topic} on ${escapeForTerminal(connection.name)}: ${counted(positions.length, 'partition')}, from ${positions.map((p) => `p${p.partition}@${p.offset}`).join(' ')} (no consumer group, nothing committed)${skip ? `; ${newRecordsOnlyWords(skip)}` : ''}${reading?.readAs ? `; reading ${escapeForTerminal(reading.readAs)}` : ''}`,
            ]);
            markStarted();
          },
        });
        for await (const list of batches) {
          for (const batch of list) {
            running.count += batch.records.length;
            if (reading) {
              // Each schema id is fetched once; a record that does not read is its bytes and one sentence, never a stop.
              await reading.decoder.prepare(batch.records);
              buffer.push(decodedPanelLines(batch.topic, batch.partition, batch.records, reading.decoder));
            } else {
              buffer.push(recordPanelLines(batch.topic, batch.partition, batch.records));
            }
          }
        }
        buffer.push([`— tail stopped after ${counted(running.count, 'record')}`]);
      } catch (err) {
        if (!isAbort(err)) {
          const sentence = explainError(err);
          this.logger.error(`tail of ${topic} failed: ${sentence}`);
          // A broker's error text is not ours either: no raw control characters in the panel.
          buffer.push([`— tail stopped: ${escapeForTerminal(sentence)}`]);
          void vscode.window.showErrorMessage(`Tail of ${topic} stopped: ${sentence}`);
        } else {
          buffer.push([`— tail stopped after ${counted(running.count, 'record')}`]);
        }
      } finally {
        // A tail that failed before it started has started as far as a waiter cares: it will show nothing.
        markStarted();
        stopHearing?.();
        clearInterval(statusTimer);
        buffer.dispose();
        status.dispose();
        this.tails.delete(id);
        this.changed.fire();
      }
    })();
    return running;
  }

  stopConnection(connectionId: string): void {
    for (const t of this.tails.values()) if (t.connectionId === connectionId) t.stop();
  }

  stopAll(): void {
    for (const t of this.tails.values()) t.stop();
  }

  dispose(): void {
    this.stopAll();
    this.panels.forEach((p) => p.dispose());
    this.changed.dispose();
  }
}
