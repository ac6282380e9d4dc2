// Tool input as an MCP client may send it (no schema validation on its side): each tool's zod
// schema checks it before the tool runs, and every wrong field is one sentence naming it (the
// builders of src/core/tools/toolInput.ts, the whole-input sentences of checkToolInput.ts). Each
// bad input below is beside a good one of the same field, so a check that refused everything
// fails too. The plan text of an offset reset reads as the CLI's table does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { UsageError } from '../../../src/core/errors';
import { checkToolInput } from '../../../src/core/tools/checkToolInput';
import { toolJsonSchema } from '../../../src/core/tools/toolJsonSchema';
import { defineTool, type ToolContext, type ToolDefinition } from '../../../src/core/tools/toolDefinition';
import { resetPlanText, resetRequestOf, RESET_INPUT, type ResetInput } from '../../../src/core/tools/resetInput';
import { readRecordsTool } from '../../../src/core/tools/readRecordsTool';
import { deleteGroupsTool } from '../../../src/core/tools/deleteGroupsTool';
import { produceRecordTool } from '../../../src/core/tools/produceRecordTool';
import { listTopicsTool } from '../../../src/core/tools/listTopicsTool';
import { listConnectionsTool } from '../../../src/core/tools/listConnectionsTool';
import { previewOffsetResetTool } from '../../../src/core/tools/previewOffsetResetTool';
import { runReadingTool } from '../../../src/core/tools/toolRunner';

/** The sentence a tool's check gives for `input`, or undefined when the input passes. */
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

const sentence = (message: string) => (err: unknown) => {
  assert.ok(err instanceof UsageError, String(err));
  assert.equal(err.message, message);
  return true;
};

const reset = (extra: Record<string, unknown>) => ({ group: 'g', topic: 't', to: 'earliest', ...extra });

test('wrong type: the field is named with what it must be', () => {
  assert.equal(refusal(readRecordsTool, { topic: 3 }), '"topic" must be a string.');
  assert.equal(refusal(readRecordsTool, { topic: 't', key: false }), '"key" must be a string.');
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: '5' }), '"maxRecords" must be a whole number.');
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: 1.5 }), '"maxRecords" must be a whole number.');
  assert.equal(refusal(readRecordsTool, { topic: 't', fromOffset: 2 ** 60 }), '"fromOffset" must be a whole number.', 'beyond the safe integers is not a whole number here');
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: 5 }), undefined);
  assert.equal(refusal(listTopicsTool, { includeInternal: 'yes' }), '"includeInternal" must be true or false.');
  assert.equal(refusal(listTopicsTool, { includeInternal: true }), undefined);
  assert.equal(refusal(deleteGroupsTool, { groups: 'g1' }), '"groups" must be a list of at least one name.');
  assert.equal(refusal(deleteGroupsTool, { groups: ['g1', 2] }), 'Every entry of "groups" must be a non-empty string.');
  assert.equal(refusal(previewOffsetResetTool, reset({ partitions: 0 })), '"partitions" must be a list of partition numbers (0 or more).');
  assert.equal(refusal(previewOffsetResetTool, reset({ partitions: ['0'] })), '"partitions" must be a list of partition numbers (0 or more).');
  assert.equal(refusal(previewOffsetResetTool, reset({ to: 3 })), '"to" must be a string.');
  assert.equal(refusal(produceRecordTool, { topic: 't', value: 'v', headers: ['a'] }), '"headers" must be an object of header names to text values.');
  assert.equal(refusal(produceRecordTool, { topic: 't', value: 'v', headers: { trace: 7 } }), '"headers" must be an object of header names to text values.');
  assert.equal(refusal(produceRecordTool, { topic: 't', value: 'v', headers: { trace: '7' } }), undefined);
});

