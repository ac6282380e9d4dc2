// Which row a palette command takes from the tree's selection (the extension-host test
// test/extension-host/treeSelection.test.ts runs the commands with a real selected row).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeOrSelected } from '../../src/extension/selectedNode';

class Topic {}
class Partition {}
class Group {}

describe('nodeOrSelected', () => {
  const topic = new Topic();
  const partition = new Partition();

  test('the node a command was given wins over the selection', () => {
    const given = new Partition();
    assert.equal(nodeOrSelected(given, [topic], [Topic]), given);
  });

  test('without a node, one selected row of a kind the command works on', () => {
    assert.equal(nodeOrSelected(undefined, [topic], [Topic]), topic);
    assert.equal(nodeOrSelected(undefined, [partition], [Topic, Partition]), partition);
  });

  test('a selected row of another kind, several rows, or none: nothing (the command asks)', () => {
    assert.equal(nodeOrSelected(undefined, [new Group()], [Topic, Partition]), undefined);
    assert.equal(nodeOrSelected(undefined, [topic, new Topic()], [Topic]), undefined);
    assert.equal(nodeOrSelected(undefined, [], [Topic]), undefined);
  });
});
