// Shared set-up for tests that talk to the real broker: sessions, unique names, records produced
// with kafkajs or Debian's kcat (for compressed batches), and a real consumer group to observe.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { AclOperationTypes, AclPermissionTypes, AclResourceTypes, Kafka, logLevel, Partitioners, ResourcePatternTypes, type Consumer } from 'kafkajs';
import { KafkaSession } from '../../src/core/session';
import { createTopic } from '../../src/core/topics/createTopicPlan';
import { produce, type RecordToSend } from '../../src/core/topics/produce';
import type { ConnectionOptions } from '../../src/core/connection';
import type { ShownRecord } from '../../src/core/model';
import { testBroker } from './brokerEnv';

const run = promisify(execFile);

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export function connection(overrides: Partial<ConnectionOptions> = {}): ConnectionOptions {
  return { bootstrap: testBroker().bootstrap, timeoutMs: 15_000, ...overrides };
}

export function openSession(overrides: Partial<ConnectionOptions> = {}): KafkaSession {
  return KafkaSession.open(connection(overrides));
}

export async function topicWith(session: KafkaSession, prefix: string, partitions: number, records: RecordToSend[] = []): Promise<string> {
  const name = uniqueName(prefix);
  await createTopic(session, { name, partitions });
  if (records.length > 0) await produce(session, name, records);
  return name;
}

export async function collect(stream: AsyncIterable<ShownRecord[]>): Promise<ShownRecord[]> {
  const out: ShownRecord[] = [];
  for await (const batch of stream) out.push(...batch);
  return out;
}

/** Produces one batch with kcat, compressed with the given codec (librdkafka writes real compressed batches). */
export async function kcatProduce(topic: string, partition: number, lines: string[], codec: 'gzip' | 'snappy' | 'lz4' | 'zstd'): Promise<void> {
  const child = execFile('kcat', ['-P', '-b', testBroker().bootstrap.join(','), '-t', topic, '-p', String(partition), '-z', codec, '-X', 'linger.ms=50', '-X', 'batch.num.messages=10000'], {
    timeout: 30_000,
  });
  child.stdin!.end(lines.join('\n') + '\n');
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`kcat exited ${code}`))));
  });
}

export async function kcatAvailable(): Promise<boolean> {
  try {
    await run('kcat', ['-V']);
    return true;
  } catch {
    return false;
  }
}

/** A plain kafkajs client, used to play the part of an application (a consumer group that commits). */
export function applicationKafka(): Kafka {
  return new Kafka({ clientId: 'test-application', brokers: testBroker().bootstrap, logLevel: logLevel.NOTHING });
}

/** Every consumer group on the broker, sorted: a read that joins no group leaves this list as it was. */
export async function groupIds(): Promise<string[]> {
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    return (await admin.listGroups()).groups.map((g) => g.groupId).sort();
  } finally {
    await admin.disconnect();
  }
}

/** Joins `groupId` with a real consumer, reads and commits the first `count` records of `topic`, and stays a member. */
export async function liveConsumer(groupId: string, topic: string, count: number): Promise<Consumer> {
  const consumer = applicationKafka().consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 500, rebalanceTimeout: 10_000 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let seen = 0;
  let done: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  if (count === 0) done!();
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ topic: t, partition, message }) => {
      // Commit exactly the first `count` records (a consumer asked for 0 never commits), after processing.
      if (seen >= count) return;
      await consumer.commitOffsets([{ topic: t, partition, offset: String(Number(message.offset) + 1) }]);
      if (++seen >= count) done();
    },
  });
  await finished;
  return consumer;
}

/**
 * Produces `values` to partition 0 in one committed transaction, and returns once the commit marker
 * is in the partition: the broker writes markers after EndTxn has answered, so without the wait a
 * record produced next can land before the marker (and a busy broker can delay it past several).
 */
export async function transactionalProduce(topic: string, values: string[]): Promise<void> {
  const kafka = applicationKafka();
  const admin = kafka.admin();
  await admin.connect();
  const endOffset = async () => Number((await admin.fetchTopicOffsets(topic)).find((p) => p.partition === 0)?.high ?? 0);
  const producer = kafka.producer({
    transactionalId: uniqueName('tx'),
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  try {
    const before = await endOffset();
    await producer.connect();
    const tx = await producer.transaction();
    await tx.send({ topic, messages: values.map((value) => ({ value, partition: 0 })) });
    await tx.commit();
    // The records, then the marker (one offset of its own). A deadline, not a timing expectation.
    const deadline = Date.now() + 60_000;
    while ((await endOffset()) < before + values.length + 1) {
      if (Date.now() > deadline) throw new Error(`${topic}: the transaction's commit marker was not written within 60 s`);
      await sleep(50);
    }
  } finally {
    await producer.disconnect();
    await admin.disconnect();
  }
}

/** Lets the local broker's `reader` user Read and Describe one topic (and nothing else), then waits for the ACLs to apply. */
export async function grantReaderTopicAccess(topic: string): Promise<void> {
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    const allow = (operation: AclOperationTypes) => ({
      resourceType: AclResourceTypes.TOPIC,
      resourceName: topic,
      resourcePatternType: ResourcePatternTypes.LITERAL,
      principal: 'User:reader',
      host: '*',
      operation,
      permissionType: AclPermissionTypes.ALLOW,
    });
    await admin.createAcls({ acl: [allow(AclOperationTypes.READ), allow(AclOperationTypes.DESCRIBE)] });
  } finally {
    await admin.disconnect();
  }
  await new Promise((r) => setTimeout(r, 500)); // ACLs propagate through the metadata log
}
