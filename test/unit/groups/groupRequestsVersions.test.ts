// Which ListGroups / ConsumerGroupDescribe a broker gets, from the ApiVersions answer kafkajs keeps
// on its Broker: ours (v3+) at the newest version both support, kafkajs's own ListGroups for a
// broker that stops at v2 (older Kafka, VAST), and a clear UNSUPPORTED_VERSION where the broker has
// no ConsumerGroupDescribe. The broker here is a stand-in for kafkajs's Broker object (the send it
// would do is recorded, and answered with bytes); the real-broker tiers send the same requests.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { commonVersion } from '../../../src/core/kafka/brokerRequests';
import { describeConsumerGroupsOn, listGroupsOn } from '../../../src/core/kafka/groupRequests';
import type { InternalBroker } from '../../../src/core/kafka/kafkaJsInternals';
import { BrokerError } from '../../../src/core/brokerError';

interface Sent {
  apiKey: number;
  apiVersion: number;
  body: Buffer;
}

const SEND_REQUEST = Symbol('private:Broker:sendRequest');

/** A Broker with these API versions whose sends answer `payload` (after the correlation id). */
function brokerWith(versions: Record<number, { minVersion: number; maxVersion: number }>, payload: Buffer = Buffer.alloc(0)) {
  const sent: Sent[] = [];
  const kafkajsListGroups: number[] = [];
  class StandIn {
    versions = versions;
    listGroups() {
      kafkajsListGroups.push(1);
      return Promise.resolve({ errorCode: 0, groups: [{ groupId: 'old', protocolType: 'consumer' }] });
    }
    async [SEND_REQUEST](protocol: { request: { apiKey: number; apiVersion: number; encode: () => Promise<{ buffer: Buffer }> }; response: { decode: (b: Buffer) => Promise<unknown>; parse: (d: unknown) => Promise<unknown> } }) {
      sent.push({ apiKey: protocol.request.apiKey, apiVersion: protocol.request.apiVersion, body: (await protocol.request.encode()).buffer });
      return protocol.response.parse(await protocol.response.decode(payload));
    }
  }
  return { broker: new StandIn() as unknown as InternalBroker, sent, kafkajsListGroups };
}

const LIST_GROUPS_V5_ANSWER = Buffer.from([0, 0, 0, 0, 0, 0, 0, 2, 2, 0x67, 9, ...Buffer.from('consumer'), 7, ...Buffer.from('Stable'), 9, ...Buffer.from('consumer'), 0, 0]);

describe('group requests by broker version', () => {
  test('the newest version both sides support; none when the broker lacks the API or only has versions we do not', () => {
    const { broker } = brokerWith({ 16: { minVersion: 0, maxVersion: 9 }, 69: { minVersion: 0, maxVersion: 0 } });
    assert.equal(commonVersion(broker, 16, 5), 5);
    assert.equal(commonVersion(broker, 69, 1), 0);
    assert.equal(commonVersion(broker, 70, 1), null);
    assert.equal(commonVersion(brokerWith({ 69: { minVersion: 2, maxVersion: 3 } }).broker, 69, 1), null);
  });

  test('ListGroups v5 is ours, and names the type', async () => {
    const { broker, sent, kafkajsListGroups } = brokerWith({ 16: { minVersion: 0, maxVersion: 5 } }, LIST_GROUPS_V5_ANSWER);
    assert.deepEqual(await listGroupsOn(broker), [{ groupId: 'g', protocolType: 'consumer', type: 'consumer', state: 'Stable' }]);
    assert.deepEqual(sent, [{ apiKey: 16, apiVersion: 5, body: Buffer.from([0, 1, 1, 0]) }]);
    assert.equal(kafkajsListGroups.length, 0);
  });

  test('a broker that stops at ListGroups v2 gets kafkajs\'s own request, as before, and its groups are classic', async () => {
    const { broker, sent, kafkajsListGroups } = brokerWith({ 16: { minVersion: 0, maxVersion: 2 } });
    assert.deepEqual(await listGroupsOn(broker), [{ groupId: 'old', protocolType: 'consumer', type: 'classic' }]);
    assert.deepEqual([sent.length, kafkajsListGroups.length], [0, 1]);
  });

  test('ConsumerGroupDescribe on a broker without it: UNSUPPORTED_VERSION, nothing sent', async () => {
    const { broker, sent } = brokerWith({ 16: { minVersion: 0, maxVersion: 5 } });
    await assert.rejects(describeConsumerGroupsOn(broker, ['g']), (err: unknown) => err instanceof BrokerError && err.code === 'UNSUPPORTED_VERSION' && /does not support this request/.test(err.message));
    assert.equal(sent.length, 0);
  });
});
