// ebx on a read-only connection (--read-only, or EBX_READ_ONLY=1), as processes against the real
// broker: every changing subcommand stops with the one sentence and exit 1 before it asks or plans
// anything, and the broker is the same afterwards (topics, groups, the group's committed offsets,
// the topic's end offsets); the read subcommands and the dry runs work as usual.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KafkaSession } from '../../src/core/session';
import { describeGroup } from '../../src/core/groups/describeGroup';
import { listGroups } from '../../src/core/groups/listGroups';
import { describePartitions, listTopics } from '../../src/core/topics/listTopics';
import { openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { testBroker } from '../support/brokerEnv';
import { assertOneCleanLine, ebx } from '../support/ebxProcess';

const bootstrap = () => testBroker().bootstrap.join(',');

/** The two ways to ask for read-only: the option, and the environment variable. */
const WAYS: { name: string; run: (args: string[]) => ReturnType<typeof ebx> }[] = [
  { name: '--read-only', run: (args) => ebx(['--read-only', ...args, '--profile', 'kafka'], { env: { KAFKA_BOOTSTRAP: bootstrap() } }) },
  { name: 'EBX_READ_ONLY=1', run: (args) => ebx([...args, '--profile', 'kafka'], { env: { KAFKA_BOOTSTRAP: bootstrap(), EBX_READ_ONLY: '1' } }) },
];

describe('ebx on a read-only connection', () => {
  let session: KafkaSession;
  let topic: string;
  let group: string;
  let dir: string;
  let snapshotFile: string;

  /**
   * What a change would show: this test's topics and groups (by their prefix, as other tests may share
   * the broker), the group's commits, the topic's end offsets.
   */
  const brokerState = async () => ({
    topics: (await listTopics(session)).map((t) => t.name).filter((name) => name.startsWith('cli-ro-')).sort(),
    groups: (await listGroups(session, 'kafka')).groups.map((g) => `${g.groupId} ${g.state}`).filter((g) => g.startsWith('cli-ro-')).sort(),
    committed: (await describeGroup(session, group)).offsets.map((o) => [o.topic, o.partition, o.committed]),
    ends: (await describePartitions(session, topic)).map((p) => [p.partition, p.low, p.high]),
  });

  before(async () => {
    session = openSession();
    dir = mkdtempSync(join(tmpdir(), 'ebx-read-only-'));
    topic = await topicWith(session, 'cli-ro', 2, Array.from({ length: 10 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
    // An Empty group with commits: exactly what delete-idle-groups, delete-group and a reset would change.
    group = uniqueName('cli-ro-idle');
    await session.cluster().commitOffsets(group, [
      { topic, partition: 0, offset: 2 },
      { topic, partition: 1, offset: 3 },
    ]);
    snapshotFile = join(dir, 'snapshot.json');
    const exported = await ebx(['offsets', 'export', group, '--profile', 'kafka'], { env: { KAFKA_BOOTSTRAP: bootstrap() } });
    assert.equal(exported.code, 0, exported.stderr);
    writeFileSync(snapshotFile, exported.stdout);
  });
  after(async () => {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Each changing subcommand (with --yes where it asks, so that only read-only can stop it) and the sentence's middle. */
  const changing = (): [string[], string][] => [
    [['delete-group', group, '--yes'], `deleting consumer group "${group}"`],
    [['delete-group', group, 'other-group', '--yes'], 'deleting consumer groups'],
    [['delete-idle-groups', '--yes'], 'deleting idle consumer groups'],
    [['delete-idle-groups', '--prefix', 'cli-ro-idle', '--yes'], 'deleting idle consumer groups'],
    [['reset-offsets', group, '--topic', topic, '--to-earliest', '--execute', '--yes'], `resetting the offsets of consumer group "${group}"`],
    [['offsets', 'import', snapshotFile, '--group', group, '--execute', '--yes'], 'restoring offsets'],
    [['produce', topic, '--value', 'not-allowed'], `producing to topic "${topic}"`],
    [['produce', topic], `producing to topic "${topic}"`],
    [['create-topic', uniqueName('cli-ro-new'), '--partitions', '1'], 'creating topic "cli-ro-new-'],
    [['delete-topic', topic, '--yes'], `deleting topic "${topic}"`],
    [['delete-topic', topic, 'other-topic', '--yes'], `deleting topics "${topic}", "other-topic"`],
    [['delete-topic', topic, '--json'], `deleting topic "${topic}"`],
    [['create-topic', uniqueName('cli-ro-new'), '--partitions', '1', '--config', 'retention.ms=1000'], 'creating topic "cli-ro-new-'],
    [['alter-topic', topic, '--set', 'retention.ms=1000'], `changing the configuration of topic "${topic}"`],
    [['alter-topic', topic, '--delete', 'retention.ms', '--execute', '--yes'], `changing the configuration of topic "${topic}"`],
    [['delete-records', topic, '--before-offset', '1'], `deleting records of topic "${topic}"`],
    [['delete-records', topic, '--partition', '0', '--before-offset', '1', '--execute', '--yes'], `deleting records of topic "${topic}"`],
    // Without --yes and without a terminal, the refusal comes before the "no terminal to confirm on" one.
    [['delete-topic', topic], `deleting topic "${topic}"`],
    [['delete-group', group], `deleting consumer group "${group}"`],
    [['reset-offsets', group, '--topic', topic, '--to-latest', '--execute'], `resetting the offsets of consumer group "${group}"`],
  ];

  for (const way of WAYS) {
    test(`with ${way.name}, every changing subcommand is refused with the sentence and exit 1, and nothing changes`, async () => {
      const before = await brokerState();
      assert.deepEqual(before.committed, [[topic, 0, 2], [topic, 1, 3]], 'the set-up committed');
      for (const [args, what] of changing()) {
        const r = await way.run(args);
        assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
        const sentence = new RegExp(`^ebx: Connection "${escape(bootstrap())}" is read-only: ${escape(what)}.* is not allowed\\.$`);
        assertOneCleanLine(r, sentence);
        assert.equal(r.stdout, '', `${args.join(' ')} printed nothing (no plan, no question)`);
      }
      assert.deepEqual(await brokerState(), before);
    });

    test(`with ${way.name}, reads and dry runs work`, async () => {
      const topics = await way.run(['topics', '--json']);
      assert.equal(topics.code, 0, topics.stderr);
      assert.ok((JSON.parse(topics.stdout) as { name: string }[]).some((t) => t.name === topic));
      const groups = await way.run(['groups', '--json']);
      assert.equal(groups.code, 0, groups.stderr);
      assert.match(groups.stdout, new RegExp(escape(group)));
      const described = await way.run(['group', group]);
      assert.equal(described.code, 0, described.stderr);
      const partitions = await way.run(['partitions', topic]);
      assert.equal(partitions.code, 0, partitions.stderr);
      const replay = await way.run(['replay', topic, '--partition', '0', '--from-beginning', '--max', '5']);
      assert.equal(replay.code, 0, replay.stderr);
      assert.equal(replay.stdout.trim().split('\n').length, 5);
      const exported = await way.run(['offsets', 'export', group]);
      assert.equal(exported.code, 0, exported.stderr);
      const dryReset = await way.run(['reset-offsets', group, '--topic', topic, '--to-earliest']);
      assert.equal(dryReset.code, 0, dryReset.stderr);
      assert.match(dryReset.stdout, /dry run: nothing committed/);
      const dryImport = await way.run(['offsets', 'import', snapshotFile, '--group', group]);
      assert.equal(dryImport.code, 0, dryImport.stderr);
      assert.match(dryImport.stdout, /dry run: nothing committed/);
      assert.deepEqual((await describeGroup(session, group)).offsets.map((o) => o.committed), [2, 3], 'the dry runs committed nothing');
    });
  }

  test('without read-only the same broker lets a change through (the refusals above are read-only, not something else)', async () => {
    const r = await ebx(['delete-group', group, '--yes', '--profile', 'kafka'], { env: { KAFKA_BOOTSTRAP: bootstrap(), EBX_READ_ONLY: '0' } });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!(await listGroups(session, 'kafka')).groups.some((g) => g.groupId === group), 'the group is gone');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