test('missing or blank required fields', () => {
  assert.equal(refusal(readRecordsTool, {}), '"topic" is required.');
  assert.equal(refusal(readRecordsTool, { topic: '  ' }), '"topic" is required.');
  assert.equal(refusal(readRecordsTool, { topic: 't', fromTime: '' }), '"fromTime" is required.', 'a start that is given must say where');
  assert.equal(refusal(produceRecordTool, { topic: 't' }), '"value" is required (an empty string is a valid value).');
  assert.equal(refusal(produceRecordTool, { topic: 't', value: '' }), undefined, 'an empty value is a value');
  assert.equal(refusal(previewOffsetResetTool, { group: 'g', topic: 't' }), '"to" is required.');
  assert.equal(refusal(previewOffsetResetTool, reset({ group: '' })), '"group" is required.');
  assert.equal(refusal(previewOffsetResetTool, reset({})), undefined);
});

test('out of range: the bounds and the value given', () => {
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: 51 }), '"maxRecords" must be between 1 and 50 (got 51).');
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: 0 }), '"maxRecords" must be between 1 and 50 (got 0).');
  assert.equal(refusal(readRecordsTool, { topic: 't', maxRecords: 50 }), undefined);
  assert.equal(refusal(readRecordsTool, { topic: 't', partition: -1 }), '"partition" must be between 0 and 2147483647 (got -1).');
  assert.equal(refusal(readRecordsTool, { topic: 't', scanLimit: 100_001 }), '"scanLimit" must be between 1 and 100000 (got 100001).');
  assert.equal(refusal(previewOffsetResetTool, reset({ to: 'offset', offset: -5 })), '"offset" must be between 0 and 9007199254740991 (got -5).');
  assert.equal(refusal(previewOffsetResetTool, reset({ partitions: [0, -1] })), '"partitions" must be a list of partition numbers (0 or more).');
  const many = Array.from({ length: 51 }, (_, i) => `g${i}`);
  assert.equal(refusal(deleteGroupsTool, { groups: many }), '"groups" may name at most 50 entries (got 51).');
  assert.equal(refusal(deleteGroupsTool, { groups: many.slice(0, 50) }), undefined);
  assert.equal(refusal(previewOffsetResetTool, reset({ to: 'middle' })), '"to" must be one of earliest, latest, offset, time, shift (got "middle").');
});

test('empty lists and blank entries', () => {
  assert.equal(refusal(deleteGroupsTool, { groups: [] }), '"groups" must be a list of at least one name.');
  assert.equal(refusal(deleteGroupsTool, { groups: ['a', ' '] }), 'Every entry of "groups" must be a non-empty string.');
  assert.equal(refusal(deleteGroupsTool, { groups: ['a'] }), undefined);
  assert.equal(refusal(previewOffsetResetTool, reset({ partitions: [] })), '"partitions" must be a list of partition numbers (0 or more).');
  assert.equal(refusal(previewOffsetResetTool, reset({ partitions: [0, 2] })), undefined);
});

test('unknown fields are refused by name, with the fields the tool takes, before any other problem', () => {
  assert.match(refusal(readRecordsTool, { topc: 'x' })!, /^Unknown input "topc": it takes "connection", "topic", "partition", "last", /);
  assert.equal(
    refusal(deleteGroupsTool, { group: 'x', force: true, groups: [] }),
    'Unknown input "group", "force": it takes "connection", "groups".',
  );
  assert.equal(refusal(listConnectionsTool, { verbose: true }), 'Unknown input "verbose": it takes no input.');
  assert.equal(refusal(listConnectionsTool, {}), undefined);
});

test('the input as a whole: not an object is one sentence; absent and null fields are not given', () => {
  assert.equal(refusal(readRecordsTool, [1, 2]), 'The tool input must be a JSON object.');
  assert.equal(refusal(readRecordsTool, 'topic'), 'The tool input must be a JSON object.');
  assert.equal(refusal(listTopicsTool, undefined), undefined);
  assert.deepEqual(checkToolInput(readRecordsTool.input, { topic: 't', partition: null, key: null }), { topic: 't' });
  assert.equal(refusal(readRecordsTool, { topic: 't', nonsense: null }), 'Unknown input "nonsense": it takes "connection", "topic", "partition", "last", "fromOffset", "fromTime", "fromBeginning", "maxRecords", "key", "valueContains", "where", "scanLimit".');
});

