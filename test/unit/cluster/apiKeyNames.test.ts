// Api key names: kafkajs's table, with Kafka's own names where kafkajs has an older one or none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiKeyName } from '../../../src/core/kafka/apiKeyNames';

test('api keys are named as kafka-broker-api-versions names them', () => {
  assert.deepEqual([0, 1, 3, 10, 21, 37, 43, 44, 47, 68, 69, 75].map(apiKeyName), [
    'Produce',
    'Fetch',
    'Metadata',
    'FindCoordinator',
    'DeleteRecords',
    'CreatePartitions',
    'ElectLeaders',
    'IncrementalAlterConfigs',
    'OffsetDelete',
    'ConsumerGroupHeartbeat',
    'ConsumerGroupDescribe',
    'DescribeTopicPartitions',
  ]);
});

test('a key no table knows is named by its number', () => {
  assert.equal(apiKeyName(32_000), 'API 32000');
});
