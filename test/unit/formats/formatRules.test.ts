// eventBroker.recordFormats: which entry applies to a topic, what each entry means per field, each
// unusable entry told in one sentence, and "Value Format…"'s change to the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldChoice, fieldSpecFor, ruleFor, ruleProblems, topicPatternMatches, usableRules, withFieldChoice, type FormatRule } from '../../../src/core/formats/formatRules';
import { FormatError, type SchemaCodec } from '../../../src/core/formats/formatTypes';

test('topic patterns: * is any run, ? one character, everything else literal', () => {
  assert.ok(topicPatternMatches('orders', 'orders'));
  assert.ok(!topicPatternMatches('orders', 'orders2'));
  assert.ok(topicPatternMatches('orders.*', 'orders.eu'));
  assert.ok(topicPatternMatches('orders.*', 'orders.'));
  assert.ok(!topicPatternMatches('orders.*', 'ordersXeu'), 'a dot is a dot, not any character');
  assert.ok(topicPatternMatches('*', 'anything'));
  assert.ok(topicPatternMatches('v?', 'v1'));
  assert.ok(!topicPatternMatches('v?', 'v12'));
  assert.ok(topicPatternMatches('a+b(*)', 'a+b(x)'), 'regular-expression characters are literal');
  assert.ok(!topicPatternMatches('a+b', 'aab'));
});

test('the first matching entry wins, and an entry for another connection is skipped', () => {
  const rules: FormatRule[] = [
    { topic: 'orders', connection: 'prod', valueFormat: 'avro' },
    { topic: 'orders*', valueFormat: 'json' },
    { topic: '*', valueFormat: 'string' },
  ];
  assert.equal(ruleFor(rules, 'prod', 'orders')?.valueFormat, 'avro');
  assert.equal(ruleFor(rules, 'staging', 'orders')?.valueFormat, 'json');
  assert.equal(ruleFor(rules, 'staging', 'payments')?.valueFormat, 'string');
  assert.equal(ruleFor([], 'prod', 'orders'), undefined);
});

test('a field without a format takes it from its schema file, or protobuf from a message, else auto', () => {
  assert.deepEqual(fieldChoice({ topic: 't', valueSchema: 's/order.avsc' }, 'value'), { format: 'avro', schemaFile: 's/order.avsc' });
  assert.deepEqual(fieldChoice({ topic: 't', valueSchema: 'order.proto', valueMessage: 'shop.Order' }, 'value'), { format: 'protobuf', schemaFile: 'order.proto', message: 'shop.Order' });
  assert.deepEqual(fieldChoice({ topic: 't', keyMessage: 'shop.Key' }, 'key'), { format: 'protobuf', message: 'shop.Key' });
  assert.deepEqual(fieldChoice({ topic: 't', valueFormat: 'avro' }, 'key'), { format: 'auto' });
  assert.deepEqual(fieldChoice(undefined, 'value'), { format: 'auto' });
});

test('each unusable entry is one sentence naming it; usable entries are kept in order', () => {
  const entries = [
    { topic: 'a', valueFormat: 'avro', valueSchema: 'a.avsc' },
    { topic: 'b', valueFormat: 'avroo' },
    { valueFormat: 'json' },
    { topic: 'c', valueSchema: 'c.proto', valueFormat: 'avro' },
    { topic: 'd', keyMessage: 'x.Y', keyFormat: 'json' },
    { topic: 'e', valueFormat: 'string', valueSchema: 'e.avsc' },
    { topic: 'f', colour: 'blue' },
    'orders',
    { topic: 'g', valueFormat: 'protobuf' },
    { topic: 'h', valueFormat: 'json-schema', valueSchema: 'h.json' },
  ];
  const { rules, problems } = usableRules(entries);
  assert.deepEqual(rules.map((r) => r.topic), ['a', 'g', 'h']);
  for (const p of problems) assert.match(p, /^recordFormats\[\d+\][^\n]*\.$/, p);
  assert.ok(problems.some((p) => p.includes('[1].valueFormat "avroo" is not a format')));
  assert.ok(problems.some((p) => p.includes('[2] needs "topic"')));
  assert.ok(problems.some((p) => p.includes('[3]: valueSchema "c.proto" is a Protobuf schema, but the value format is avro')));
  assert.ok(problems.some((p) => p.includes('[4]: keyMessage names a Protobuf message type, but the key format is json')));
  assert.ok(problems.some((p) => p.includes('[5]: valueSchema gives a schema, but the value format string reads without one')));
  assert.ok(problems.some((p) => p.includes('[6] has "colour"')));
  assert.ok(problems.some((p) => p.includes('[7] is not an object')));
  // Without a file, a schema format is checked where the connection (its registry) is known.
  assert.ok(!problems.some((p) => p.includes('[8]')));
  assert.deepEqual(usableRules('x').problems, ['recordFormats is not a list of record formats.']);
  assert.deepEqual(usableRules(undefined), { rules: [], problems: [] });
  assert.deepEqual(ruleProblems({ topic: 'ok', keyFormat: 'int64', valueFormat: 'json' }, 'e'), []);
});

