// The topic tools' input as an MCP client may send it: each wrong form is one sentence naming the
// field, beside a good input of the same field (so a check that refused everything fails too), and
// a wrong input is refused before any session is asked for. None of them is offered read-only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/core/errors';
import { checkToolInput } from '../../../src/core/tools/checkToolInput';
import type { ToolContext, ToolDefinition } from '../../../src/core/tools/toolDefinition';
import { createTopicTool } from '../../../src/core/tools/createTopicTool';
import { alterTopicConfigTool } from '../../../src/core/tools/alterTopicConfigTool';
import { deleteTopicTool } from '../../../src/core/tools/deleteTopicTool';
import { toolsOffered } from '../../../src/core/tools/toolList';
import { prepareChangingTool } from '../../../src/core/tools/toolRunner';

function refusal(tool: ToolDefinition, input: unknown): string | undefined {
  try {
    checkToolInput(tool.input, input);
    return undefined;
  } catch (err) {
    assert.ok(err instanceof UsageError, `a UsageError, not ${String(err)}`);
    assert.ok(!err.message.includes('\n'), `one sentence: ${err.message}`);
    return err.message;
  }
}

test('create topic: name, partitions, replication factor and configs, each refused in one sentence', () => {
  const good = { name: 'orders', partitions: 3 };
  assert.equal(refusal(createTopicTool, good), undefined);
  assert.equal(refusal(createTopicTool, { ...good, replicationFactor: 1, configs: { 'retention.ms': '3600000' } }), undefined);
  assert.equal(refusal(createTopicTool, { partitions: 3 }), '"name" is required.');
  assert.equal(refusal(createTopicTool, { name: ' ', partitions: 3 }), '"name" is required.');
  assert.equal(refusal(createTopicTool, { name: 7, partitions: 3 }), '"name" must be a string.');
  assert.equal(refusal(createTopicTool, { name: 'orders' }), '"partitions" is required.');
  assert.equal(refusal(createTopicTool, { ...good, partitions: '3' }), '"partitions" must be a whole number.');
  assert.equal(refusal(createTopicTool, { ...good, partitions: 0 }), '"partitions" must be between 1 and 2147483647 (got 0).');
  assert.equal(refusal(createTopicTool, { ...good, partitions: 2.5 }), '"partitions" must be a whole number.');
  assert.equal(refusal(createTopicTool, { ...good, replicationFactor: 0 }), '"replicationFactor" must be between 1 and 32767 (got 0).');
  assert.equal(refusal(createTopicTool, { ...good, configs: ['retention.ms=1'] }), '"configs" must be an object of configuration entry names to text values.');
  assert.equal(refusal(createTopicTool, { ...good, configs: { 'retention.ms': 3600000 } }), '"configs" must be an object of configuration entry names to text values.');
  assert.equal(refusal(createTopicTool, { ...good, topic: 'orders' }), 'Unknown input "topic": it takes "connection", "name", "partitions", "replicationFactor", "configs".');
});

test('alter topic config: topic, set and reset, each refused in one sentence', () => {
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', set: { 'retention.ms': '1000' } }), undefined);
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', reset: ['cleanup.policy'] }), undefined);
  assert.equal(refusal(alterTopicConfigTool, { set: { 'retention.ms': '1000' } }), '"topic" is required.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', set: 'retention.ms=1000' }), '"set" must be an object of configuration entry names to text values.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', set: { 'retention.ms': 1000 } }), '"set" must be an object of configuration entry names to text values.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', reset: 'cleanup.policy' }), '"reset" must be a list of at least one name.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', reset: [] }), '"reset" must be a list of at least one name.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', reset: ['cleanup.policy', ''] }), 'Every entry of "reset" must be a non-empty string.');
  assert.equal(refusal(alterTopicConfigTool, { topic: 't', delete: ['x'] }), 'Unknown input "delete": it takes "connection", "topic", "set", "reset".');
});

test('delete topic: a list of 1 to 20 names', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
  assert.equal(refusal(deleteTopicTool, { topics: ['orders'] }), undefined);
  assert.equal(refusal(deleteTopicTool, { topics: twenty }), undefined);
  assert.equal(refusal(deleteTopicTool, { topics: [...twenty, 't20'] }), '"topics" may name at most 20 entries (got 21).');
  assert.equal(refusal(deleteTopicTool, { topics: 'orders' }), '"topics" must be a list of at least one name.');
  assert.equal(refusal(deleteTopicTool, { topics: [] }), '"topics" must be a list of at least one name.');
  assert.equal(refusal(deleteTopicTool, { topics: ['orders', 3] }), 'Every entry of "topics" must be a non-empty string.');
  assert.equal(refusal(deleteTopicTool, {}), '"topics" must be a list of at least one name.');
  assert.equal(refusal(deleteTopicTool, { topic: 'orders' }), 'Unknown input "topic": it takes "connection", "topics".');
});

test('bad input is one sentence before any session is opened, also an edit that names nothing', async () => {
  const context: ToolContext = {
    profile: 'vast',
    connections: () => [],
    session: () => Promise.reject(new Error('no session may be opened for bad input')),
    readTextFile: () => Promise.reject(new Error('unused')),
  };
  const signal = new AbortController().signal;
  assert.deepEqual(await prepareChangingTool(alterTopicConfigTool, context, { topic: 't' }, signal), { ok: false, text: 'Name at least one entry in "set" (with its new value) or in "reset".' });
  assert.deepEqual(await prepareChangingTool(alterTopicConfigTool, context, { topic: 't', set: {} }, signal), { ok: false, text: 'Name at least one entry in "set" (with its new value) or in "reset".' });
  assert.deepEqual(await prepareChangingTool(createTopicTool, context, { name: 'orders', partitions: -1 }, signal), { ok: false, text: '"partitions" must be between 1 and 2147483647 (got -1).' });
  assert.deepEqual(await prepareChangingTool(deleteTopicTool, context, { topics: [] }, signal), { ok: false, text: '"topics" must be a list of at least one name.' });
});

test('read-only: none of the topic tools is offered', () => {
  const offered = toolsOffered(true).map((t) => t.name);
  for (const tool of [createTopicTool, alterTopicConfigTool, deleteTopicTool]) {
    assert.equal(tool.changes, true, tool.name);
    assert.ok(!offered.includes(tool.name), tool.name);
    assert.ok(toolsOffered(false).some((t) => t.name === tool.name), tool.name);
  }
});
