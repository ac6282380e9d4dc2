// Bad input to `ebx`, table-driven, against the real broker: each case gets one clear line on stderr
// (exit 2 for a usage error, 1 for a runtime failure), never a stack trace, never a hang (every run
// has a deadline), and never a partial side effect (checked on the broker afterwards).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTopics } from '../../src/core/topics/listTopics';
import { listGroups } from '../../src/core/groups/listGroups';
import type { KafkaSession } from '../../src/core/session';
import { testBroker } from '../support/brokerEnv';
import { applicationKafka, openSession, topicWith, uniqueName } from '../support/kafkaFixtures';
import { assertOneCleanLine, ebx } from '../support/ebxProcess';
import { closedPort } from '../support/closedPort';

const USAGE = 2;
const FAILURE = 1;

interface Case {
  name: string;
  args: () => string[];
  exit: 0 | 1 | 2;
  /** The one stderr line (failures), or a check of stdout (successes). */
  stderr?: RegExp;
  stdout?: RegExp;
  input?: string | Buffer;
  env?: () => NodeJS.ProcessEnv;
  timeoutMs?: number;
}

let session: KafkaSession;
let topic = '';
let groupId = '';
const missing = uniqueName('cli-never-created');
const refusedCreate = uniqueName('cli-refused');
const dir = mkdtempSync(join(tmpdir(), 'ebx-bad-input-'));
const file = (name: string) => join(dir, name);
const live = () => ({ KAFKA_BOOTSTRAP: testBroker().bootstrap.join(',') });
let refusingPort = 9;

