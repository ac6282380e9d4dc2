// Kafka's own console consumer (org.apache.kafka.tools.consumer.ConsoleConsumer, kafka-tools of the
// broker's release): a real Java consumer, which on Kafka 4 can join a group of the new consumer
// protocol (group.protocol=consumer, KIP-848) — kafkajs speaks only the classic one. The records it
// prints are counted, so a test waits for "it has read them all" as an event.
import { spawn } from 'node:child_process';
import { kafkaToolArgs } from './kafkaTools';
import { waitUntil } from './deadline';

const CONSOLE_CONSUMER = 'org.apache.kafka.tools.consumer.ConsoleConsumer';

export interface ConsoleConsumer {
  /** The values printed so far, one per record. */
  readonly values: string[];
  /** Resolves once `count` records were printed; fails naming what it saw when the consumer exits first or the deadline passes. */
  printed(count: number, ms: number): Promise<void>;
  /** SIGTERM: the consumer's shutdown hook closes it, and it leaves its group; resolves when the JVM has exited. */
  stop(): Promise<void>;
}

export interface ConsoleConsumerOptions {
  bootstrap: string;
  topic: string;
  group: string;
  /** kafka-tools release (the broker's). */
  version: string;
  /** --consumer-property key=value pairs (group.protocol=consumer, client.id…). */
  properties: Record<string, string>;
}

export function startConsoleConsumer(options: ConsoleConsumerOptions): ConsoleConsumer {
  const properties = Object.entries(options.properties).flatMap(([k, v]) => ['--consumer-property', `${k}=${v}`]);
  const args = [...kafkaToolArgs(CONSOLE_CONSUMER, options.version), '--bootstrap-server', options.bootstrap, '--topic', options.topic, '--group', options.group, '--from-beginning', ...properties];
  const child = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const values: string[] = [];
  let stderr = '';
  let partial = '';
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void exit.then(() => (exited = true));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop() ?? '';
    values.push(...lines);
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return {
    values,
    async printed(count, ms) {
      await waitUntil(() => values.length >= count || exited, ms, () => `${count} records from the console consumer (it printed ${values.length}; stderr: ${stderr.slice(-500)})`);
      if (values.length < count) throw new Error(`The console consumer exited after ${values.length} of ${count} records: ${stderr.slice(-1000)}`);
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}
