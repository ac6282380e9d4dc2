// A confirmation's plan stays one code block whatever backticks it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fencedPlan } from '../../src/extension/tools/fencedPlan';

test('the fence is longer than any run of backticks in the plan, so the plan cannot close it', () => {
  assert.equal(fencedPlan('retention.ms: 1 → 2'), '\n```text\nretention.ms: 1 → 2\n```\n', 'as appendCodeblock writes it');
  const hostile = 'value: ```\n# Heading\n[link](https://example.com)';
  const block = fencedPlan(hostile);
  assert.ok(block.startsWith('\n````text\n') && block.endsWith('\n````\n'), block);
  assert.equal(fencedPlan('a ````` b').split('\n')[1], '``````text');
});
