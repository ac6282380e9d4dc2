// Every text a tool gives an agent passes through toolRunner, which escapes it for a terminal once
// (issue 39): a group named with an OSC title sequence, a record with a C1 CSI or a bidi override,
// an error quoting either — none reaches the agent raw, whatever the tool. Line breaks stay, and a
// JSON line still parses to the exact value it carried.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/core/errors';
import { defineTool, type ToolContext } from '../../../src/core/tools/toolDefinition';
import { applyChange, prepareChangingTool, runReadingTool } from '../../../src/core/tools/toolRunner';
import { escapeLinesForTerminal } from '../../../src/core/rendering/terminalText';

const HOSTILE = 'grp\u001b]0;pwned\u0007\u001b[2J\u009b31m\r\u202eevil\u2028x\u0085\u2066';
// eslint-disable-next-line no-control-regex -- the raw characters a terminal would obey
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const context = {} as ToolContext;
const signal = new AbortController().signal;

const readingTool = (run: () => Promise<string>) =>
  defineTool({ name: 'ebx_hostile', displayName: 'Hostile', toolReferenceName: 'hostile', userDescription: 'x', modelDescription: 'x', input: {}, changes: false, run });

test('a reading tool\'s answer: names escaped, its own lines kept, its JSON lines still the same values', async () => {
  const record = { key: HOSTILE, value: `v${HOSTILE}` };
  const outcome = await runReadingTool(readingTool(() => Promise.resolve(`Groups:\n${HOSTILE}\tStable\n${JSON.stringify(record)}`)), context, {}, signal);
  assert.equal(outcome.ok, true);
  assert.doesNotMatch(outcome.text, RAW_CONTROL);
  const lines = outcome.text.split('\n');
  assert.equal(lines.length, 3);
  assert.equal(lines[1], 'grp\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\r\\u202eevil\\u2028x\\u0085\\u2066\tStable');
  assert.deepEqual(JSON.parse(lines[2]), record);
});

test('a failure quoting a hostile name is escaped too', async () => {
  const outcome = await runReadingTool(readingTool(() => Promise.reject(new UsageError(`No group named ${HOSTILE}.`))), context, {}, signal);
  assert.equal(outcome.ok, false);
  assert.doesNotMatch(outcome.text, RAW_CONTROL);
  assert.match(outcome.text, /^No group named grp\\u001b\]0;pwned/);
});

test('a changing tool: its title, plan, "nothing to change" and result are escaped', async () => {
  const changing = (nothing: boolean) =>
    defineTool({
      name: 'ebx_hostileChange',
      displayName: 'Hostile change',
      toolReferenceName: 'hostileChange',
      userDescription: 'x',
      modelDescription: 'x',
      input: {},
      changes: true,
      prepare: () => Promise.resolve(nothing ? { nothingToChange: `Already so: ${HOSTILE}` } : { title: `Delete ${HOSTILE}?`, plan: `- ${HOSTILE}\n- other`, apply: () => Promise.resolve(`Deleted ${HOSTILE}.`) }),
    });
  const prepared = await prepareChangingTool(changing(false), context, {}, signal);
  assert.ok(prepared.ok && prepared.change !== null);
  assert.doesNotMatch(prepared.change.title, RAW_CONTROL);
  assert.equal(prepared.change.plan, `- ${escapeLinesForTerminal(HOSTILE)}\n- other`);
  const applied = await applyChange(prepared.change, signal);
  assert.deepEqual(applied, { ok: true, text: `Deleted ${escapeLinesForTerminal(HOSTILE)}.` });
  const nothing = await prepareChangingTool(changing(true), context, {}, signal);
  assert.ok(nothing.ok && nothing.change === null);
  assert.doesNotMatch(nothing.text, RAW_CONTROL);
});

test('escapeLinesForTerminal: paired surrogates kept, lone ones escaped; escaping twice changes nothing', () => {
  assert.equal(escapeLinesForTerminal('🙂 \ud800 ok'), '🙂 \\ud800 ok');
  const once = escapeLinesForTerminal(HOSTILE);
  assert.equal(escapeLinesForTerminal(once), once);
});
