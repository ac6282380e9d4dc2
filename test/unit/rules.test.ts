// Fast table-driven tests of core's pure parts: parsing, plans, lag, backoff, decoding.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTime } from '../../src/core/time';
import { parseBootstrap, parseSaslMechanism } from '../../src/core/connection';
import { explainError, UsageError } from '../../src/core/errors';
import { idleGroupsPlan } from '../../src/core/groups/deleteGroups';
import { lagOf } from '../../src/core/groups/describeGroup';
import { decodeAssignment } from '../../src/core/kafka/memberAssignment';
import { classifyError } from '../../src/core/kafka/classifyError';
import type { BrokerError } from '../../src/core/brokerError';
import { IdleBackoff } from '../../src/core/reader/idleBackoff';
import { showBytes } from '../../src/core/rendering/decode';
import { decompressSnappy } from '../../src/core/kafka/codecs';
import { AssignerProtocol } from 'kafkajs';

const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('parseTime', () => {
  const good: [string, number][] = [
    ['2026-11-30T10:00:00Z', Date.parse('2026-11-30T10:00:00Z')],
    ['2026-11-30T10:00:00.123+01:00', Date.parse('2026-11-30T09:00:00.123Z')],
    ['2026-11-30', Date.parse('2026-11-30')],
    ['1764496800000', 1764496800000],
    ['0', 0],
    ['-15m', NOW - 15 * 60_000],
    ['-2h', NOW - 2 * 3_600_000],
    ['-1d', NOW - 86_400_000],
    ['-30s', NOW - 30_000],
    ['  -1w ', NOW - 7 * 86_400_000],
    ['now', NOW],
  ];
  for (const [input, expected] of good) test(`accepts ${JSON.stringify(input)}`, () => assert.equal(parseTime(input, NOW), expected));
  const bad = ['', 'yesterday', '15m', '-15x', '2026-13-45T99:00:00Z', '99999999999999999999', '12:00', '-m'];
  for (const input of bad) {
    test(`rejects ${JSON.stringify(input)} with a sentence`, () => {
      assert.throws(() => parseTime(input, NOW), (err: Error) => err instanceof UsageError && err.message.length > 10 && !err.message.includes('\n'));
    });
  }
});

describe('parseBootstrap', () => {
  test('accepts one or many host:port', () => {
    assert.deepEqual(parseBootstrap('127.0.0.1:9092'), ['127.0.0.1:9092']);
    assert.deepEqual(parseBootstrap('a.example:9092,b-2.example:19092'), ['a.example:9092', 'b-2.example:19092']);
    assert.deepEqual(parseBootstrap(' broker:9092 '), ['broker:9092']);
    assert.deepEqual(parseBootstrap('[::1]:9092'), ['[::1]:9092']);
  });
  const bad: [string, RegExp][] = [
    ['', /empty/],
    ['broker', /not host:port/],
    ['broker:0', /not between 1 and 65535/],
    ['broker:65536', /not between 1 and 65535/],
    ['broker:99999', /not between/],
    ['broker:port', /not host:port/],
    ['a:1,,b:2', /empty entry/],
    ['a:1, b :2', /space/],
    ['http://broker:9092', /is a URL: use host:port, without the scheme \(broker:9092\)/],
  ];
  for (const [input, message] of bad) test(`rejects ${JSON.stringify(input)}`, () => assert.throws(() => parseBootstrap(input), message));
  test('SASL mechanisms', () => {
    assert.equal(parseSaslMechanism('PLAIN'), 'plain');
    assert.equal(parseSaslMechanism('scram-sha-512'), 'scram-sha-512');
    assert.throws(() => parseSaslMechanism('gssapi'), /not a SASL mechanism/);
  });
});