const cases: Case[] = [
  // Offsets
  { name: 'offset that is not a number', args: () => ['replay', topic, '--partition', '0', '--from-offset', 'abc'], exit: USAGE, stderr: /--from-offset.*'abc' is invalid.*whole number, 0 or more/ },
  { name: 'negative offset', args: () => ['replay', topic, '--partition', '0', '--from-offset', '-5'], exit: USAGE, stderr: /'-5' is invalid/ },
  { name: 'fractional offset', args: () => ['replay', topic, '--partition', '0', '--from-offset', '1.5'], exit: USAGE, stderr: /'1\.5' is invalid/ },
  { name: 'offset in exponent notation', args: () => ['replay', topic, '--partition', '0', '--from-offset', '1e3'], exit: USAGE, stderr: /'1e3' is invalid/ },
  { name: 'empty offset', args: () => ['replay', topic, '--partition', '0', '--from-offset', ''], exit: USAGE, stderr: /--from-offset.*is invalid/ },
  { name: 'offset of 2^63', args: () => ['replay', topic, '--partition', '0', '--from-offset', '9223372036854775808'], exit: USAGE, stderr: /'9223372036854775808' is invalid/ },
  { name: 'offset far beyond 2^63', args: () => ['replay', topic, '--partition', '0', '--from-offset', '99999999999999999999999'], exit: USAGE, stderr: /is invalid/ },
  { name: 'offset below the first available (low)', args: () => ['replay', topic, '--partition', '0', '--from-offset', '1'], exit: FAILURE, stderr: /Offset 1 is no longer in .* first available offset is 3/ },
  { name: 'offset beyond the end (high)', args: () => ['replay', topic, '--partition', '0', '--from-offset', '5000'], exit: FAILURE, stderr: /Offset 5000 is beyond the end/ },
  // Times
  { name: 'time that does not parse', args: () => ['replay', topic, '--partition', '0', '--from-time', 'yesterday'], exit: USAGE, stderr: /"yesterday" is not a time/ },
  { name: 'impossible date', args: () => ['replay', topic, '--partition', '0', '--from-time', '2026-13-45'], exit: USAGE, stderr: /"2026-13-45" is not a time/ },
  { name: 'relative time with an unknown unit', args: () => ['offsets-for-time', topic, '-5x'], exit: USAGE, stderr: /"-5x" is not a time/ },
  { name: 'epoch milliseconds too large', args: () => ['offsets-for-time', topic, '99999999999999999'], exit: USAGE, stderr: /too large for a time/ },
  { name: 'empty time', args: () => ['replay', topic, '--partition', '0', '--from-time', ''], exit: USAGE, stderr: /A time is required/ },
  { name: '--until-time that does not parse', args: () => ['replay', topic, '--partition', '0', '--from-beginning', '--until-time', 'later'], exit: USAGE, stderr: /"later" is not a time/ },
  { name: 'time in the future: no event at or after it', args: () => ['replay', topic, '--partition', '0', '--from-time', '2100-01-01T00:00:00Z'], exit: FAILURE, stderr: /No event in .* partition 0 is at or after 2100-01-01T00:00:00\.000Z/ },
  { name: 'time before the first record: starts at the first record', args: () => ['replay', topic, '--partition', '0', '--from-time', '1970-01-01T00:00:00Z', '--max', '1'], exit: 0, stdout: /"offset":3,/ },
  // Partitions
  { name: 'partition out of range (replay)', args: () => ['replay', topic, '--partition', '99', '--from-beginning'], exit: USAGE, stderr: /has no partition 99: it has partitions 0 to 1/ },
  { name: 'partition out of range (tail)', args: () => ['tail', topic, '--partition', '7', '--max', '1'], exit: USAGE, stderr: /has no partition 7/ },
  { name: 'partition out of range (produce): nothing produced', args: () => ['produce', topic, '--partition', '5', '--value', 'lost?'], exit: USAGE, stderr: /has no partition 5.*Nothing was produced/ },
  { name: 'negative partition', args: () => ['replay', topic, '--partition', '-1', '--from-beginning'], exit: USAGE, stderr: /--partition.*0 or more/ },
  { name: 'partition that is not a number', args: () => ['tail', topic, '--partition', 'one'], exit: USAGE, stderr: /--partition.*'one' is invalid/ },
  // Topic names
  { name: 'empty topic name', args: () => ['replay', '', '--partition', '0', '--from-beginning'], exit: USAGE, stderr: /A topic name is required/ },
  { name: 'unicode topic name', args: () => ['partitions', 'tøpic-ü'], exit: USAGE, stderr: /"tøpic-ü" is not a valid topic name/ },
  { name: 'CJK topic name', args: () => ['tail', '主题'], exit: USAGE, stderr: /is not a valid topic name/ },
  { name: 'topic name with an escape sequence (shown escaped)', args: () => ['partitions', 'x\u001b[2Jy'], exit: USAGE, stderr: /"x\\x1b\[2Jy" is not a valid topic name/ },
  { name: 'topic name of 250 characters', args: () => ['create-topic', 't'.repeat(250), '--partitions', '1'], exit: USAGE, stderr: /at most 249 characters/ },
  { name: 'topic named ".."', args: () => ['create-topic', '..', '--partitions', '1'], exit: USAGE, stderr: /not allow "\." or "\.\."/ },
  { name: 'missing topic (replay)', args: () => ['replay', missing, '--partition', '0', '--from-beginning'], exit: FAILURE, stderr: /does not exist/ },
  { name: 'missing topic (tail)', args: () => ['tail', missing], exit: FAILURE, stderr: /does not exist/ },
  { name: 'missing topic (partitions)', args: () => ['partitions', missing], exit: FAILURE, stderr: /does not exist/ },
  { name: 'missing topic (offsets-for-time)', args: () => ['offsets-for-time', missing, '-1h'], exit: FAILURE, stderr: /does not exist/ },
  { name: 'missing topic (produce)', args: () => ['produce', missing, '--value', 'x'], exit: FAILURE, stderr: /does not exist/ },
  { name: 'missing topic (produce from stdin)', args: () => ['produce', missing], input: 'a\nb\n', exit: FAILURE, stderr: /does not exist/ },
  // Creating and deleting
  { name: 'create-topic the broker refuses (2,000,000 partitions)', args: () => ['create-topic', refusedCreate, '--partitions', '2000000', '--profile', 'kafka'], exit: FAILURE, stderr: /^ebx: The broker refused to create .*: .+\. Nothing was created\.$/ },
  { name: 'create-topic past VAST\'s 20,000 partitions a topic', args: () => ['create-topic', refusedCreate, '--partitions', '2000000'], exit: USAGE, stderr: /VAST allows at most 20,000 partitions a topic \(got 2,000,000\)/ },
  { name: 'create-topic with a config the broker refuses', args: () => ['create-topic', refusedCreate, '--partitions', '1', '--config', 'retention.ms=soon'], exit: FAILURE, stderr: /refused to create .*Invalid value soon for configuration retention\.ms/ },
  { name: 'create-topic with a config that is not NAME=VALUE', args: () => ['create-topic', refusedCreate, '--partitions', '1', '--config', 'retention.ms'], exit: USAGE, stderr: /write it as NAME=VALUE/ },
  { name: 'create-topic with more replicas than brokers', args: () => ['create-topic', refusedCreate, '--partitions', '1', '--replication-factor', '99'], exit: USAGE, stderr: /replication factor can be at most the number of brokers/ },
  { name: 'create-topic that exists', args: () => ['create-topic', topic, '--partitions', '1'], exit: FAILURE, stderr: /already exists/ },
  { name: 'create-topic --retention-ms -5', args: () => ['create-topic', missing, '--partitions', '1', '--retention-ms', '-5'], exit: USAGE, stderr: /--retention-ms.*-1 to keep events forever/ },
  { name: 'delete-topic refused without a terminal', args: () => ['delete-topic', topic], exit: USAGE, stderr: /refusing to delete without --yes/ },
  { name: 'delete-group refused without a terminal', args: () => ['delete-group', groupId], exit: USAGE, stderr: /refusing to delete without --yes/ },
  { name: 'produce --header without a value', args: () => ['produce', topic, '--header', 'novalue', '--value', 'x'], exit: USAGE, stderr: /--header.*name=value/ },
  // Bootstrap strings
  { name: 'bootstrap without a port', args: () => ['topics', '--bootstrap', 'broker'], exit: USAGE, stderr: /"broker" is not host:port: add the port/ },
  { name: 'bootstrap port 0', args: () => ['topics', '--bootstrap', 'broker:0'], exit: USAGE, stderr: /port 0, which is not between 1 and 65535/ },
  { name: 'bootstrap port 65536', args: () => ['topics', '--bootstrap', 'broker:65536'], exit: USAGE, stderr: /port 65536/ },
  { name: 'bootstrap port that is not a number', args: () => ['topics', '--bootstrap', 'broker:http'], exit: USAGE, stderr: /"broker:http" is not host:port/ },
  { name: 'bootstrap with a space in a host', args: () => ['topics', '--bootstrap', 'bro ker:9092'], exit: USAGE, stderr: /contains a space/ },
  { name: 'bootstrap that is empty', args: () => ['topics', '--bootstrap', ''], exit: USAGE, stderr: /bootstrap address is empty/ },
  { name: 'bootstrap with an empty entry', args: () => ['topics', '--bootstrap', 'a:1,,b:2'], exit: USAGE, stderr: /empty entry/ },
  { name: 'bootstrap as a URL', args: () => ['topics', '--bootstrap', 'kafka://broker:9092'], exit: USAGE, stderr: /is a URL: use host:port, without the scheme \(broker:9092\)/ },
  { name: 'bootstrap with a unicode host', args: () => ['topics', '--bootstrap', 'bröker:9092'], exit: USAGE, stderr: /not a valid host name/ },
  {
    name: 'bootstrap of 40 hosts, none listening: one line, within the timeout',
    args: () => ['topics', '--bootstrap', Array.from({ length: 40 }, () => `127.0.0.1:${refusingPort}`).join(','), '--timeout', '3'],
    exit: FAILURE,
    stderr: /Broker unreachable|did not answer|No answer/,
    timeoutMs: 20_000,
  },
  { name: 'bootstrap of many hosts with spaces after commas, the live one last', args: () => ['topics', '--json', '--bootstrap', `127.0.0.1:${refusingPort}, ${testBroker().bootstrap[0]}`], exit: 0, stdout: /"name"/ },
  // Other options
  { name: '--timeout that is not a number', args: () => ['topics', '--timeout', 'soon'], exit: USAGE, stderr: /--timeout.*positive number of seconds/ },
  { name: '--max 0', args: () => ['tail', topic, '--max', '0'], exit: USAGE, stderr: /--max.*positive whole number/ },
  { name: '--last -1', args: () => ['tail', topic, '--last', '-1'], exit: USAGE, stderr: /--last.*0 or more/ },
  // Files to lint
  { name: 'lint an empty file', args: () => ['lint', file('empty.properties')], exit: 0, stdout: /no unsupported settings in 1 file/ },
  { name: 'lint a 20 MB file, quickly', args: () => ['lint', file('huge.properties')], exit: FAILURE, stdout: /huge\.properties:700001:1 error enable\.idempotence=true/, timeoutMs: 30_000 },
  { name: 'lint a 20 MB file of one unterminated comment', args: () => ['lint', file('comment.java')], exit: 0, stdout: /no unsupported settings/, timeoutMs: 30_000 },
  { name: 'lint a binary file: skipped with a note', args: () => ['lint', file('blob.yaml')], exit: 0, stderr: /skipping .*blob\.yaml: binary file/ },
  { name: 'lint a file that is not UTF-8: read, findings kept, a note', args: () => ['lint', file('latin1.properties')], exit: FAILURE, stderr: /latin1\.properties is not UTF-8/, stdout: /latin1\.properties:2:1 warning group\.instance\.id=x/ },
  { name: 'lint a directory', args: () => ['lint', file('a-dir.properties')], exit: USAGE, stderr: /cannot read .*a-dir\.properties: it is a folder/ },
  { name: 'lint a file of an unknown kind', args: () => ['lint', file('notes.docx')], exit: USAGE, stderr: /lint does not know this kind of file/ },
  { name: 'lint a file with escape sequences: findings shown escaped', args: () => ['lint', file('esc.properties')], exit: FAILURE, stdout: /group\.instance\.id=\\x1b\[2Jboom/ },
];

describe('ebx: bad input, table-driven', () => {
  before(async () => {
    session = openSession();
    topic = await topicWith(session, 'cli-bad', 2, Array.from({ length: 10 }, (_, i) => ({ value: `v${i}`, partition: 0, timestamp: Date.now() - 60_000 + i })));
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.fetchTopicOffsets(topic);
    await admin.deleteTopicRecords({ topic, partitions: [{ partition: 0, offset: '3' }] });
    groupId = uniqueName('cli-bad-group');
    await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '5' }] });
    await admin.disconnect();
    refusingPort = await closedPort();

    writeFileSync(file('empty.properties'), '');
    writeFileSync(file('huge.properties'), 'bootstrap.servers=broker:9092\n'.repeat(700_000) + 'enable.idempotence=true\n');
    writeFileSync(file('comment.java'), '/*'.repeat(10 * 1024 * 1024));
    writeFileSync(file('blob.yaml'), Buffer.concat([Buffer.from('a: 1\n'), Buffer.from([0, 1, 2, 0xff]), Buffer.alloc(1000, 7)]));
    writeFileSync(file('latin1.properties'), Buffer.from('# caf\u00e9 au lait\ngroup.instance.id=x\n', 'latin1'));
    mkdirSync(file('a-dir.properties'));
    writeFileSync(file('notes.docx'), 'x');
    writeFileSync(file('esc.properties'), 'group.instance.id=\u001b[2Jboom\n');
  });
  after(async () => {
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await session?.close();
  });

  test(`at least 40 cases (${cases.length})`, () => assert.ok(cases.length >= 40));

  for (const c of cases) {
    test(c.name, { timeout: 60_000 }, async () => {
      const run = await ebx(c.args(), { env: c.env?.() ?? live(), input: c.input, timeoutMs: c.timeoutMs ?? 30_000 });
      assert.equal(run.timedOut, false, `${c.name}: a hang`);
      assert.equal(run.code, c.exit, `exit code; stderr: ${run.stderr}`);
      assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
      if (c.stderr) assertOneCleanLine(run, c.stderr);
      else assert.equal(run.stderr, '', 'nothing on stderr');
      if (c.stdout) assert.match(run.stdout, c.stdout);
      else if (c.exit !== 0) assert.equal(run.stdout, '', 'nothing on stdout for a failure');
      // eslint-disable-next-line no-control-regex -- raw control characters are what this check looks for
      assert.doesNotMatch(run.stdout + run.stderr, /[\u001b\u009b]/, 'no raw escape reaches the terminal');
    });
  }

  test('no partial side effects: nothing created, nothing produced, nothing deleted', async () => {
    const names = (await listTopics(session)).map((t) => t.name);
    assert.ok(!names.includes(missing), 'reads, tails and produces of a missing topic never create it');
    assert.ok(!names.includes(refusedCreate), 'a refused create-topic leaves nothing');
    assert.ok(names.includes(topic), 'a refused delete-topic deletes nothing');
    const run = await ebx(['partitions', topic, '--json'], { env: live() });
    const partitions = JSON.parse(run.stdout) as { partition: number; high: number }[];
    assert.deepEqual(partitions.map((p) => [p.partition, p.high]), [[0, 10], [1, 0]], 'the refused produce wrote nothing');
    assert.ok((await listGroups(session, 'kafka')).groups.some((g) => g.groupId === groupId), 'a refused delete-group deletes nothing');
  });
});
