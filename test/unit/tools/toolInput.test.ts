// Tool input as an MCP client may send it (no schema validation on its side): every wrong field is
// one sentence naming it, and the plan text of an offset reset reads as the CLI's table does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/core/errors';
import { atMostOneOf, integerList, optionalInteger, refuseUnknownFields, requiredString, stringList } from '../../../src/core/tools/toolInput';
import { resetPlanText, resetRequestOf } from '../../../src/core/tools/resetInput';
import { readRecordsTool } from '../../../src/core/tools/readRecordsTool';
import { runReadingTool } from '../../../src/core/tools/toolRunner';
import type { ToolContext } from '../../../src/core/tools/toolDefinition';

const sentence = (message: string | RegExp) => (err: unknown) => {
  assert.ok(err instanceof UsageError, String(err));
  if (typeof message === 'string') assert.equal(err.message, message);
  else assert.match(err.message, message);
  return true;
};

test('fields: required, types, ranges and lists each get one sentence', () => {
  assert.throws(() => requiredString({}, 'topic'), sentence('"topic" is required.'));
  assert.throws(() => requiredString({ topic: 3 }, 'topic'), sentence('"topic" must be a string.'));
  assert.throws(() => optionalInteger({ maxRecords: 51 }, 'maxRecords', 1, 50), sentence('"maxRecords" must be between 1 and 50 (got 51).'));
  assert.throws(() => optionalInteger({ maxRecords: 1.5 }, 'maxRecords', 1, 50), sentence('"maxRecords" must be a whole number.'));
  assert.equal(optionalInteger({}, 'maxRecords', 1, 50), undefined);
  assert.throws(() => stringList({ groups: [] }, 'groups', 50), sentence('"groups" must be a list of at least one name.'));
  assert.throws(() => stringList({ groups: ['a', ''] }, 'groups', 50), sentence('Every entry of "groups" must be a non-empty string.'));
  assert.throws(() => integerList({ partitions: [-1] }, 'partitions'), sentence('"partitions" must be a list of partition numbers (0 or more).'));
  assert.throws(() => atMostOneOf({ last: 5, fromOffset: 3 }, ['last', 'fromOffset', 'fromTime']), sentence('Give only one of "last", "fromOffset", "fromTime" (got last and fromOffset).'));
  assert.throws(() => refuseUnknownFields({ topc: 'x' }, readRecordsTool.inputSchema), sentence(/^Unknown input "topc": it takes "connection", "topic", /));
});

test('a tool run turns bad input into one sentence before it asks for a session', async () => {
  const context: ToolContext = {
    profile: 'vast',
    connections: () => [],
    session: () => Promise.reject(new Error('no session may be opened for bad input')),
    readTextFile: () => Promise.reject(new Error('unused')),
  };
  const signal = new AbortController().signal;
  assert.deepEqual(await runReadingTool(readRecordsTool, context, { topic: 't', maxRecords: 500 }, signal), { ok: false, text: '"maxRecords" must be between 1 and 50 (got 500).' });
  assert.deepEqual(await runReadingTool(readRecordsTool, context, { topic: 't', fromTime: 'yesterday-ish' }, signal), {
    ok: false,
    text: '"yesterday-ish" is not a time: use ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d).',
  });
  assert.deepEqual(await runReadingTool(readRecordsTool, context, [1, 2], signal), { ok: false, text: 'The tool input must be a JSON object.' });
});

test('reset input: every target, and what each needs', () => {
  assert.deepEqual(resetRequestOf({ group: 'g', topic: 't', to: 'earliest' }, 'vast').target, { kind: 'earliest' });
  assert.deepEqual(resetRequestOf({ group: 'g', topic: 't', to: 'shift', shift: -10, partitions: [0, 2] }, 'kafka'), {
    group: 'g',
    scope: [{ topic: 't', partitions: [0, 2] }],
    target: { kind: 'shift', by: -10 },
    profile: 'kafka',
  });
  assert.equal(resetRequestOf({ group: 'g', topic: 't', to: 'time', time: '0' }, 'vast').target.kind, 'time');
  assert.throws(() => resetRequestOf({ group: 'g', topic: 't', to: 'offset' }, 'vast'), sentence('to=offset needs "offset".'));
  assert.throws(() => resetRequestOf({ group: 'g', topic: 't', to: 'middle' }, 'vast'), sentence('"to" must be one of earliest, latest, offset, time, shift (got "middle").'));
});

test('the reset plan text: one partition a line, current → new, re-reads or skips, ≈ where the end is involved', () => {
  const text = resetPlanText({
    group: 'billing',
    groupExists: true,
    state: 'Empty',
    warnings: [],
    partitions: [
      { topic: 'orders', partition: 0, current: 10, target: 4, clamped: false, change: -6, approximate: false, note: null },
      { topic: 'orders', partition: 1, current: null, target: 12, clamped: true, change: null, approximate: true, note: '99 is outside 0…12≈: moved to the end (12≈)' },
    ],
  });
  assert.equal(
    text.split('\n').slice(0, 3).join('\n'),
    ['Consumer group billing (Empty), 2 partitions:', 'orders p0: 10 → 4 (re-reads 6)', 'orders p1: none → 12≈ (no commit before); 99 is outside 0…12≈: moved to the end (12≈)'].join('\n'),
  );
  assert.match(text, /≈: the end offset a broker reports can trail/);
});
