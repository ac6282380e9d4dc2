// `ebx lag GROUP [--watch SECONDS] [--json]` as people and scripts use it: the built bin/ebx.js in a
// child process against the real broker. The table and its last line, the JSON shape with exactly
// the keys, --watch sampling until SIGINT (exit 0), bad input in one sentence, and, through
// the VAST-like proxy, the note when the end offset disagrees with reading, a trend that does not
// call that "caught up", and one Fetch per sample.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { describePartitions } from '../../src/core/topics/listTopics';
import { type RecordToSend } from '../../src/core/topics/produce';
import { testBroker } from '../support/brokerEnv';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { assertOneCleanLine, ebx, exited, startEbx } from '../support/ebxProcess';
import { waitUntil } from '../support/deadline';
import { startVastLikeProxy, type VastLikeProxy } from '../support/vastLikeBrokerProxy';

const live = () => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });
const single = testBroker().bootstrap.length === 1 ? false : 'the proxy fronts a single broker';

const TOP_KEYS = ['group', 'state', 'partitions', 'maxTimeLagMs'];
const PARTITION_KEYS = ['topic', 'partition', 'committed', 'end', 'endApproximate', 'lag', 'unread', 'nextUnreadTimestamp', 'timeLagMs'];

let session: KafkaSession;
let topic = '';
let groupId = '';
/** When the record at the group's committed offset of partition 0 was written: 3 minutes ago. */
let nextUnreadAt = 0;

function aged(partition: number, count: number, ageMs: number): RecordToSend[] {
  const first = Date.now() - ageMs;
  return Array.from({ length: count }, (_, i) => ({ partition, value: `v${i}`, timestamp: first + i * 1000 }));
}

before(async () => {
  session = openSession();
  const p0 = aged(0, 4, 181_000);
  topic = await topicWith(session, 'cli-lag', 3, [...p0, ...aged(1, 3, 60_000), ...aged(2, 2, 60_000)]);
  nextUnreadAt = p0[1].timestamp!;
  groupId = uniqueName('cli-lag-group');
  const ends = (await describePartitions(session, topic)).map((p) => p.high);
  // p0: one read, the rest unread; p1: all read; p2: never committed.
  const outcomes = await session.cluster().commitOffsets(groupId, [
    { topic, partition: 0, offset: 1 },
    { topic, partition: 1, offset: ends[1] },
  ]);
  assert.deepEqual(outcomes.filter((o) => o.error !== null), []);
});
after(async () => {
  await session?.close();
});

