// (A .slow.ts file: run by `npm run test:faults`, not by `npm test`.)
// SIGKILL of a single broker in the middle of a long replay and of a tail, then a restart on the
// same data and ports: both resume by themselves, and every record of a sequence-numbered topic
// arrives exactly once and in partition order. Also: a broker that is down when a session starts
// or the CLI runs gives an error within the timeout, and the same session works once it is back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { KafkaSession } from '../../src/core/session';
import { replay } from '../../src/core/replay';
import { tail } from '../../src/core/tail';
import { listTopics } from '../../src/core/topics/listTopics';
import { explainError } from '../../src/core/errors';
import type { ShownRecord } from '../../src/core/model';
import type { Logger } from '../../src/core/logger';
import { freezeNode, killBroker, restartBroker, sleep, startOwnBroker, stopOwnBroker, type OwnBroker } from '../support/faultsBroker';
import { assertExactlyOnceInOrder, createSeqTopic, produceSeq, testKafka } from '../support/faultsData';
import { uniqueName } from '../support/kafkaFixtures';
import { waitUntil, withDeadline } from '../support/deadline';

const EBX = join(resolve(__dirname, '../../..'), 'bin/ebx.js');

/** Collects the reader's retry warnings: proof that the fault was seen, and how often it retried. */
function countingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const t0 = Date.now();
  const note = (m: string) => warnings.push(`+${Date.now() - t0} ms ${m}`);
  return { warnings, debug: () => undefined, info: note, warn: note, error: note };
}

