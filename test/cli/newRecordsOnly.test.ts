// `ebx tail` and `ebx replay --from-end` through a broker whose end offsets trail (the VAST-like
// proxy): they start at the reported end, and the records past it that were written before they
// began — half a minute before, here, as right after a burst on VAST — are not printed; the tail's
// first line (on a terminal or with --debug) says so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { produce } from '../../src/core/topics/produce';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { ebx, exited, startEbx } from '../support/ebxProcess';
import { waitUntil } from '../support/deadline';
import { startVastLikeProxy, type VastLikeProxy } from '../support/vastLikeBrokerProxy';

const single = testBroker().bootstrap.length === 1 ? false : 'the proxy fronts a single broker';
const values = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { value: unknown }).value);

describe('only records written from now on, through a broker whose end offsets trail by 40', { skip: single }, () => {
  let session: KafkaSession;
  let proxy: VastLikeProxy;
  before(async () => {
    session = openSession();
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], { endOffsetLag: 40 });
  });
  after(async () => {
    await proxy?.close();
    await session?.close();
  });

  const halfAMinuteOld = () => {
    const at = Date.now() - 30_000;
    return Array.from({ length: 40 }, (_, i) => ({ value: `old${i}`, timestamp: at + i }));
  };

  test('ebx tail: says what it skips, then prints only what is produced after it started', { timeout: 90_000 }, async () => {
    const topic = await topicWith(session, 'cli-tail-new', 1, halfAMinuteOld());
    const child = startEbx(['tail', topic, '--debug', '--max', '2'], { KAFKA_BOOTSTRAP: proxy.bootstrap });
    try {
      await waitUntil(() => child.output.stderr.includes('ebx: tailing'), 30_000, () => `start of the tail (stderr: ${child.output.stderr})`);
      await produce(session, topic, [{ value: 'new0' }, { value: 'new1' }]);
      assert.equal(await exited(child), 0, child.output.stderr);
    } finally {
      child.kill('SIGKILL');
    }
    const announced = child.output.stderr.split('\n').find((l) => l.startsWith('ebx: tailing'));
    assert.match(
      announced ?? '',
      new RegExp(
        `^ebx: tailing ${topic} \\(partition@offset: 0@0\\); only records written from \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z on \\(5 s allowed for producer clocks\\): ` +
          'older ones after the reported end, which can trail the newest events, are skipped; Ctrl-C to stop$',
      ),
    );
    assert.deepEqual(values(child.output.stdout), ['new0', 'new1']);
  });

  test('ebx tail --last N still starts N before the reported end, skipping nothing', { timeout: 60_000 }, async () => {
    const topic = await topicWith(session, 'cli-tail-last', 1, [...halfAMinuteOld(), ...Array.from({ length: 5 }, (_, i) => ({ value: `more${i}` }))]);
    const run = await ebx(['tail', topic, '--last', '2', '--max', '3'], { env: { KAFKA_BOOTSTRAP: proxy.bootstrap }, timeoutMs: 30_000 });
    assert.equal(run.code, 0, run.stderr);
    // The reported end is 45 − 40 = 5: the last 2 before it are offsets 3 and 4.
    assert.deepEqual(values(run.stdout), ['old3', 'old4', 'old5']);
  });

  test('ebx replay --from-end prints none of the records written before it began', { timeout: 60_000 }, async () => {
    const topic = await topicWith(session, 'cli-replay-end', 1, halfAMinuteOld());
    const run = await ebx(['replay', topic, '--partition', '0', '--from-end'], { env: { KAFKA_BOOTSTRAP: proxy.bootstrap }, timeoutMs: 30_000 });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(values(run.stdout), []);
  });
});
