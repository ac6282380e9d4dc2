// ebx groups / group / lag / delete-group for a group of the new consumer protocol (KIP-848), as
// people and scripts use them: the built bin/ebx.js in a child process against the real broker,
// with Kafka's own console consumer (group.protocol=consumer) as the group's member on Kafka 4
// (cli-kafka4 tier). On Kafka 3.9 (cli tier), where that protocol is off, the same place checks
// that a classic group's rows say "type": "classic" and that a missing group is one sentence.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { listGroups } from '../../src/core/groups/listGroups';
import { deleteGroups } from '../../src/core/groups/deleteGroups';
import { testBroker, testKafkaMajor, testKafkaVersion } from '../support/brokerEnv';
import { liveConsumer, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { assertOneCleanLine, ebx } from '../support/ebxProcess';
import { startConsoleConsumer } from '../support/kafkaConsoleConsumer';

const KAFKA = testKafkaVersion();
const live = () => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });
const ROW_KEYS = ['groupId', 'state', 'protocolType', 'protocol', 'members', 'type'];

interface GroupRow {
  groupId: string;
  state: string;
  members: number;
  type: string;
}

/** Polls our own listing (core, no fixed sleep) until the group is Stable with one member. */
async function stableWithOneMember(session: KafkaSession, groupId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = (await listGroups(session, 'kafka')).groups.find((g) => g.groupId === groupId);
    if (row?.state === 'Stable' && row.members === 1) return;
    if (Date.now() > deadline) throw new Error(`group ${groupId} not Stable with one member within 60 s; last ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe(`ebx and consumer groups of both protocols (Kafka ${KAFKA})`, () => {
  let session: KafkaSession;
  let topic: string;
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'cli-kip848', 2, Array.from({ length: 6 }, (_, i) => ({ value: `v${i}`, partition: i % 2 })));
  });
  after(() => session.close());

  if (testKafkaMajor() >= 4) {
    test('Kafka 4: ebx groups --json names the type; ebx group --json and ebx lag read the group; ebx delete-group is refused while it runs', { timeout: 240_000 }, async () => {
      const groupId = uniqueName('cli-kip848');
      const consumer = startConsoleConsumer({
        bootstrap: testBroker().bootstrap[0],
        topic,
        group: groupId,
        version: KAFKA,
        properties: { 'group.protocol': 'consumer', 'client.id': 'ebx-kip848-cli', 'auto.commit.interval.ms': '100' },
      });
      try {
        await consumer.printed(6, 120_000);
        await stableWithOneMember(session, groupId);

        const groups = await ebx(['groups', '--json', '--profile', 'kafka'], { env: live() });
        assert.equal(groups.code, 0, groups.stderr);
        const rows = (JSON.parse(groups.stdout) as { groups: GroupRow[] }).groups;
        for (const r of rows) assert.deepEqual(Object.keys(r), ROW_KEYS);
        const row = rows.find((r) => r.groupId === groupId);
        assert.deepEqual(row && [row.type, row.state, row.members], ['consumer', 'Stable', 1]);
        const table = await ebx(['groups', '--profile', 'kafka'], { env: live() });
        assert.match(table.stdout, /^GROUP +TYPE +STATE +PROTOCOL TYPE +ASSIGNOR +MEMBERS$/m);
        assert.match(table.stdout, new RegExp(`^${groupId} +consumer +Stable +consumer +\\S+ +1$`, 'm'));

        const detail = await ebx(['group', groupId, '--json'], { env: live() });
        assert.equal(detail.code, 0, detail.stderr);
        const g = JSON.parse(detail.stdout) as { type: string; state: string; members: { clientId: string; assignment: unknown }[]; offsets: { partition: number; committed: number | null }[] };
        assert.deepEqual([g.type, g.state, g.members.length, g.members[0].clientId], ['consumer', 'Stable', 1, 'ebx-kip848-cli']);
        assert.deepEqual(g.members[0].assignment, [{ topic, partitions: [0, 1] }]);
        assert.deepEqual(g.offsets.map((o) => o.partition), [0, 1]);

        const lag = await ebx(['lag', groupId, '--profile', 'kafka'], { env: live() });
        assert.equal(lag.code, 0, lag.stderr);
        assert.match(lag.stdout, /^TOPIC\s+PARTITION\s+COMMITTED\s+END\s+LAG\s+UNREAD\s+TIME LAG$/m);
        assert.match(lag.stdout, new RegExp(`^${topic}\\s+0\\s`, 'm'));
        assert.match(lag.stdout, new RegExp(`^${topic}\\s+1\\s`, 'm'));
        assert.match(lag.stdout, new RegExp(`^${groupId} \\(Stable\\)`, 'm'));

        const refused = await ebx(['delete-group', groupId, '--yes'], { env: live() });
        assert.equal(refused.code, 1, refused.stdout + refused.stderr);
        assert.match(refused.stdout + refused.stderr, /The group has active members: stop its consumers or wait until they leave, then delete it\./);
      } finally {
        await consumer.stop();
        await deleteGroups(session, [groupId]).catch(() => undefined);
      }
    });
  } else {
    test(`Kafka ${KAFKA}: the consumer protocol is off — ebx groups --json says "type": "classic", and a missing group is one sentence`, { timeout: 120_000 }, async () => {
      const groupId = uniqueName('cli-classic');
      await (await liveConsumer(groupId, topic, 2)).disconnect();
      try {
        const groups = await ebx(['groups', '--json'], { env: live() });
        assert.equal(groups.code, 0, groups.stderr);
        const rows = (JSON.parse(groups.stdout) as { groups: GroupRow[] }).groups;
        for (const r of rows) assert.deepEqual(Object.keys(r), ROW_KEYS);
        assert.deepEqual(rows.find((r) => r.groupId === groupId)?.type, 'classic');
        const detail = await ebx(['group', groupId, '--json'], { env: live() });
        assert.equal((JSON.parse(detail.stdout) as { type: string }).type, 'classic');
        const missing = uniqueName('cli-missing');
        assertOneCleanLine(await ebx(['group', missing], { env: live() }), new RegExp(`Consumer group ${missing} does not exist\\.$`));
      } finally {
        await deleteGroups(session, [groupId]).catch(() => undefined);
      }
    });
  }
});
