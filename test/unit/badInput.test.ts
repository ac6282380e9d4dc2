// Bad input to core's pure parsers: every case is a UsageError with one clear sentence, on one line.
// (Bad input that needs the broker: test/core/badInput.test.ts.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTime } from '../../src/core/time';
import { parseBootstrap } from '../../src/core/connection';
import { validateTopicName } from '../../src/core/topics/topicName';
import { UsageError } from '../../src/core/errors';

const NOW = Date.parse('2026-11-30T10:00:00Z');

/** [input, expected message] — every one a UsageError, on one line. */
const badTimes: [string, RegExp][] = [
  ['', /A time is required/],
  ['   ', /A time is required/],
  ['yesterday', /"yesterday" is not a time/],
  ['2026-13-45', /"2026-13-45" is not a time/],
  ['2026-11-30T25:00:00Z', /is not a time/],
  ['-5x', /"-5x" is not a time/],
  ['+15m', /is not a time/],
  ['1e10', /"1e10" is not a time/],
  ['99999999999999999', /too large for a time/],
  ['-15', /is not a time/],
  ['\u001b[2J', /is not a time/],
  ['x'.repeat(10_000), /is not a time/],
];

const badBootstraps: [string, RegExp][] = [
  ['', /bootstrap address is empty/],
  ['broker', /"broker" is not host:port/],
  ['broker:', /is not host:port/],
  [':9092', /is not host:port/],
  ['broker:0', /port 0, which is not between 1 and 65535/],
  ['broker:65536', /port 65536/],
  ['broker:-1', /is not host:port/],
  ['broker:abc', /is not host:port/],
  ['bro ker:9092', /contains a space/],
  ['a:1,,b:2', /empty entry/],
  [',', /empty entry/],
  ['a:1;b:2', /is not host:port|not a valid host/],
  ['http://broker:9092', /is a URL: use host:port, without the scheme \(broker:9092\)/],
  ['bröker:9092', /not a valid host name/],
];

const badTopicNames: [string, RegExp][] = [
  ['', /A topic name is required/],
  ['   ', /A topic name is required/],
  ['t'.repeat(250), /at most 249 characters/],
  ['tøpic', /"tøpic" is not a valid topic name/],
  ['主题', /is not a valid topic name/],
  ['a b', /is not a valid topic name/],
  ['a/b', /is not a valid topic name/],
  ['.', /not allow "\." or "\.\."/],
  ['..', /not allow "\." or "\.\."/],
  ['evil\u001b[2J', /is not a valid topic name/],
];

describe('bad input: pure parsers (table-driven)', () => {
  for (const [input, message] of badTimes) {
    test(`time ${JSON.stringify(input.slice(0, 20))} → ${message}`, () => {
      assert.throws(() => parseTime(input, NOW), (err: Error) => err instanceof UsageError && message.test(err.message) && !err.message.includes('\n'));
    });
  }
  test('a long bad time is shortened in the message', () => {
    assert.throws(() => parseTime('x'.repeat(10_000), NOW), (err: Error) => err.message.length < 300);
  });
  for (const [input, message] of badBootstraps) {
    test(`bootstrap ${JSON.stringify(input)} → ${message}`, () => {
      assert.throws(() => parseBootstrap(input), (err: Error) => err instanceof UsageError && message.test(err.message));
    });
  }
  test('many hosts, IPv6 and surrounding spaces are fine', () => {
    const many = Array.from({ length: 50 }, (_, i) => `broker-${i}.example.com:${9092 + i}`);
    assert.deepEqual(parseBootstrap(many.join(',')), many);
    assert.deepEqual(parseBootstrap(' a:1 , b:2 '), ['a:1', 'b:2']);
    assert.deepEqual(parseBootstrap('[::1]:9092'), ['[::1]:9092']);
  });
  for (const [input, message] of badTopicNames) {
    test(`topic name ${JSON.stringify(input.slice(0, 20))} → ${message}`, () => {
      assert.throws(() => validateTopicName(input), (err: Error) => err instanceof UsageError && message.test(err.message));
    });
  }
});

