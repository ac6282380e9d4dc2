// End to end in a real browser: the Schema Registry in the tree as a person uses it (issue 23, item
// 5), against a REAL registry (Apicurio, started here with scripts/schema-registry.mjs, schemas
// registered through its Confluent API) named to the environment's connection by EBX_SCHEMA_REGISTRY:
// the row expanded, a subject's versions, a click on a version opening its schema pretty-printed in
// an editor; then at 300 px the rows still say what they are, and a topic row names its format.
// Screenshots: test-artifacts/e2e/schema-registry.png and schema-registry-300px.png.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { Workbench, until } from './harness';
import { dragSidebarTo, expectShown } from './sidebarWidth';
import { ROOT, registryCall, startOwnRegistry, stopOwnRegistry, type OwnRegistry } from '../support/schemaRegistry';
import { openSession } from '../support/kafkaFixtures';
import { createTopic } from '../../src/core/topics/createTopicPlan';
import type { KafkaSession } from '../../src/core/session';

const schemaText = (file: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/records/schemas', file), 'utf8');
const SUBJECT = 'shop.orders-value';

let wb: Workbench;
let registry: OwnRegistry | undefined;
let session: KafkaSession;
let topic: string;
const ids: number[] = [];

before(async () => {
  registry = await startOwnRegistry();
  for (const file of ['order-v1.avsc', 'order-v2.avsc']) {
    const answer = await registryCall(registry, `/subjects/${SUBJECT}/versions`, { schema: schemaText(file) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    ids.push(answer.body.id as number);
  }
  const proto = await registryCall(registry, '/subjects/shop.customers-value/versions', { schemaType: 'PROTOBUF', schema: schemaText('order-v1.proto') });
  assert.equal(proto.status, 200, JSON.stringify(proto.body));
  session = openSession();
  // A topic name of a usual length (a unique suffix of the test kind would push its description off a 300-px row).
  topic = `orders-${randomBytes(2).toString('hex')}`;
  await createTopic(session, { name: topic, partitions: 1 });
  wb = await Workbench.open({
    env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP, EBX_SCHEMA_REGISTRY: registry.url },
    settings: { 'eventBroker.recordFormats': [{ topic, valueFormat: 'avro' }] },
  });
});

after(async () => {
  await wb?.close('schema-registry-final');
  await session?.close();
  await stopOwnRegistry(registry);
});

test('the Schema Registry row: subjects, a subject\'s versions newest first, and a click opening the schema pretty-printed and read-only', async () => {
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.expandRow('Schema Registry');
  await wb.waitForRow('2 subjects');
  await wb.expandRow(SUBJECT);
  // Label and description are separate elements: innerText may or may not put a space between them.
  const newest = (await (await wb.waitForRow('version 2')).innerText()).replace(/\s+/g, ' ').trim();
  assert.match(newest, new RegExp(`^version 2 ?Avro · id ${ids[1]} · latest$`));
  const rows = await wb.treeRows('Explorer');
  const at = (label: string) => rows.findIndex((r) => r.startsWith(label));
  assert.ok(at('version 2') < at('version 1'), `newest first: ${rows.join(' | ')}`);

  await (await wb.waitForRow('version 1')).click();
  const tab = wb.page.locator('.part.editor .tabs-container .tab').filter({ hasText: `${SUBJECT} v1.avsc` }).first();
  await tab.waitFor({ timeout: 30_000 });
  // The editor draws only the lines on screen: the first ones are the pretty-printed schema's first lines.
  const expected = JSON.stringify(JSON.parse(schemaText('order-v1.avsc')), null, 2).split('\n');
  const shown = await until('the schema in the editor', async () => {
    const lines = await editorLines();
    return lines.length >= 5 && lines[0] === expected[0] ? lines : undefined;
  });
  assert.deepEqual(shown.slice(0, 5), expected.slice(0, 5));
  await wb.screenshot('schema-registry');
  // Read-only: typing into it changes nothing.
  await wb.page.locator('.part.editor .editor-instance .view-lines').first().click();
  await wb.page.keyboard.type('zz');
  await wb.page.keyboard.press('Enter');
  assert.deepEqual((await editorLines()).slice(0, 5), expected.slice(0, 5), 'the schema is read-only');
});

test('at 300 px the registry\'s rows and a topic\'s format are on screen', async () => {
  const width = await dragSidebarTo(wb.page, 300);
  assert.ok(Math.abs(width - 300) <= 2, `the sidebar is ${width} px`);
  // Only this topic under Topics, so the registry's rows below stay on screen.
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1)); // the folder shows the filter, and must not match the topic's row
  await wb.expandRow('Topics (');
  await wb.waitForRow(topic);
  await expectShown(wb.page, width, () => wb.screenshot('schema-registry-300px'), [
    ['Schema Registry', '2 subjects'],
    [SUBJECT, SUBJECT],
    ['version 2', `Avro · id ${ids[1]}`],
    [topic, '1 partition · avro'],
  ]);
  // The topic's tooltip says how its records are read, in words.
  await (await wb.waitForRow(topic)).hover();
  const hover = wb.page.locator('.workbench-hover-container').first();
  await hover.waitFor({ timeout: 15_000 });
  assert.match((await hover.innerText()).replace(/\s+/g, ' '), /Records: value: avro$/);
});

/** The editor's visible lines, top to bottom (Monaco renders only those on screen, absolutely placed). */
async function editorLines(): Promise<string[]> {
  const lines = wb.page.locator('.part.editor .editor-instance .view-lines .view-line');
  const tops = await lines.evaluateAll((els) =>
    els.map((e) => ({ top: parseFloat((e as unknown as { style: { top: string } }).style.top || '0'), text: (e.textContent ?? '').replace(/\u00a0/g, ' ') })),
  );
  return tops.sort((a, b) => a.top - b.top).map((l) => l.text);
}
