// Bad input in every input box the extension shows, table-driven: the box's own validation (run by
// the ScriptedPrompter exactly as VS Code runs validateInput) gives one clear sentence, the command
// then ends without a hang, and nothing is saved or read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openSession, topicWith, applicationKafka } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';
import type { ReplayResult } from '../../src/extension/commands/replayPartition';
import { ScriptedPrompter, type Answer } from './scriptedPrompter';
import { extensionApi, findRow, withPrompter, withReplayLimit } from './extensionApi';

interface BoxCase {
  box: string;
  input: string;
  /** The validation message, or undefined when the input is fine. */
  expected: RegExp | undefined;
}

const offsetCases: BoxCase[] = [
  ['abc', /^An offset is a whole number, 0 or more\.$/],
  ['-1', /^An offset is a whole number, 0 or more\.$/],
  ['1.5', /whole number/],
  ['1e3', /whole number/],
  ['', /whole number/],
  ['   ', /whole number/],
  ['0x10', /whole number/],
  ['\u0663', /whole number/], // ARABIC-INDIC DIGIT THREE: not an offset
  ['9223372036854775808', /^That offset is too large\.$/],
  ['99999999999999999999', /too large/],
  ['1', /^Offset 1 is gone: the first available offset is 3\.$/],
  // Past the approximate end: a note, not a refusal (the end can trail); this broker then says it has no offset 11.
  ['11', /^Past the reported end \(about 10\), which can trail the newest records: records there may not have arrived yet\.$/],
  ['3', undefined],
  [' 10 ', undefined],
].map(([input, expected]) => ({ box: 'offset', input: input as string, expected: expected as RegExp | undefined }));

const timeCases: BoxCase[] = [
  ['yesterday', /"yesterday" is not a time/],
  ['2026-13-45', /is not a time/],
  ['-5x', /"-5x" is not a time/],
  ['', /A time is required/],
  ['99999999999999999', /too large for a time/],
  ['+15m', /is not a time/],
  ['-15m', undefined],
].map(([input, expected]) => ({ box: 'time', input: input as string, expected: expected as RegExp | undefined }));

const maxCases: BoxCase[] = [
  ['0', /^A whole number from 1 to 10,000,000\.$/],
  ['-1', /10,000,000/],
  ['abc', /10,000,000/],
  ['10000001', /10,000,000/],
  ['1.5', /10,000,000/],
  ['', /10,000,000/],
  ['5', undefined],
].map(([input, expected]) => ({ box: 'max', input: input as string, expected: expected as RegExp | undefined }));

const bootstrapCases: BoxCase[] = [
  ['broker-without-port', /^"broker-without-port" is not host:port: add the port/],
  ['broker:0', /port 0, which is not between 1 and 65535/],
  ['broker:65536', /port 65536/],
  ['broker:abc', /is not host:port/],
  ['bro ker:9092', /contains a space/],
  ['', /bootstrap address is empty/],
  ['a:1,,b:2', /empty entry/],
  ['kafka://broker:9092', /is a URL: use host:port, without the scheme \(broker:9092\)/],
  ['bröker:9092', /not a valid host name/],
  [',', /empty entry/],
  [Array.from({ length: 30 }, (_, i) => `broker-${i}.example.com:${9092 + i}`).join(','), undefined],
  [' a:1 , b:2 ', undefined],
].map(([input, expected]) => ({ box: 'bootstrap', input: input as string, expected: expected as RegExp | undefined }));