describe('SIGKILL of the broker', { timeout: 600_000 }, () => {
  let broker: OwnBroker;
  before(async () => (broker = await startOwnBroker(1)));
  after(() => stopOwnBroker(broker));

  test('a replay of 200,000 records over 2 partitions survives two kills: each record once, in order', async () => {
    const kafka = testKafka(broker.bootstrap);
    const topic = uniqueName('kill-replay');
    const perPartition = 100_000;
    await createSeqTopic(kafka, topic, 2);
    await produceSeq(kafka, topic, [0, 1], 0, perPartition);

    // retryForMs of a replay is the session timeout: long enough to outlive a restart (on a shared
    // 2-core machine at load 20 a Kafka 4.4.0 restart alone took 48 s, and then more than 60 s).
    const logger = countingLogger();
    const session = KafkaSession.open({ bootstrap: broker.bootstrap, timeoutMs: 180_000 }, logger);
    const seen: ShownRecord[] = [];
    const kills: { at: number; killMs: number; restartMs: number }[] = [];
    let faults: Promise<void> = Promise.resolve();
    const killAt = [0.3, 0.65].map((f) => Math.floor(2 * perPartition * f));
    const t0 = Date.now();
    try {
      const readers = [0, 1].map(async (partition) => {
        for await (const batch of replay(session, { topic, partition, start: { kind: 'beginning' } })) {
          for (const r of batch) seen.push(r);
          if (killAt.length > 0 && seen.length >= killAt[0]) {
            const at = seen.length;
            killAt.shift();
            // Not awaited: the readers go on fetching (and failing) while the broker is down.
            faults = faults.then(async () => {
              const killMs = await killBroker(broker);
              logger.warn(`test: broker killed`);
              await sleep(1_000);
              const restartMs = await restartBroker(broker);
              logger.warn(`test: broker restarted`);
              kills.push({ at, killMs, restartMs });
            });
          }
          await sleep(40); // a consumer that takes its time, so the kills land mid-replay
        }
      });
      await withDeadline(Promise.all(readers), 300_000, () => `end of the replay of ${2 * perPartition} records across two kills (it read ${seen.length})`);
      await withDeadline(faults, 240_000, 'end of the kills and restarts');
    } catch (err) {
      console.log(`replay failed; what the reader logged:\n${logger.warnings.join('\n')}`);
      throw err;
    } finally {
      await session.close();
    }
    const report = assertExactlyOnceInOrder(seen, new Map([[0, { from: 0, to: perPartition }], [1, { from: 0, to: perPartition }]]));
    assert.equal(kills.length, 2, 'both kills happened while the replay ran');
    assert.ok(logger.warnings.some((w) => /retrying/.test(w)), 'the reader saw the broker go away and retried');
    console.log(`replay: ${report.records} records checked, ${kills.length} SIGKILLs at ${kills.map((k) => k.at).join(', ')} records (restarts ${kills.map((k) => k.restartMs).join(', ')} ms), ${logger.warnings.length} retry warnings, ${Date.now() - t0} ms`);
  });

  test('a tail of 3 partitions survives a kill: each record once, in order', async () => {
    const kafka = testKafka(broker.bootstrap);
    const topic = uniqueName('kill-tail');
    const partitions = [0, 1, 2];
    const phase = 10_000; // per partition, before and after the kill
    await createSeqTopic(kafka, topic, 3);
    const logger = countingLogger();
    const session = KafkaSession.open({ bootstrap: broker.bootstrap, timeoutMs: 10_000 }, logger);
    const controller = new AbortController();
    const seen: ShownRecord[] = [];
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    let slow = true;
    const reading = (async () => {
      for await (const batch of tail(session, { topic, signal: controller.signal, onStart: () => started() })) {
        seen.push(...batch);
        if (slow) await sleep(40);
      }
    })();
    const t0 = Date.now();
    try {
      await withDeadline(Promise.race([ready, reading]), 60_000, 'start of the tail');
      await produceSeq(kafka, topic, partitions, 0, phase);
      const seenAtKill = seen.length;
      const killMs = await killBroker(broker);
      await sleep(2_000); // the tail keeps trying meanwhile
      const restartMs = await restartBroker(broker);
      slow = false;
      await produceSeq(kafka, topic, partitions, phase, phase);
      await waitUntil(() => seen.length >= 2 * phase * partitions.length, 60_000, () => `${2 * phase * partitions.length} records in the tail after the restart (it has ${seen.length})`, 200);
      await sleep(1_500); // anything extra (a repeat) would arrive now
      controller.abort();
      await withDeadline(reading, 30_000, 'end of the tail after the abort');
      const report = assertExactlyOnceInOrder(seen, new Map(partitions.map((p) => [p, { from: 0, to: 2 * phase }])));
      console.log(`tail: ${report.records} records checked; killed (${killMs} ms) after ${seenAtKill} records, restarted in ${restartMs} ms; ${logger.warnings.length} retry warnings; ${Date.now() - t0} ms`);
    } finally {
      controller.abort();
      await reading.catch(() => undefined);
      await session.close();
    }
  });

  test('a broker that freezes (SIGSTOP) mid-tail: the silent fetch is dropped, and the tail goes on after SIGCONT', async () => {
    const kafka = testKafka(broker.bootstrap);
    const topic = uniqueName('freeze-tail');
    await createSeqTopic(kafka, topic, 1);
    const logger = countingLogger();
    const session = KafkaSession.open({ bootstrap: broker.bootstrap, timeoutMs: 120_000 }, logger);
    const controller = new AbortController();
    const seen: ShownRecord[] = [];
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    const reading = (async () => {
      for await (const batch of tail(session, { topic, signal: controller.signal, onStart: () => started() })) seen.push(...batch);
    })();
    try {
      await withDeadline(Promise.race([ready, reading]), 60_000, 'start of the tail');
      await produceSeq(kafka, topic, [0], 0, 1_000);
      await waitUntil(() => seen.length >= 1_000, 60_000, () => `1,000 records in the tail before the freeze (it has ${seen.length})`);
      await sleep(300); // a fetch is in flight (the broker waits for data) when the broker freezes
      freezeNode(broker, 1, true);
      const frozenAt = Date.now();
      await sleep(20_000); // longer than the reader's answer deadline (wait + 15 s), far shorter than the 120 s request timeout
      freezeNode(broker, 1, false);
      // The reader's own answer deadline (fetchRequest.ts), not the 120 s request timeout.
      const dropped = logger.warnings.find((w) => /fetch from broker \d+ failed \(Fetch from broker \d+ got no answer within \d+ ms/.test(w));
      assert.ok(dropped, `the reader dropped the silent fetch:\n${logger.warnings.join('\n')}`);
      await produceSeq(kafka, topic, [0], 1_000, 1_000);
      await waitUntil(() => seen.length >= 2_000, 60_000, () => `2,000 records in the tail after SIGCONT (it has ${seen.length})`);
      const resumedAfter = Date.now() - frozenAt;
      await sleep(1_000);
      controller.abort();
      await withDeadline(reading, 30_000, 'end of the tail after the abort');
      const report = assertExactlyOnceInOrder(seen, new Map([[0, { from: 0, to: 2_000 }]]));
      console.log(`freeze: ${report.records} records checked; frozen 20 s; caught up ${resumedAfter} ms after the freeze began; ${dropped}`);
    } finally {
      freezeNode(broker, 1, false);
      controller.abort();
      await reading.catch(() => undefined);
      await session.close();
    }
  });

  test('broker down: a session fails within its timeout, then works once the broker is back', async () => {
    await killBroker(broker);
    const session = KafkaSession.open({ bootstrap: broker.bootstrap, timeoutMs: 3_000 });
    try {
      const t0 = Date.now();
      const err = await withDeadline(
        listTopics(session).then(
          () => assert.fail('listed topics with the broker down'),
          (e: unknown) => e,
        ),
        30_000,
        'error from listing topics with the broker down',
      );
      const ms = Date.now() - t0;
      assert.ok(ms < 3_000 + 1_500, `failed after ${ms} ms (timeout 3 s)`);
      assert.match(explainError(err), /Broker unreachable|did not answer in time|timed out/);
      // A tail started now fails the same way, in the same time.
      const t1 = Date.now();
      await withDeadline(
        assert.rejects(async () => {
          for await (const _ of tail(session, { topic: 'any-topic' })) void _;
        }, (e: unknown) => /Broker unreachable|did not answer in time|timed out/.test(explainError(e))),
        30_000,
        'error from a tail with the broker down',
      );
      assert.ok(Date.now() - t1 < 3_000 + 1_500, `the tail failed after ${Date.now() - t1} ms`);

      // The CLI with the broker down: one line, exit 1, within its deadline.
      const cli = await runEbx(['topics', '--bootstrap', broker.bootstrap.join(','), '--timeout', '2']);
      assert.equal(cli.code, 1, cli.stderr);
      assert.ok(cli.ms < 2 * 2_000 + 3_000, `the CLI took ${cli.ms} ms`);
      assert.equal(cli.stderr.trim().split('\n').length, 1, cli.stderr);
      assert.match(cli.stderr, /^ebx: (Broker unreachable|The broker did not answer in time)/);

      await restartBroker(broker);
      // The same session recovers on the next call (a retry or a refresh in the tree).
      const topics = await withDeadline(listTopics(session), 60_000, 'topic list from the same session after the restart');
      assert.ok(Array.isArray(topics));
      console.log(`unreachable: session failed in ${ms} ms, CLI in ${cli.ms} ms; recovered after restart`);
    } finally {
      await session.close();
    }
  });
});

function runEbx(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [EBX, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // then code is null: the test fails on it
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
