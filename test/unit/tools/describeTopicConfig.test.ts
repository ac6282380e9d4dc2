// ebx_describeTopic's configuration part, driven by a tiny fake of our own ClusterAccess (only the
// calls a describe makes): the topic's own entries and those set on the brokers listed, the defaults
// only counted, sensitive values hidden, a long value cut, and a refused DescribeConfigs one line
// under partitions that are still shown. The real-broker tier (test/cli/mcp.test.ts) checks an entry
// set with Apache Kafka's own tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EARLIEST, type ClusterAccess, type ConfigEntry } from '../../../src/core/clusterAccess';
import { KafkaSession } from '../../../src/core/session';
import { BrokerError } from '../../../src/core/brokerError';
import type { ToolContext } from '../../../src/core/tools/toolDefinition';
import { CONFIG_VALUE_LIMIT, describeTopicTool } from '../../../src/core/tools/describeTopicTool';
import { runReadingTool } from '../../../src/core/tools/toolRunner';

const entry = (name: string, value: string | null, source: string, extra: Partial<ConfigEntry> = {}): ConfigEntry => ({
  name,
  value,
  source,
  isDefault: source === 'DEFAULT_CONFIG',
  readOnly: false,
  sensitive: false,
  ...extra,
});

function describeWith(config: () => Promise<ConfigEntry[]>) {
  const fake: Partial<ClusterAccess> = {
    topicMetadata: (topic) => Promise.resolve({ name: topic, internal: false, partitions: [{ partition: 0, leader: 1, replicas: [1], isr: [1] }] }),
    listOffsets: (queries) => Promise.resolve(queries.map((q) => ({ topic: q.topic, partition: q.partition, offset: q.timestamp === EARLIEST ? 0 : 7, timestamp: null }))),
    describeTopicConfig: config,
  };
  const session = KafkaSession.over(fake as ClusterAccess, { timeoutMs: 5_000 });
  const context: ToolContext = {
    profile: 'kafka',
    connections: () => [],
    session: () => Promise.resolve({ session, connection: { name: 'test', bootstrap: 'b:9092', auth: 'none', username: null, tls: false, readOnly: false } }),
    readTextFile: () => Promise.reject(new Error('unused')),
  };
  return runReadingTool(describeTopicTool, context, { topic: 'orders' }, new AbortController().signal);
}

test('the topic\'s own entries, then those set on the brokers, in full; the defaults counted', async () => {
  const long = 'x'.repeat(CONFIG_VALUE_LIMIT + 50);
  const outcome = await describeWith(() =>
    Promise.resolve([
      entry('segment.bytes', '1048576', 'STATIC_BROKER_CONFIG'),
      entry('retention.ms', '3600000', 'DYNAMIC_TOPIC_CONFIG'),
      entry('cleanup.policy', 'delete', 'DEFAULT_CONFIG'),
      entry('sasl.secret.thing', null, 'DYNAMIC_TOPIC_CONFIG', { sensitive: true }),
      entry('message.format.version', '3.0-IV1', 'DEFAULT_CONFIG', { readOnly: true }),
      entry('follower.replication.throttled.replicas', long, 'DYNAMIC_DEFAULT_BROKER_CONFIG', { readOnly: true }),
    ]),
  );
  assert.equal(outcome.ok, true);
  const lines = outcome.text.split('\n');
  assert.equal(lines[0], 'Topic orders: 1 partition, offsets summed 0…7≈.');
  assert.deepEqual(lines.slice(lines.indexOf('Configuration: 2 entries set on the topic, 2 entries set on the brokers, 2 Kafka defaults (not listed).')), [
    'Configuration: 2 entries set on the topic, 2 entries set on the brokers, 2 Kafka defaults (not listed).',
    'retention.ms=3600000 (topic)',
    'sasl.secret.thing=(hidden) (topic)',
    `follower.replication.throttled.replicas=${'x'.repeat(CONFIG_VALUE_LIMIT)}… (${CONFIG_VALUE_LIMIT + 50} characters) (all brokers (dynamic), read-only)`,
    'segment.bytes=1048576 (broker (server.properties))',
  ]);
  assert.ok(!outcome.text.includes('cleanup.policy'), 'defaults are not listed');
});

test('only defaults: the count alone', async () => {
  const outcome = await describeWith(() => Promise.resolve([entry('cleanup.policy', 'delete', 'DEFAULT_CONFIG')]));
  assert.equal(outcome.text.split('\n').at(-1), 'Configuration: 0 entries set on the topic, 0 entries set on the brokers, 1 Kafka default (not listed).');
});

test('a refused DescribeConfigs is one line; the partitions are still described', async () => {
  const outcome = await describeWith(() => Promise.reject(new BrokerError('denied', 'Not authorized to describe the configuration of orders.', { topic: 'orders' })));
  assert.equal(outcome.ok, true);
  assert.match(outcome.text, /^Topic orders: 1 partition, offsets summed 0…7≈\.\np0: 0…7≈ leader 1/);
  assert.equal(outcome.text.split('\n').at(-1), 'Configuration not read: Not authorized to describe the configuration of orders.');
});
