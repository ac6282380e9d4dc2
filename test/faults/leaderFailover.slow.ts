// (A .slow.ts file: run by `npm run test:faults`, not by `npm test`.)
// A three-node KRaft cluster (three JVMs, each controller and broker): the leader of a partition
// being replayed and tailed goes away - once SIGKILLed, once stopped cleanly - and the reader follows
// the new leader with no gap and no repeat. The topic has replication factor 3 and
// min.insync.replicas 2, and is produced with acks from all in-sync replicas, so every acknowledged
// record is on at least two nodes when its leader dies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KafkaSession } from '../../src/core/session';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import type { ShownRecord } from '../../src/core/model';
import type { Logger } from '../../src/core/logger';
import { killBroker, restartBroker, sleep, startOwnBroker, stopNode, stopOwnBroker, type OwnBroker } from '../support/faultsBroker';
import { assertExactlyOnceInOrder, createSeqTopic, produceSeq, testKafka } from '../support/faultsData';
import { uniqueName } from '../support/kafkaFixtures';
import { waitUntil, withDeadline } from '../support/deadline';

const warnings: string[] = [];
const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };

describe('leader failover in a three-node cluster', { timeout: 600_000 }, () => {
  let cluster: OwnBroker;
  before(async () => (cluster = await startOwnBroker(3)));
  after(() => stopOwnBroker(cluster));

  async function leaderOf(session: KafkaSession, topic: string, partition: number): Promise<number> {
    const meta = await session.cluster().topicMetadata(topic);
    return meta.partitions.find((p) => p.partition === partition)!.leader;
  }

  async function waitForNewLeader(session: KafkaSession, topic: string, partition: number, old: number): Promise<number> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const leader = await leaderOf(session, topic, partition).catch(() => -1);
      if (leader >= 0 && leader !== old) return leader;
      if (Date.now() > deadline) assert.fail(`no new leader for ${topic}/${partition} after 30 s`);
      await sleep(250);
    }
  }

  test('replay and tail follow the new leader after a SIGKILL and after a clean stop: no gap, no repeat', async () => {
    const kafka = testKafka(cluster.bootstrap);
    const topic = uniqueName('failover');
    const partitions = [0, 1];
    const before = 40_000; // per partition, present before the replay starts
    const phase = 5_000; // per partition, produced during the tail after each fault
    await createSeqTopic(kafka, topic, 2, 3, { 'min.insync.replicas': '2' });
    await produceSeq(kafka, topic, partitions, 0, before);

    const session = KafkaSession.open({ bootstrap: cluster.bootstrap, timeoutMs: 60_000 }, logger);
    const controller = new AbortController();
    const replayed: ShownRecord[] = [];
    const tailed: ShownRecord[] = [];
    const events: string[] = [];
    const t0 = Date.now();
    try {
      let tailStarted!: () => void;
      const tailReady = new Promise<void>((r) => (tailStarted = r));
      const tailing = (async () => {
        for await (const batch of tail(session, { topic, signal: controller.signal, onStart: () => tailStarted() })) tailed.push(...batch);
      })();
      await withDeadline(Promise.race([tailReady, tailing]), 60_000, 'start of the tail');

      // Fault 1: SIGKILL the leader of partition 0 while partition 0 is being replayed.
      const leader1 = await leaderOf(session, topic, 0);
      let killed: Promise<void> | undefined;
      const replaying = (async () => {
        for await (const batch of replay(session, { topic, partition: 0, start: { kind: 'beginning' } })) {
          replayed.push(...batch);
          if (!killed && replayed.length >= before / 3) {
            killed = (async () => {
              await killBroker(cluster, leader1);
              events.push(`SIGKILL node ${leader1} (leader of p0) after ${replayed.length} replayed`);
            })();
          }
          await sleep(60);
        }
      })();
      await withDeadline(replaying, 300_000, () => `end of the replay of ${before} records across the SIGKILL (it read ${replayed.length})`);
      await killed;
      const leader2 = await waitForNewLeader(session, topic, 0, leader1);
      events.push(`new leader of p0: node ${leader2}`);
      await produceSeq(kafka, topic, partitions, before, phase);
      const restartMs = await restartBroker(cluster, leader1);
      events.push(`node ${leader1} back in ${restartMs} ms`);

      // Fault 2: a clean stop (controlled shutdown) of the current leader while the tail runs and records arrive.
      const producing = produceSeq(kafka, topic, partitions, before + phase, phase, 500);
      await sleep(200);
      const leader3 = await leaderOf(session, topic, 0);
      await stopNode(cluster, leader3);
      events.push(`stopped node ${leader3} (leader of p0) cleanly while producing`);
      await producing;
      await restartBroker(cluster, leader3);

      const expectedTail = 2 * phase * partitions.length;
      await waitUntil(() => tailed.length >= expectedTail, 60_000, () => `${expectedTail} records in the tail after both faults (it has ${tailed.length})`, 200);
      await sleep(1_500); // anything extra (a repeat) would arrive now
      controller.abort();
      await withDeadline(tailing, 30_000, 'end of the tail after the abort');

      const r1 = assertExactlyOnceInOrder(replayed, new Map([[0, { from: 0, to: before }]]));
      const r2 = assertExactlyOnceInOrder(tailed, new Map(partitions.map((p) => [p, { from: before, to: before + 2 * phase }])));
      console.log(`failover: ${events.join('; ')}; replay ${r1.records} and tail ${r2.records} records checked; ${warnings.length} warnings; ${Date.now() - t0} ms`);
    } finally {
      controller.abort();
      await session.close();
    }
  });
});
