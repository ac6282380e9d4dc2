// The pure rules under the topic commands (issue 22): names as Kafka checks them, NAME=VALUE entries,
// and the plan lines a person confirms. The real-broker behaviour is in test/cli/topicAdmin.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTopicNameForCreation, collidingTopic, collisionWarning, validateTopicName } from '../../src/core/topics/topicName';
import { configAssignments, parseConfigAssignment } from '../../src/core/topics/configNames';
import { describeConfigChange } from '../../src/core/topics/topicConfig';
import { describeRecordsDeletion } from '../../src/core/topics/deleteRecordsPlan';
import { describeTopicDeletion } from '../../src/core/topics/deleteTopicsPlan';
import { describeTopicCreation } from '../../src/core/topics/createTopicPlan';

test('topic names: Kafka\'s characters, length, "." and ".."', () => {
  validateTopicName('orders.v2_eu-1');
  validateTopicName('t'.repeat(249));
  assert.throws(() => validateTopicName('t'.repeat(250)), /at most 249 characters \(this one has 250\)/);
  assert.throws(() => validateTopicName('..'), /does not allow "\." or "\.\."/);
  assert.throws(() => validateTopicName('or ders'), /use letters, digits, "\.", "_" and "-"/);
  assert.throws(() => validateTopicName(''), /A topic name is required/);
});

test('"." and "_" collide: the twin of an existing topic is refused, its own name is not', () => {
  assert.equal(collidingTopic('a_b', ['a.b', 'c']), 'a.b');
  assert.equal(collidingTopic('a.b', ['a_b']), 'a_b');
  assert.equal(collidingTopic('a.b', ['a.b']), undefined, 'the same name is "exists", not a collision');
  assert.equal(collidingTopic('a-b', ['a.b', 'a_b']), undefined, '"-" is its own character');
  assert.throws(() => checkTopicNameForCreation('a_b', ['a.b']), /"a_b" collides with the existing topic "a\.b"/);
  assert.match(collisionWarning('a.b') ?? '', /same character in its metrics/);
  assert.equal(collisionWarning('a-b'), undefined);
});

test('NAME=VALUE: the value may hold "=" or be empty; a bare name, a bad name or a name given twice is refused', () => {
  assert.deepEqual(parseConfigAssignment('retention.ms=100'), ['retention.ms', '100']);
  assert.deepEqual(parseConfigAssignment('message.timestamp.type=a=b'), ['message.timestamp.type', 'a=b']);
  assert.deepEqual(parseConfigAssignment('cleanup.policy='), ['cleanup.policy', '']);
  assert.throws(() => parseConfigAssignment('retention.ms'), /write it as NAME=VALUE/);
  assert.throws(() => parseConfigAssignment('=1'), /write it as NAME=VALUE/);
  assert.throws(() => parseConfigAssignment('Retention=1'), /not a configuration entry name/);
  assert.deepEqual(configAssignments(['a.b=1', 'a.b=1', 'c=2']), { 'a.b': '1', c: '2' });
  assert.throws(() => configAssignments(['a.b=1', 'a.b=2']), /a\.b is given twice \(1 and 2\)/);
});

test('the plan lines say what goes from what to what', () => {
  assert.deepEqual(
    describeConfigChange({
      topic: 't',
      changes: [
        { name: 'retention.ms', from: '1', to: '2' },
        { name: 'cleanup.policy', from: 'compact', to: null },
        { name: 'sasl.thing', from: null, to: 'x' },
      ],
      unchanged: [{ name: 'segment.ms', from: null, to: null }],
    }),
    ['retention.ms: 1 → 2', 'cleanup.policy: compact → (default)', 'sasl.thing: (hidden) → x', 'segment.ms: already the default (not sent)'],
  );
  assert.deepEqual(describeRecordsDeletion({ topic: 't', partitions: [{ partition: 0, low: 2, newLow: 3, removed: 1 }, { partition: 1, low: 0, newLow: 0, removed: 0 }] }), [
    'partition 0: first offset 2 → 3 (1 record removed)',
    'partition 1: first offset 0 → 0 (0 records removed)',
    '1 record in all',
  ]);
  assert.deepEqual(describeTopicDeletion({ topics: [{ topic: 'a', groups: ['g1', 'g2'] }, { topic: 'b', groups: [] }], unreadGroups: ['secret'] }), [
    'a: the committed offsets of 2 groups go with it: g1, g2',
    'b: no group has committed offsets on it',
    '(the commits of 1 group could not be read: secret)',
  ]);
  assert.deepEqual(describeTopicCreation({ name: 'o', partitions: 3, replicationFactor: null, configs: {}, warnings: [] }), [
    'topic:              o',
    'partitions:         3',
    "replication factor: the broker's default",
    "configuration:      the broker's defaults",
  ]);
});
