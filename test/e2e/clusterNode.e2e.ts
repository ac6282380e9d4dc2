// End to end in a real browser: a connection's Cluster node as a person sees it — expanded, its
// broker rows, and its API versions with what VAST Event Broker lacks marked (the default profile is
// vast). Screenshot: test-artifacts/e2e/cluster-node.png.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';
import { openSession, topicWith } from '../support/kafkaFixtures';
import { describeCluster } from '../../src/core/cluster/clusterDescription';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;

before(async () => {
  session = openSession();
  // At least one topic, so that the totals name a largest one (a fresh broker has none, and this
  // file may run first).
  await topicWith(session, 'cluster-node', 2);
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('cluster-node-final');
  await session?.close();
});

test('the Cluster node shows the brokers, the API versions with VAST’s gaps marked, and the totals', async () => {
  const cluster = await describeCluster(session);
  const [first] = [...cluster.brokers].sort((a, b) => a.id - b.id);
  await wb.openView('Event Broker');
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.waitForRow(`cluster ${cluster.clusterId}`);
  await wb.expandRow('Cluster');
  await wb.waitForRow(`broker ${first.id}`);
  const totals = (await (await wb.waitForRow('Totals')).innerText()).replace(/\s+/g, ' ').trim();
  assert.match(totals, /^Totals ?[\d,]+ topics? · [\d,]+ partitions? of 200,000 a view · largest topic [\d,]+ of 20,000 a topic$/); // one topic on a fresh broker
  await wb.expandRow('API versions');
  await wb.waitForRow('DeleteRecords');
  const rows = await wb.treeRows('Explorer');
  // Label and description are separate elements: innerText may or may not put a space between them.
  const has = (re: RegExp) => assert.ok(rows.some((r) => re.test(r)), `${re}: ${rows.join(' | ')}`);
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  has(new RegExp(`^broker ${first.id}\\s*${escaped(`${first.host}:${first.port}`)}${first.id === cluster.controller ? ' · controller' : ''}$`));
  has(new RegExp(`^Cluster\\s*${cluster.brokers.length} brokers? · cluster ${escaped(cluster.clusterId)}$`));
  has(new RegExp(`^API versions\\s*broker ${first.id}$`));
  has(/^Metadata\s*v\d+–v\d+$/);
  has(/^Fetch\s*v\d+–v\d+ · VAST supports this in part$/);
  has(/^DeleteRecords\s*v\d+–v\d+ · VAST does not support this$/);
  await wb.screenshot('cluster-node');
});
