// Confluent's subject name strategies: which subject a topic's key or value schema is under, and
// the names a user may give a strategy by (short, class, class with its package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FormatError } from '../../../src/core/formats/formatTypes';
import { SUBJECT_STRATEGIES, parseSubjectStrategy, subjectName } from '../../../src/core/schemaRegistry/subjectStrategy';

test('TopicNameStrategy: topic-key and topic-value; the record name does not matter', () => {
  assert.equal(subjectName('TopicNameStrategy', 'orders', false), 'orders-value');
  assert.equal(subjectName('TopicNameStrategy', 'orders', true), 'orders-key');
  assert.equal(subjectName('TopicNameStrategy', 'shop.orders.v2', false, 'shop.Order'), 'shop.orders.v2-value');
});

test('RecordNameStrategy: the record full name, for key and value alike', () => {
  assert.equal(subjectName('RecordNameStrategy', 'orders', false, 'shop.Order'), 'shop.Order');
  assert.equal(subjectName('RecordNameStrategy', 'orders', true, 'shop.OrderKey'), 'shop.OrderKey');
});

test('TopicRecordNameStrategy: topic-fully.qualified.Name', () => {
  assert.equal(subjectName('TopicRecordNameStrategy', 'orders', false, 'shop.Order'), 'orders-shop.Order');
  assert.equal(subjectName('TopicRecordNameStrategy', 'payments', true, 'Key'), 'payments-Key');
});

test('a record-named strategy without a record name is one sentence naming the strategy', () => {
  for (const strategy of ['RecordNameStrategy', 'TopicRecordNameStrategy'] as const) {
    for (const recordName of [undefined, '']) {
      assert.throws(
        () => subjectName(strategy, 'orders', false, recordName),
        (err: unknown) =>
          err instanceof FormatError &&
          err.message.includes(strategy) &&
          err.message.includes("record's full name") &&
          err.message.endsWith('.') &&
          !err.message.includes('\n'),
      );
    }
  }
});

test('parseSubjectStrategy: short names, class names, class names with the Confluent package, spaces and case of short names', () => {
  const cases: [string, string][] = [
    ['topic', 'TopicNameStrategy'],
    ['record', 'RecordNameStrategy'],
    ['topic-record', 'TopicRecordNameStrategy'],
    [' Topic-Record ', 'TopicRecordNameStrategy'],
    ['RECORD', 'RecordNameStrategy'],
    ['TopicNameStrategy', 'TopicNameStrategy'],
    ['RecordNameStrategy', 'RecordNameStrategy'],
    ['TopicRecordNameStrategy', 'TopicRecordNameStrategy'],
    ['io.confluent.kafka.serializers.subject.TopicNameStrategy', 'TopicNameStrategy'],
    ['io.confluent.kafka.serializers.subject.RecordNameStrategy', 'RecordNameStrategy'],
    ['io.confluent.kafka.serializers.subject.TopicRecordNameStrategy', 'TopicRecordNameStrategy'],
  ];
  for (const [text, strategy] of cases) assert.equal(parseSubjectStrategy(text), strategy, text);
  // Every strategy has a name that parses to it: the list and the parser agree.
  for (const strategy of SUBJECT_STRATEGIES) assert.equal(parseSubjectStrategy(strategy), strategy);
});

test('parseSubjectStrategy: anything else is one sentence listing the names it accepts', () => {
  for (const text of ['', 'topics', 'topic_record', 'com.example.TopicNameStrategy', 'io.confluent.kafka.serializers.subject.Other']) {
    assert.throws(
      () => parseSubjectStrategy(text),
      (err: unknown) =>
        err instanceof FormatError &&
        err.message.startsWith(`${JSON.stringify(text.trim())} is not a subject strategy: use topic, record or topic-record`) &&
        err.message.endsWith('.'),
      text,
    );
  }
  const long = 'x'.repeat(500);
  assert.throws(
    () => parseSubjectStrategy(long),
    (err: unknown) => err instanceof FormatError && err.message.length < 300,
  );
});