test('subjectStrategy: topic, record, topic-record or a Confluent class name; anything else one sentence', () => {
  for (const strategy of ['topic', 'record', 'topic-record', 'RecordNameStrategy', 'io.confluent.kafka.serializers.subject.TopicRecordNameStrategy']) {
    assert.deepEqual(ruleProblems({ topic: 'orders', valueSchema: 'o.avsc', subjectStrategy: strategy }, 'e'), [], strategy);
  }
  assert.deepEqual(ruleProblems({ topic: 'orders', subjectStrategy: 'by-name' }, 'recordFormats[0]'), [
    'recordFormats[0].subjectStrategy: "by-name" is not a subject strategy: use topic, record or topic-record (or TopicNameStrategy, RecordNameStrategy, TopicRecordNameStrategy).',
  ]);
});

test('fieldSpecFor loads the schema file, and refuses a schema format with neither file nor registry', () => {
  const codec = { label: { format: 'avro', id: null, name: 'x.Y' } } as unknown as SchemaCodec;
  const loaded: unknown[] = [];
  const loadFile = (file: string, format: string, message: string | undefined) => {
    loaded.push([file, format, message]);
    return codec;
  };
  assert.deepEqual(fieldSpecFor('value', { format: 'avro', schemaFile: 'o.avsc' }, { hasRegistry: false, loadFile }), { format: 'avro', codec });
  assert.deepEqual(loaded, [['o.avsc', 'avro', undefined]]);
  assert.deepEqual(fieldSpecFor('value', { format: 'avro' }, { hasRegistry: true, loadFile }), { format: 'avro' });
  assert.throws(
    () => fieldSpecFor('value', { format: 'protobuf' }, { hasRegistry: false, loadFile }),
    (err: unknown) => err instanceof FormatError && /the value format protobuf needs a schema: valueSchema \(a workspace file\) or a schema registry/.test(err.message),
  );
  assert.deepEqual(fieldSpecFor('key', { format: 'int64' }, { hasRegistry: false, loadFile }), { format: 'int64' });
});

test('withFieldChoice: one entry for exactly this topic and connection, first, the other field kept', () => {
  const pattern = { topic: 'orders.*', valueFormat: 'avro', valueSchema: 'o.avsc', keyFormat: 'string' };
  const broken = { topic: 'x', valueFormat: 'nope' };
  const after = withFieldChoice([broken, pattern], 'prod', 'orders.eu', 'value', { format: 'protobuf', schemaFile: 'o.proto', message: 'shop.Order' });
  assert.deepEqual(after, [
    { topic: 'orders.eu', connection: 'prod', keyFormat: 'string', valueFormat: 'protobuf', valueSchema: 'o.proto', valueMessage: 'shop.Order' },
    broken,
    pattern,
  ]);
  // Changed again: the same entry is replaced, not added.
  const again = withFieldChoice(after, 'prod', 'orders.eu', 'key', { format: 'int64' });
  assert.equal(again.length, 3);
  assert.deepEqual(again[0], { topic: 'orders.eu', connection: 'prod', keyFormat: 'int64', valueFormat: 'protobuf', valueSchema: 'o.proto', valueMessage: 'shop.Order' });
  // "auto" under a pattern that reads otherwise is written out, or the pattern would apply again.
  const autoValue = withFieldChoice([pattern], 'prod', 'orders.eu', 'value', { format: 'auto' });
  assert.deepEqual(autoValue[0], { topic: 'orders.eu', connection: 'prod', keyFormat: 'string', valueFormat: 'auto' });
  // An entry that says nothing any more goes.
  assert.deepEqual(withFieldChoice([{ topic: 't', connection: 'c', valueFormat: 'json' }], 'c', 't', 'value', { format: 'auto' }), []);
});
