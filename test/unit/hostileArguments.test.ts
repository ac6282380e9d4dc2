// Arguments that reached JavaScript's own words or Node's limits (issue 39, item 3): a config entry
// named "constructor" (a prototype lookup), a config value past the protocol's 16-bit length, a
// partition count past Int32, offsets in a file above 2^53 (rounded by JSON.parse), a timeout past
// what a Node timer holds. Each is one sentence, or simply works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configAssignments, parseConfigAssignment } from '../../src/core/topics/configNames';
import { planTopicCreation } from '../../src/core/topics/createTopicPlan';
import { planConfigChange } from '../../src/core/topics/topicConfig';
import { parseSnapshot } from '../../src/core/offsetReset/offsetsSnapshot';
import { parsePositionsCsv } from '../../src/core/offsetReset/positionsFile';
import { KafkaSession } from '../../src/core/session';
import { MAX_TIMEOUT_MS } from '../../src/core/connection';
import { kafkaJsConfig } from '../../src/core/kafka/kafkaJsConfig';
import type { ClusterAccess } from '../../src/core/clusterAccess';
import { UsageError } from '../../src/core/errors';

/** A session whose broker must not be asked: every check here comes first. */
const offline = () => KafkaSession.over(new Proxy({} as ClusterAccess, { get: () => () => Promise.reject(new Error('the broker was asked')) }));

function usage(sentence: string | RegExp): (err: unknown) => boolean {
  return (err: unknown) => {
    assert.ok(err instanceof UsageError, `a UsageError, not ${String(err)}`);
    if (typeof sentence === 'string') assert.equal(err.message, sentence);
    else assert.match(err.message, sentence);
    return true;
  };
}

test('a config entry named "constructor" (or toString\'s kin) is an entry like any other', () => {
  assert.deepEqual(configAssignments(['constructor=1']), { constructor: '1' });
  assert.deepEqual(configAssignments(['constructor=1', 'constructor=1', 'retention.ms=5']), { constructor: '1', 'retention.ms': '5' });
  assert.throws(() => configAssignments(['constructor=1', 'constructor=2']), usage('constructor is given twice (1 and 2): give it once.'));
});

test('a config value over 32,767 bytes of UTF-8 is one sentence, before anything is sent', async () => {
  assert.deepEqual(parseConfigAssignment(`cleanup.policy=${'x'.repeat(32_767)}`)[1].length, 32_767);
  const tooLong = usage('The value of retention.ms is 32,768 bytes: a configuration value can be at most 32,767 bytes (UTF-8).');
  assert.throws(() => parseConfigAssignment(`retention.ms=${'x'.repeat(32_768)}`), tooLong);
  // Counted in bytes: 16,384 é are 32,768 bytes.
  assert.throws(() => parseConfigAssignment(`retention.ms=${'é'.repeat(16_384)}`), tooLong);
  await assert.rejects(planTopicCreation(offline(), 'kafka', { name: 'orders', partitions: 1, configs: { 'retention.ms': 'x'.repeat(32_768) } }), tooLong);
  await assert.rejects(planConfigChange(offline(), 'kafka', 'orders', { set: { 'retention.ms': 'x'.repeat(32_768) }, reset: [] }), tooLong);
  // A name that long is no entry name either (and is shown cut short).
  assert.throws(() => parseConfigAssignment(`${'a'.repeat(40_000)}=1`), usage(/^"a{57}…" is not a configuration entry name/));
});

test('a partition count past Int32 is one sentence, on either profile', async () => {
  const sentence = 'A topic can have at most 2,147,483,647 partitions, the most Kafka\'s protocol counts (got 2,147,483,648).';
  await assert.rejects(planTopicCreation(offline(), 'kafka', { name: 'orders', partitions: 2 ** 31 }), usage(sentence));
  await assert.rejects(planTopicCreation(offline(), 'kafka', { name: 'orders', partitions: Number.MAX_SAFE_INTEGER }), usage(/^A topic can have at most 2,147,483,647 partitions/));
  await assert.rejects(planTopicCreation(offline(), 'vast', { name: 'orders', partitions: 2 ** 31 }), usage(/^VAST allows at most 20,000 partitions a topic/));
});

test('an offset above 2^53 − 1 in a snapshot or a positions file is refused saying why', () => {
  const snapshot = (committed: string) => `{"format":"ebx-offsets/1","group":"g","partitions":[{"topic":"orders","partition":0,"committed":${committed}}]}`;
  assert.equal(parseSnapshot(snapshot('9007199254740991'), 'saved.json').partitions[0].committed, 9007199254740991);
  for (const big of ['9007199254740992', '9007199254740993', '9223372036854775807']) {
    assert.throws(
      () => parseSnapshot(snapshot(big), 'saved.json'),
      usage('saved.json, partition entry 1 (orders partition 0) has a committed offset above 2^53 − 1 (9,007,199,254,740,991), the largest offset this tool reads exactly.'),
    );
  }
  assert.throws(() => parseSnapshot(snapshot('1.5'), 'saved.json'), usage(/has no committed offset \(a whole number, 0 or more\)\.$/));
  assert.throws(
    () => parsePositionsCsv('orders,0,9007199254740993\n', 'g', 'positions.csv'),
    usage('positions.csv, line 1: 9007199254740993 is above 2^53 − 1 (9,007,199,254,740,991), the largest offset this tool reads exactly.'),
  );
});

test('a timeout past 2^31 − 1 ms is held at that: no TimeoutOverflowWarning, no timeout at once', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  try {
    const session = KafkaSession.over({} as ClusterAccess, { timeoutMs: 3_000_000_000 });
    // An overflowing timer fires after 1 ms: the work, which takes a few, would lose the race.
    const answer = await session.withinTimeout('asking', () => new Promise<string>((resolve) => setTimeout(() => resolve('answered'), 20)));
    assert.equal(answer, 'answered');
    assert.equal(session.timeoutMs, 2_147_483_647);
    assert.equal(MAX_TIMEOUT_MS, 2_147_483_647);
    assert.equal(kafkaJsConfig({ bootstrap: ['h:1'], timeoutMs: MAX_TIMEOUT_MS }, 'x').requestTimeout, MAX_TIMEOUT_MS);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(warnings, []);
  } finally {
    process.off('warning', onWarning);
  }
});