suite('bad input in the input boxes', () => {
  let session: KafkaSession;
  let topic: string;
  const base = Date.now() - 3_600_000;

  suiteSetup(async () => {
    session = openSession();
    topic = await topicWith(session, 'ext-bad', 2, Array.from({ length: 10 }, (_, i) => ({ value: `v${i}`, partition: 0, timestamp: base + i * 1000 })));
    const admin = applicationKafka().admin();
    await admin.connect();
    await admin.fetchTopicOffsets(topic);
    await admin.deleteTopicRecords({ topic, partitions: [{ partition: 0, offset: '3' }] });
    await admin.disconnect();
  });
  suiteTeardown(() => session?.close());

  async function nodes() {
    const api = await extensionApi();
    api.explorer.refresh();
    const connection = await findRow(api, undefined, /^KAFKA_BOOTSTRAP/);
    const topics = await findRow(api, connection.node, /^Topics/);
    const topicRow = await findRow(api, topics.node, topic);
    const partition = await findRow(api, topicRow.node, 'Partition 0');
    return { api, topicRow, partition };
  }

  /** Runs a command with scripted answers, within a deadline: a hang fails the test. */
  async function run<T>(prompter: ScriptedPrompter, command: string, ...args: unknown[]): Promise<T | undefined> {
    const api = await extensionApi();
    const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${command} did not end within 20 s`)), 20_000));
    return Promise.race([withPrompter(api, prompter, () => vscode.commands.executeCommand<T>(command, ...args)), deadline]);
  }

  function check(prompter: ScriptedPrompter, index: number, c: BoxCase): void {
    const validation = prompter.asked[index]?.validation;
    if (c.expected === undefined) assert.equal(validation, undefined, `${c.box} ${JSON.stringify(c.input)}: accepted`);
    else {
      assert.ok(validation, `${c.box} ${JSON.stringify(c.input)}: refused`);
      assert.match(validation, c.expected);
      assert.ok(!validation.includes('\n') && !/\s+at /.test(validation), 'one sentence, no stack');
    }
  }

  test(`at least 40 cases across the boxes (${offsetCases.length + timeCases.length + maxCases.length + bootstrapCases.length + 4})`, () => {
    assert.ok(offsetCases.length + timeCases.length + maxCases.length + bootstrapCases.length + 4 >= 40);
  });

  for (const c of offsetCases) {
    test(`Replay from offset: ${JSON.stringify(c.input)}`, async () => {
      const { partition } = await nodes();
      // A refused offset ends the command (no further question); an accepted one replays into the
      // viewer with the default record limit (no limit is asked, issue 24).
      const prompter = new ScriptedPrompter([{ pick: 'Offset…' }, { input: c.input }]);
      const result = await run<ReplayResult | undefined>(prompter, 'eventBroker.replayPartition', partition.node);
      check(prompter, 1, c);
      if (c.expected) assert.equal(result, undefined, 'nothing was replayed');
      else result?.viewer?.dispose();
      assert.equal(prompter.answersLeft, 0);
    });
  }

  for (const c of timeCases) {
    test(`Replay from time: ${JSON.stringify(c.input)}`, async () => {
      const { partition } = await nodes();
      const prompter = new ScriptedPrompter([{ pick: 'Time…' }, { input: c.input }]);
      const result = await run<ReplayResult | undefined>(prompter, 'eventBroker.replayPartition', partition.node);
      check(prompter, 1, c);
      if (c.expected) assert.equal(result, undefined);
      else result?.viewer?.dispose();
    });
  }

  test('Replay from a time in the future: no document, the command says no event is at or after it', async () => {
    const { partition } = await nodes();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const prompter = new ScriptedPrompter([{ pick: 'Time…' }, { input: future }]);
    const result = await run<ReplayResult>(prompter, 'eventBroker.replayPartition', partition.node);
    assert.equal(prompter.asked[1].validation, undefined);
    assert.equal(result, undefined, 'a warning instead of an empty replay from the end');
  });

  test('Replay from a time before the first record starts at the first record', async () => {
    const { partition } = await nodes();
    const prompter = new ScriptedPrompter([{ pick: 'Time…' }, { input: '1970-01-01T00:00:00Z' }]);
    const result = await run<ReplayResult>(prompter, 'eventBroker.replayPartition', partition.node);
    assert.equal(result!.startOffset, 3);
    assert.equal(result!.count, 7);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  // The record limit is no longer asked: it is the viewer's "per load" field, checked by the extension.
  for (const c of maxCases) {
    test(`Replay: ${JSON.stringify(c.input)} records per load in the viewer`, async () => {
      const { partition } = await nodes();
      const result = await withReplayLimit(1, () => run<ReplayResult>(new ScriptedPrompter([{ pick: 'Beginning' }]), 'eventBroker.replayPartition', partition.node));
      const viewer = result!.viewer!;
      try {
        await viewer.handle({ type: 'loadMore', max: c.input });
        if (c.expected) {
          assert.match(viewer.lastNotice ?? '', /^Records per load: a whole number from 1 to 10,000,000\.$/);
          assert.equal(viewer.store.length, 1, 'nothing more was read');
        } else {
          assert.equal(viewer.lastNotice, undefined);
          assert.equal(viewer.store.length, 6, 'five more');
        }
      } finally {
        viewer.dispose();
      }
    });
  }

  for (const input of ['soon', '']) {
    test(`Show Offsets for a Time: ${JSON.stringify(input)}`, async () => {
      const { topicRow } = await nodes();
      const prompter = new ScriptedPrompter([{ input }]);
      const result = await run(prompter, 'eventBroker.offsetsForTime', topicRow.node);
      check(prompter, 0, { box: 'offsets for a time', input, expected: input ? /"soon" is not a time/ : /A time is required/ });
      assert.equal(result, undefined);
    });
  }

  const noConnectionsSaved = () => assert.deepEqual(vscode.workspace.getConfiguration('eventBroker').get('connections'), [], 'nothing was saved');

  test('Add Connection: an empty name', async () => {
    const prompter = new ScriptedPrompter([{ input: '   ' }]);
    await run(prompter, 'eventBroker.addConnection');
    check(prompter, 0, { box: 'name', input: '   ', expected: /^A name is required\.$/ });
    noConnectionsSaved();
  });

  for (const c of bootstrapCases) {
    test(`Add Connection: bootstrap ${JSON.stringify(c.input.length > 40 ? `${c.input.slice(0, 40)}…` : c.input)}`, async () => {
      // Accepted input goes on to the authentication question, which we cancel: silence, nothing saved.
      const prompter = new ScriptedPrompter([{ input: 'Bad input test' }, { input: c.input }, ...(c.expected ? [] : [{ cancel: true } as Answer])]);
      await run(prompter, 'eventBroker.addConnection');
      check(prompter, 1, c);
      assert.equal(prompter.answersLeft, 0);
      noConnectionsSaved();
    });
  }

  test('Add Connection: an empty SASL username', async () => {
    const prompter = new ScriptedPrompter([{ input: 'No user' }, { input: 'broker:9092' }, { pick: 'SASL PLAIN' }, { input: '' }]);
    await run(prompter, 'eventBroker.addConnection');
    check(prompter, 3, { box: 'username', input: '', expected: /^A username is required\.$/ });
    noConnectionsSaved();
  });
});
