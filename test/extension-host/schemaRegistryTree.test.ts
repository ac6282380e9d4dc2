// The Schema Registry in the tree (issue 23, item 5) against a REAL registry (Apicurio, started by
// this file with scripts/schema-registry.mjs; schemas registered through its Confluent API): the
// subjects (paged, filtered), each subject's versions newest first with type and id, a click that
// opens the schema as registered, pretty-printed; a registry that stops answering as one error row
// per expansion — counted at a relay in front of it —, Retry asking again and working once it
// answers; and a registry that was stopped, named as such.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension/container';
import type { ExplorerNode } from '../../src/extension/tree/explorerNode';
import { ROOT, registryCall, startOwnRegistry, stopOwnRegistry, type OwnRegistry } from '../support/schemaRegistry';
import { registryRelay, type RegistryRelay } from '../support/registryRelay';
import { uniqueName } from '../support/kafkaFixtures';
import { ScriptedPrompter } from './scriptedPrompter';
import { extensionApi, findRow, rows, until, withPrompter } from './extensionApi';

const config = () => vscode.workspace.getConfiguration('eventBroker');
const schemaText = (file: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/records/schemas', file), 'utf8');
const DIRECT = 'Registry tree';
const RELAYED = 'Registry relayed';

async function register(registry: OwnRegistry, subject: string, schema: string, schemaType?: 'PROTOBUF'): Promise<number> {
  const answer = await registryCall(registry, `/subjects/${encodeURIComponent(subject)}/versions`, { schema, ...(schemaType ? { schemaType } : {}) });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.id as number;
}

/** The Schema Registry row of a connection, as the tree shows it. */
async function registryRow(api: ExtensionApi, connection: string) {
  const root = await until(`the ${connection} connection`, async () => (await rows(api)).find((r) => r.label === connection));
  return findRow(api, root.node, 'Schema Registry');
}

/**
 * A row's children once loaded: an expansion answers at once with a "Loading …" row and redraws the
 * row when the registry has answered.
 */
async function loaded(api: ExtensionApi, node: ExplorerNode) {
  return until('the rows to load', async () => {
    const shown = await rows(api, node);
    return shown.some((r) => /^Loading .*…$/.test(r.label)) ? undefined : shown;
  });
}

/** Runs the row's own click (its TreeItem command), as a person's click does. */
async function click<T>(api: ExtensionApi, node: ExplorerNode): Promise<T> {
  const command = api.explorer.getTreeItem(node).command;
  assert.ok(command, 'the row has a click command');
  return vscode.commands.executeCommand<T>(command.command, ...((command.arguments ?? []) as unknown[]));
}

/** Resolves at the next redraw the tree is told of for `node`. */
function nextRedrawOf(api: ExtensionApi, node: ExplorerNode): Promise<void> {
  return new Promise((resolve) => {
    const listening = api.explorer.onDidChangeTreeData((changed) => {
      if (changed === node) {
        listening.dispose();
        resolve();
      }
    });
  });
}

suite('Schema Registry in the tree, against a real registry', () => {
  let registry: OwnRegistry | undefined;
  let relay: RegistryRelay | undefined;
  const prefix = uniqueName('tree');
  const avroSubject = `${prefix}-orders-value`;
  const protoSubject = `${prefix}-orders-proto-value`;
  const many = Array.from({ length: 12 }, (_, i) => `${prefix}-many-${String(i).padStart(2, '0')}`);
  const ids: Record<string, number> = {};

  suiteSetup(async function () {
    // Minutes when the registry is not built yet (.ci/run builds it before npm test); seconds after.
    this.timeout(16 * 60_000);
    registry = await startOwnRegistry();
    ids.avro1 = await register(registry, avroSubject, schemaText('order-v1.avsc'));
    ids.avro2 = await register(registry, avroSubject, schemaText('order-v2.avsc'));
    ids.proto1 = await register(registry, protoSubject, schemaText('order-v1.proto'), 'PROTOBUF');
    for (const subject of many) await register(registry, subject, JSON.stringify({ type: 'record', name: 'N', fields: [{ name: subject.replace(/\W/g, '_'), type: 'int' }] }));
    relay = await registryRelay(registry.url);
    await config().update(
      'connections',
      [
        { name: DIRECT, bootstrap: process.env.KAFKA_BOOTSTRAP, schemaRegistry: { url: registry.url } },
        { name: RELAYED, bootstrap: process.env.KAFKA_BOOTSTRAP, schemaRegistry: { url: relay.url } },
      ],
      vscode.ConfigurationTarget.Global,
    );
  });
  suiteTeardown(async function () {
    this.timeout(60_000);
    await config().update('connections', undefined, vscode.ConfigurationTarget.Global);
    await config().update('tree.pageSize', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await relay?.close();
    await stopOwnRegistry(registry);
  });

  test('a connection with a registry has a Schema Registry row; its subjects are sorted, paged with Load more, and filtered', async () => {
    const api = await extensionApi();
    await config().update('tree.pageSize', 10, vscode.ConfigurationTarget.Global);
    const root = await until(`the ${DIRECT} connection`, async () => (await rows(api)).find((r) => r.label === DIRECT));
    assert.deepEqual((await rows(api, root.node)).map((r) => r.contextValue), ['topics', 'groups', 'schemaRegistry', 'cluster']);
    const environment = await findRow(api, undefined, 'KAFKA_BOOTSTRAP');
    assert.ok(!(await rows(api, environment.node)).some((r) => r.contextValue === 'schemaRegistry'), 'no row where no registry is set');

    const row = await registryRow(api, DIRECT);
    const all = [avroSubject, protoSubject, ...many].sort((a, b) => a.localeCompare(b));
    // The expansion answers at once with a loading row; the row is redrawn when the subjects are in.
    const redrawn = nextRedrawOf(api, row.node);
    assert.deepEqual((await rows(api, row.node)).map((r) => [r.label, r.contextValue]), [['Loading subjects…', 'info']]);
    assert.equal(api.explorer.getTreeItem(row.node).description, 'loading…');
    await redrawn;
    const firstPage = await rows(api, row.node);
    assert.deepEqual(firstPage.map((r) => [r.label, r.contextValue]), [...all.slice(0, 10).map((s) => [s, 'subject']), ['Load more…', 'loadMore']]);
    assert.equal(firstPage[10].description, `10 of ${all.length} shown`);
    assert.equal((await rows(api, (await registryRow(api, DIRECT)).node)).length, 11, 'the same page again, from the answer at hand');
    assert.equal(api.explorer.getTreeItem(row.node).description, `${all.length} subjects`);
    await vscode.commands.executeCommand('eventBroker.loadMore', row.node);
    assert.deepEqual((await rows(api, row.node)).map((r) => r.label), all);

    const filter = new ScriptedPrompter([{ input: 'ORDERS' }]);
    assert.equal(await withPrompter(api, filter, () => vscode.commands.executeCommand('eventBroker.filterSubjects', row.node)), 'ORDERS');
    assert.deepEqual((await rows(api, row.node)).map((r) => r.label), [avroSubject, protoSubject].sort((a, b) => a.localeCompare(b)), 'any case');
    assert.equal(api.explorer.getTreeItem(row.node).description, `filter: ORDERS · ${all.length} subjects`);
    await withPrompter(api, new ScriptedPrompter([{ input: 'no-such-subject' }]), () => vscode.commands.executeCommand('eventBroker.filterSubjects', row.node));
    assert.deepEqual((await rows(api, row.node)).map((r) => r.label), ['No subject matches "no-such-subject"']);
    await withPrompter(api, new ScriptedPrompter([{ input: '' }]), () => vscode.commands.executeCommand('eventBroker.filterSubjects', row.node));
    assert.equal((await rows(api, row.node)).length, 11, 'an empty filter lists all again, from the first page');
    await config().update('tree.pageSize', undefined, vscode.ConfigurationTarget.Global);
  });

  test('a subject\'s versions, newest first with type and id; a click opens the schema as registered, pretty-printed', async () => {
    const api = await extensionApi();
    const row = await registryRow(api, DIRECT);
    const subject = await findRow(api, row.node, avroSubject);
    const versions = await loaded(api, subject.node);
    assert.deepEqual(versions.map((v) => [v.label, v.description, v.contextValue]), [
      ['version 2', `Avro · id ${ids.avro2} · latest`, 'schemaVersion'],
      ['version 1', `Avro · id ${ids.avro1}`, 'schemaVersion'],
    ]);
    assert.equal(api.explorer.getTreeItem(subject.node).description, '2 versions');

    const document = await click<vscode.TextDocument>(api, versions[1].node);
    assert.equal(document.uri.scheme, 'eventbroker-schema');
    assert.equal(document.languageId, 'json');
    assert.equal(document.getText(), `${JSON.stringify(JSON.parse(schemaText('order-v1.avsc')), null, 2)}\n`);
    assert.equal(vscode.window.activeTextEditor?.document, document, 'shown in the editor');
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `${avroSubject} v1.avsc`);
    // (Read-only as every content provider's document: the browser test types into it.)

    const proto = await loaded(api, (await findRow(api, row.node, protoSubject)).node);
    assert.deepEqual(proto.map((v) => [v.label, v.description]), [['version 1', `Protobuf · id ${ids.proto1} · latest`]]);
    const protoDocument = await click<vscode.TextDocument>(api, proto[0].node);
    assert.equal(protoDocument.getText(), schemaText('order-v1.proto'), 'Protobuf exactly as registered');
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, `${protoSubject} v1.proto`);
    assert.equal(await vscode.commands.executeCommand('eventBroker.copyName', (await findRow(api, row.node, protoSubject)).node), protoSubject);
  });

  test('a registry that stops answering is one error row and one request per expansion; Retry asks again, and works once it answers', async () => {
    const api = await extensionApi();
    relay!.cut();
    const requests = () => relay!.requests.length;
    const row = await registryRow(api, RELAYED);
    const failed = await loaded(api, row.node);
    assert.deepEqual(failed.map((r) => [r.label, r.description, r.contextValue]), [['Schema registry did not answer: connection reset', 'Retry', 'error']]);
    assert.match(api.explorer.getTreeItem(failed[0].node).tooltip as string, new RegExp(`^The schema registry at 127\\.0\\.0\\.1:\\d+ does not answer \\(connection reset\\)\\.\\nRegistry: ${relay!.url.replace(/[.]/g, '\\.')}\\nClick to retry\\.$`));
    assert.equal(api.explorer.getTreeItem(row.node).description, 'failed to load');
    assert.deepEqual(relay!.requests, ['GET /apis/ccompat/v7/subjects'], 'one request');
    // Drawn again (collapsed and expanded, another row redrawn): the failure at hand, no request.
    await rows(api, row.node);
    await rows(api, row.node);
    assert.equal(requests(), 1);

    // Retry (the error row's click) asks again at once, even within the client's cool-down.
    await click(api, failed[0].node);
    assert.deepEqual((await loaded(api, row.node)).map((r) => r.label), ['Schema registry did not answer: connection reset']);
    assert.equal(requests(), 2);

    relay!.restore();
    await click(api, (await rows(api, row.node))[0].node);
    const subjects = await loaded(api, row.node);
    assert.ok(subjects.some((r) => r.label === avroSubject), subjects.map((r) => r.label).join(' | '));
    assert.equal(requests(), 3);

    // Down again while a subject is expanded: its Refresh is one request (the version list), no more.
    const subject = await findRow(api, row.node, avroSubject);
    assert.equal((await loaded(api, subject.node)).length, 2);
    const before = requests();
    relay!.cut();
    await vscode.commands.executeCommand('eventBroker.refresh', subject.node);
    assert.deepEqual((await loaded(api, subject.node)).map((r) => r.label), ['Schema registry did not answer: connection reset']);
    assert.equal(requests(), before + 1);
    relay!.restore();
    await vscode.commands.executeCommand('eventBroker.refresh', subject.node);
    assert.deepEqual((await loaded(api, subject.node)).map((r) => r.label), ['version 2', 'version 1']);
  });

  test('a registry that was stopped: the row names the cause, and Retry asks again', async function () {
    this.timeout(120_000);
    const api = await extensionApi();
    await stopOwnRegistry(registry);
    registry = undefined;
    const row = await registryRow(api, DIRECT);
    await vscode.commands.executeCommand('eventBroker.refresh', row.node);
    const failed = await loaded(api, row.node);
    assert.deepEqual(failed.map((r) => [r.label, r.description]), [['Schema registry did not answer: connection refused', 'Retry']]);
    await click(api, failed[0].node);
    assert.deepEqual((await loaded(api, row.node)).map((r) => r.label), ['Schema registry did not answer: connection refused']);
  });
});