test('the checked input is the typed input the tool gets', () => {
  const input = checkToolInput(readRecordsTool.input, { topic: 'orders', partition: 2, fromBeginning: true, where: 'value.ok' });
  assert.deepEqual(input, { topic: 'orders', partition: 2, fromBeginning: true, where: 'value.ok' });
  const partition: number | undefined = input.partition;
  assert.equal(partition, 2);
});

test('a field made without the builders still gets a sentence naming it', () => {
  const tool = defineTool({
    name: 'ebx_example',
    displayName: 'Example',
    toolReferenceName: 'example',
    userDescription: 'An example.',
    modelDescription: 'An example.',
    input: { when: z.iso.datetime() },
    changes: false,
    run: () => Promise.resolve(''),
  });
  assert.match(refusal(tool, { when: 'soon' })!, /^"when" is not valid: invalid .*\.$/);
  assert.equal(refusal(tool, { when: '2026-11-30T10:00:00Z' }), undefined);
});

test('the JSON Schema: plain draft-07 without $schema, safe-integer bounds and string property names left out', () => {
  assert.deepEqual(toolJsonSchema(produceRecordTool.input).properties.headers, { type: 'object', additionalProperties: { type: 'string' }, description: 'Header names and text values.' });
  const reset = toolJsonSchema(previewOffsetResetTool.input);
  assert.equal(reset.$schema, undefined);
  assert.deepEqual(reset.required, ['group', 'topic', 'to']);
  assert.equal(reset.additionalProperties, false);
  assert.deepEqual(reset.properties.shift, { type: 'integer', description: 'With to=shift: move the committed offsets by this many (negative re-reads, positive skips).' });
  assert.deepEqual(reset.properties.partitions, { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1, description: 'Only these partitions. Default: every partition of the topic.' });
  assert.deepEqual(toolJsonSchema(readRecordsTool.input).properties.maxRecords, { type: 'integer', minimum: 1, maximum: 50, description: 'How many records to return, at most 50. Default 10.' });
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
  assert.deepEqual(await runReadingTool(readRecordsTool, context, { topic: 't', last: 5, fromOffset: 3 }, signal), {
    ok: false,
    text: 'Give only one of "last", "fromOffset", "fromTime", "fromBeginning" (got last and fromOffset).',
  });
});

/** Reset input as the tool gets it: checked by its schema first. */
const resetInput = (input: Record<string, unknown>): ResetInput => checkToolInput(z.strictObject(RESET_INPUT), input);

test('reset input: every target, and what each needs', () => {
  assert.deepEqual(resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'earliest' }), 'vast').target, { kind: 'earliest' });
  assert.deepEqual(resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'shift', shift: -10, partitions: [0, 2] }), 'kafka'), {
    group: 'g',
    scope: [{ topic: 't', partitions: [0, 2] }],
    target: { kind: 'shift', by: -10 },
    profile: 'kafka',
  });
  assert.equal(resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'time', time: '0' }), 'vast').target.kind, 'time');
  assert.throws(() => resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'offset' }), 'vast'), sentence('to=offset needs "offset".'));
  assert.throws(() => resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'time' }), 'vast'), sentence('to=time needs "time".'));
  assert.throws(() => resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'time', time: ' ' }), 'vast'), sentence('"time" is required.'));
  assert.equal(resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'latest', time: ' ' }), 'vast').target.kind, 'latest');
  assert.throws(() => resetRequestOf(resetInput({ group: 'g', topic: 't', to: 'shift' }), 'vast'), sentence('to=shift needs "shift".'));
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