describe('ebx lag', () => {
  test('a table: committed, end≈, lag≈, unread and time lag per partition, then the worst', { timeout: 60_000 }, async () => {
    const run = await ebx(['lag', groupId], { env: live() });

    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0], /^TOPIC\s+PARTITION\s+COMMITTED\s+END≈\s+LAG≈\s+UNREAD\s+TIME LAG$/);
    assert.match(lines[1], new RegExp(`^${topic}\\s+0\\s+1\\s+~\\d+\\s+~\\d+\\s+yes\\s+\\d+ min behind$`));
    assert.match(lines[2], new RegExp(`^${topic}\\s+1\\s+\\d+\\s+~\\d+\\s+~0\\s+no\\s+caught up$`));
    assert.match(lines[3], new RegExp(`^${topic}\\s+2\\s+none\\s+~\\d+\\s+-\\s+-\\s+no commit$`));
    assert.match(lines[4], new RegExp(`^${groupId} \\(Empty\\): \\d+ min behind \\(worst: ${topic} partition 0\\)\\.$`));
    assert.equal(lines.length, 5, 'no disagreement note against Apache Kafka');
  });

  test('--json: exactly the issue\'s keys, and the time lag of the record at the committed offset', { timeout: 60_000 }, async () => {
    const before = Date.now();
    const run = await ebx(['lag', groupId, '--json'], { env: live() });
    const after = Date.now();

    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { group: string; state: string; partitions: Record<string, unknown>[]; maxTimeLagMs: number };
    assert.deepEqual(Object.keys(report), TOP_KEYS);
    for (const p of report.partitions) assert.deepEqual(Object.keys(p), PARTITION_KEYS);
    assert.equal(report.group, groupId);
    assert.deepEqual(report.partitions.map((p) => [p.partition, p.committed === null ? null : typeof p.committed, p.endApproximate, p.unread]), [
      [0, 'number', true, true],
      [1, 'number', true, false],
      [2, null, true, null],
    ]);
    assert.equal(report.partitions[0].nextUnreadTimestamp, nextUnreadAt);
    assert.ok(report.maxTimeLagMs >= before - nextUnreadAt - 1000 && report.maxTimeLagMs <= after - nextUnreadAt + 1000, `maxTimeLagMs ${report.maxTimeLagMs}`);
    assert.equal(report.partitions[1].timeLagMs, 0);
    assert.equal(report.partitions[2].timeLagMs, null);
  });

  test('--watch 1 --json: one JSON object per line per sample until SIGINT, then exit 0', { timeout: 90_000 }, async () => {
    const child = startEbx(['lag', groupId, '--watch', '1', '--json'], live());
    try {
      const lines = () => child.output.stdout.split('\n').filter((l) => l !== '');
      await waitUntil(() => lines().length >= 2, 60_000, () => `two samples (stdout: ${child.output.stdout}, stderr: ${child.output.stderr})`);
      child.kill('SIGINT');
      assert.equal(await exited(child), 0, child.output.stderr);
      assert.equal(child.output.stderr, '');
      for (const line of lines()) {
        const sample = JSON.parse(line) as Record<string, unknown>;
        assert.deepEqual(Object.keys(sample), TOP_KEYS);
        assert.equal(sample.group, groupId);
      }
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('--watch 1: one line per sample with the trend', { timeout: 90_000 }, async () => {
    const child = startEbx(['lag', groupId, '--watch', '1'], live());
    try {
      const lines = () => child.output.stdout.split('\n').filter((l) => l !== '');
      await waitUntil(() => lines().length >= 2, 60_000, 'two samples');
      child.kill('SIGINT');
      assert.equal(await exited(child), 0, child.output.stderr);
      const [first, second] = lines();
      assert.match(first, /^\d{4}-\d\d-\d\dT\S+Z {2}lag≈\d+ {2}\d+ min behind {2}1\/3 partitions unread {2}not enough samples yet$/);
      assert.match(second, /^\d{4}-\d\d-\d\dT\S+Z {2}lag≈\d+ {2}\d+ min behind {2}1\/3 partitions unread {2}steady$/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('an unknown group: one sentence, exit 1', { timeout: 60_000 }, async () => {
    const run = await ebx(['lag', uniqueName('cli-lag-nobody')], { env: live() });
    assert.equal(run.code, 1);
    assertOneCleanLine(run, /^ebx: Consumer group cli-lag-nobody-\S+ does not exist: it has no members and no committed offsets\.$/);
  });

  for (const bad of ['0', '-5', 'abc', '']) {
    test(`--watch ${JSON.stringify(bad)}: a usage error in one line, exit 2`, { timeout: 30_000 }, async () => {
      const run = await ebx(['lag', groupId, '--watch', bad], { env: live() });
      assert.equal(run.code, 2);
      assertOneCleanLine(run, /^ebx: .*give a positive number of seconds\.$/);
      assert.equal(run.stdout, '');
    });
  }

  test('no group given: a usage error in one line, exit 2', { timeout: 30_000 }, async () => {
    const run = await ebx(['lag'], { env: live() });
    assert.equal(run.code, 2);
    assertOneCleanLine(run, /^ebx: missing required argument 'group'$/);
  });
});

describe('ebx groups --lag', () => {
  test('each listed group with its committed partitions and total lag, in one line per group', { timeout: 60_000 }, async () => {
    const run = await ebx(['groups', '--lag', '--json'], { env: live() });

    assert.equal(run.code, 0, run.stderr);
    const listed = (JSON.parse(run.stdout) as { groups: { groupId: string; lag: { partitions: number; totalLag: number | null } }[] }).groups;
    const ours = listed.find((g) => g.groupId === groupId);
    // p0 committed at 1 of 4 (lag 3), p1 at its end (lag 0), p2 never: two partitions, lag 3.
    assert.deepEqual(ours?.lag, { partitions: 2, totalLag: 3 });
    assert.ok(listed.every((g) => g.lag !== undefined), 'every group has its lag key');
  });

  test('the table adds PARTITIONS and LAG (APPROX.) columns', { timeout: 60_000 }, async () => {
    const run = await ebx(['groups', '--lag'], { env: live() });

    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout.split('\n')[0], /^GROUP\s+TYPE\s+STATE\s+MEMBERS\s+PARTITIONS\s+LAG \(APPROX\.\)$/);
    assert.match(run.stdout, new RegExp(`^${groupId}\\s+classic\\s+Empty\\s+0\\s+2\\s+~3$`, 'm'));
    assert.match(run.stdout, /Lag is approximate/);
  });
});

describe('ebx lag through a broker whose end offsets trail (VAST-like proxy)', { skip: single }, () => {
  let proxy: VastLikeProxy;
  before(async () => {
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], { endOffsetLag: 1_000 });
  });
  after(async () => {
    await proxy?.close();
  });

  test('the table notes that the end offset says 0 where reading found records', { timeout: 60_000 }, async () => {
    const run = await ebx(['lag', groupId], { env: { KAFKA_BOOTSTRAP: proxy.bootstrap } });

    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[1], new RegExp(`^${topic}\\s+0\\s+1\\s+~0\\s+~0\\s+yes\\s+\\d+ min behind$`));
    assert.equal(
      lines.at(-1),
      'Note: the end offset says nothing is unread on 1 partition, but reading at the committed offset found records there: the reported end offset trails the newest events (on VAST by up to a minute).',
    );
  });

  test('--watch: the trend says "caught up" only when reading does, not from an offset lag of 0', { timeout: 90_000 }, async () => {
    // Issue 39: "… 62 s behind  1/2 partitions unread  steady, caught up" from a trailing end.
    const child = startEbx(['lag', groupId, '--watch', '1'], { KAFKA_BOOTSTRAP: proxy.bootstrap });
    try {
      const lines = () => child.output.stdout.split('\n').filter((l) => l !== '');
      await waitUntil(() => lines().length >= 2, 60_000, 'two samples');
      child.kill('SIGINT');
      assert.equal(await exited(child), 0, child.output.stderr);
      const [first, second] = lines();
      assert.match(first, /^\d{4}-\d\d-\d\dT\S+Z {2}lag≈0 {2}\d+ min behind {2}1\/3 partitions unread {2}not enough samples yet {2}end offset trails on 1$/);
      assert.match(second, /^\d{4}-\d\d-\d\dT\S+Z {2}lag≈0 {2}\d+ min behind {2}1\/3 partitions unread {2}steady {2}end offset trails on 1$/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('--watch: one Fetch on the wire per sample', { timeout: 90_000 }, async () => {
    const fetchesBefore = proxy.fetches.length;
    const child = startEbx(['lag', groupId, '--watch', '1', '--json'], { KAFKA_BOOTSTRAP: proxy.bootstrap });
    try {
      const lines = () => child.output.stdout.split('\n').filter((l) => l !== '');
      await waitUntil(() => lines().length >= 3, 60_000, 'three samples');
      child.kill('SIGINT');
      assert.equal(await exited(child), 0, child.output.stderr);
      const samples = lines().length;
      const fetches = proxy.fetches.length - fetchesBefore;
      // A sample under way when Ctrl-C came may have sent its fetch without printing its line.
      assert.ok(fetches >= samples && fetches <= samples + 1, `${fetches} fetches for ${samples} samples`);
      const endDisagreed = lines().map((l) => (JSON.parse(l) as { partitions: { lag: number; unread: boolean }[] }).partitions[0]);
      assert.ok(endDisagreed.every((p) => p.lag === 0 && p.unread === true));
    } finally {
      child.kill('SIGKILL');
    }
  });
});
