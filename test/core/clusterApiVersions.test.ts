// A broker's API versions through ClusterAccess.apiVersions, against Apache Kafka's own
// kafka-broker-api-versions: the same requests, the same version ranges, the same names. And through
// the VAST-like proxy, which leaves DeleteRecords and IncrementalAlterConfigs out of ApiVersions: the
// answer is the broker's own (asked of that broker), not a table.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaSession } from '../../src/core/session';
import { describeCluster } from '../../src/core/cluster/clusterDescription';
import { readApiVersions } from '../../src/core/cluster/apiVersionRows';
import { testBroker } from '../support/brokerEnv';
import { openSession } from '../support/kafkaFixtures';
import { kafkaBrokerApiVersions } from '../support/kafkaAdminTools';
import { PROXY_NEEDS_ONE_BROKER, sessionsThroughProxy } from '../support/proxiedSessions';
import { API_KEYS } from '../support/kafkaFrames';

describe('API versions of a broker', () => {
  let session: KafkaSession;
  before(() => {
    session = openSession();
  });
  after(async () => {
    await session?.close();
  });

  test('are what kafka-broker-api-versions reports for each broker', { timeout: 180_000 }, async () => {
    const cluster = await describeCluster(session);
    const kafkas = await kafkaBrokerApiVersions(testBroker().bootstrap.join(','));
    assert.equal(kafkas.size, cluster.brokers.length, `Kafka's tool saw ${[...kafkas.keys()].join(', ')}`);
    for (const broker of cluster.brokers) {
      const theirs = kafkas.get(`${broker.host}:${broker.port}`);
      assert.ok(theirs, `Kafka's tool names broker ${broker.host}:${broker.port}`);
      const ours = await readApiVersions(session, broker.id);
      assert.deepEqual(ours.map((v) => v.apiKey), [...ours.map((v) => v.apiKey)].sort((a, b) => a - b), 'sorted by api key');
      assert.deepEqual(
        ours.map(({ apiKey, minVersion, maxVersion }) => ({ apiKey, minVersion, maxVersion })),
        theirs.map(({ apiKey, minVersion, maxVersion }) => ({ apiKey, minVersion, maxVersion })).sort((a, b) => a.apiKey - b.apiKey),
      );
      for (const t of theirs.filter((v) => v.name !== 'UNKNOWN')) assert.equal(ours.find((o) => o.apiKey === t.apiKey)?.name, t.name, `api key ${t.apiKey}`);
      assert.ok(ours.some((v) => v.name === 'Fetch') && ours.some((v) => v.name === 'Metadata'));
    }
  });
});

describe('API versions through a broker that hides some', { skip: PROXY_NEEDS_ONE_BROKER }, () => {
  const at = sessionsThroughProxy({ immediateFetch: false, hideApis: [API_KEYS.DeleteRecords, API_KEYS.IncrementalAlterConfigs] });

  test('leave out what the broker leaves out', async () => {
    const [broker] = (await describeCluster(at.viaProxy)).brokers;
    const names = (await readApiVersions(at.viaProxy, broker.id)).map((v) => v.name);
    const directNames = (await readApiVersions(at.direct, broker.id)).map((v) => v.name);
    assert.ok(directNames.includes('DeleteRecords') && directNames.includes('IncrementalAlterConfigs'), directNames.join(', '));
    assert.ok(!names.includes('DeleteRecords') && !names.includes('IncrementalAlterConfigs'), names.join(', '));
    assert.ok(names.includes('Fetch') && names.includes('AlterConfigs'));
  });
});