describe('explainError over classified kafkajs errors', () => {
  const explain = (err: object) => explainError(classifyError(err));
  test('turns kafkajs errors into one sentence of the right kind', () => {
    const denied = classifyError({ name: 'KafkaJSProtocolError', type: 'GROUP_AUTHORIZATION_FAILED', message: 'x' }) as BrokerError;
    assert.equal(denied.kind, 'denied');
    assert.match(denied.message, /Not authorized .*group/);
    const down = classifyError({ name: 'KafkaJSConnectionError', message: 'Connection error: connect ECONNREFUSED 127.0.0.1:1' }) as BrokerError;
    assert.equal(down.kind, 'unreachable');
    assert.equal(down.retriable, true);
    assert.match(down.message, /Broker unreachable at 127\.0\.0\.1:1/);
    const auth = classifyError({ name: 'KafkaJSSASLAuthenticationError', message: 'SASL PLAIN authentication failed: Authentication failed: Invalid username or password' }) as BrokerError;
    assert.equal(auth.kind, 'auth');
    assert.equal(auth.retriable, false);
    assert.match(auth.message, /Authentication failed/);
    assert.equal(explain({ name: 'KafkaJSNumberOfRetriesExceeded', message: 'gave up', originalError: { name: 'KafkaJSProtocolError', type: 'NOT_LEADER_OR_FOLLOWER', message: 'moved' } }), 'The broker answered NOT_LEADER_OR_FOLLOWER: moved.');
    const moved = classifyError({ name: 'KafkaJSNumberOfRetriesExceeded', message: 'gave up', originalError: { name: 'KafkaJSProtocolError', type: 'NOT_LEADER_OR_FOLLOWER', message: 'moved' } }) as BrokerError;
    assert.equal(moved.kind, 'retriable');
    const range = classifyError({ name: 'KafkaJSOffsetOutOfRange', type: 'OFFSET_OUT_OF_RANGE', message: 'out', topic: 't', partition: 3 }) as BrokerError;
    assert.deepEqual([range.kind, range.details.topic, range.details.partition], ['offsetOutOfRange', 't', 3]);
    const cert = classifyError({ name: 'KafkaJSConnectionError', message: 'Connection error: self-signed certificate', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) as BrokerError;
    assert.equal(cert.kind, 'certificate');
    assert.doesNotMatch(cert.message, /--ca/, 'core sentences name no CLI flags');
    assert.equal(explainError(new UsageError('Plain words.')), 'Plain words.');
    assert.equal(explainError(new Error('first\n    at stack')), 'first');
  });
  test('our own errors and cancellations pass through unchanged', () => {
    const usage = new UsageError('u');
    assert.equal(classifyError(usage), usage);
    const abort = Object.assign(new Error('stop'), { name: 'AbortError' });
    assert.equal(classifyError(abort), abort);
  });
});

describe('idleGroupsPlan', () => {
  const group = (groupId: string, state: string) => ({ groupId, state, protocolType: 'consumer', protocol: 'range', members: state === 'Stable' ? 1 : 0, type: 'classic' });
  const groups = [group('b-empty', 'Empty'), group('a-empty', 'Empty'), group('busy', 'Stable'), group('dead', 'Dead'), group('test-1', 'Empty'), group('test-2', 'PreparingRebalance')];
  test('lists only Empty groups, sorted', () => assert.deepEqual(idleGroupsPlan(groups), ['a-empty', 'b-empty', 'test-1']));
  test('filters by prefix: the start of the id, not anywhere in it', () => assert.deepEqual(idleGroupsPlan([...groups, group('old-test-3', 'Empty')], 'test-'), ['test-1']));
  test('empty when nothing is idle', () => assert.deepEqual(idleGroupsPlan([group('busy', 'Stable')]), []));
});

describe('lag', () => {
  const cases: [number | null, number | null, number | null][] = [
    [5, 10, 5],
    [10, 10, 0],
    [12, 10, 0], // the end offset trails on VAST: never negative
    [null, 10, null], // no commit is not lag 0
    [0, 10, 10],
    [5, null, null],
  ];
  for (const [committed, end, lag] of cases) test(`committed ${committed}, end ${end} -> ${lag}`, () => assert.equal(lagOf(committed, end), lag));
});

describe('decodeAssignment', () => {
  test('decodes the consumer protocol assignment', () => {
    const raw = AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: { orders: [2, 0], audit: [1] }, userData: Buffer.alloc(0) });
    assert.deepEqual(decodeAssignment(raw, 'consumer'), [
      { topic: 'audit', partitions: [1] },
      { topic: 'orders', partitions: [0, 2] },
    ]);
  });
  test('leaves other protocols and junk alone', () => {
    assert.deepEqual(decodeAssignment(Buffer.from([1, 2, 3]), 'connect'), []);
    assert.deepEqual(decodeAssignment(Buffer.from([0xff, 0xff, 0xff]), 'consumer'), []);
    assert.deepEqual(decodeAssignment(null, 'consumer'), []);
  });
});

describe('IdleBackoff', () => {
  test('a broker that answers empty at once is backed off up to the cap', () => {
    const backoff = new IdleBackoff(10, 100);
    const delays = Array.from({ length: 7 }, () => backoff.next(false, 1, 500));
    assert.deepEqual(delays, [10, 20, 40, 80, 100, 100, 100]);
    // At most about 10 fetches per second while idle.
    assert.ok(1000 / delays[delays.length - 1] <= 10);
  });
  test('data or a broker that waited resets it', () => {
    const backoff = new IdleBackoff(10, 100);
    backoff.next(false, 1, 500);
    backoff.next(false, 1, 500);
    assert.equal(backoff.next(true, 1, 500), 0);
    backoff.next(false, 1, 500);
    assert.equal(backoff.next(false, 480, 500), 0, 'Apache Kafka waited for data itself');
  });
  test('a reader that asks for no wait still backs off when idle', () => {
    const backoff = new IdleBackoff(10, 100);
    assert.deepEqual([backoff.next(false, 0, 0), backoff.next(false, 1, 0), backoff.next(false, 0, 0)], [10, 20, 40]);
  });
});

describe('showBytes', () => {
  test('UTF-8 stays text, anything else is base64 and marked', () => {
    assert.equal(showBytes(Buffer.from('héllo ✓', 'utf8')), 'héllo ✓');
    assert.deepEqual(showBytes(Buffer.from([0xff, 0xfe, 0x00, 0x80])), { base64: '//4AgA==' });
    assert.equal(showBytes(null), null);
    assert.equal(showBytes(Buffer.alloc(0)), '');
  });
});

describe('snappy framing', () => {
  test('reads xerial-framed blocks as the Java client writes them', () => {
    // "hello" as one raw snappy block: length varint 5, literal tag (4 << 2), bytes.
    const block = Buffer.from([5, 4 << 2, ...Buffer.from('hello')]);
    const header = Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0x00, 0, 0, 0, 1, 0, 0, 0, 1]);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(block.length);
    const framed = Buffer.concat([header, size, block, size, block]);
    assert.equal(decompressSnappy(framed).toString(), 'hellohello');
    assert.equal(decompressSnappy(block).toString(), 'hello');
  });
});
