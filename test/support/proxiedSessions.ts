// For node:test suites that test against VAST's own behaviours through the VAST-like proxy
// (vastLikeBrokerProxy.ts): the proxy, a session straight to the broker and one through the proxy,
// opened before the suite and closed after it. Not for the extension-host tier, which runs on mocha.
import { after, before } from 'node:test';
import { KafkaSession } from '../../src/core/session';
import { testBroker } from './brokerEnv';
import { openSession } from './kafkaFixtures';
import { startVastLikeProxy, type VastLikeOptions, type VastLikeProxy } from './vastLikeBrokerProxy';

/** The skip option of a suite that needs the proxy: it fronts one broker. */
export const PROXY_NEEDS_ONE_BROKER = testBroker().bootstrap.length === 1 ? false : 'the proxy fronts a single broker';

/**
 * For one suite: a VAST-like proxy in front of the test broker, a session straight to the broker
 * (to produce) and one through the proxy (under test). Read the getters inside tests.
 */
export function sessionsThroughProxy(options: VastLikeOptions) {
  let proxy: VastLikeProxy | undefined;
  let direct: KafkaSession | undefined;
  let viaProxy: KafkaSession | undefined;
  before(async () => {
    proxy = await startVastLikeProxy(testBroker().bootstrap[0], options);
    direct = openSession();
    viaProxy = KafkaSession.open({ bootstrap: [proxy.bootstrap], timeoutMs: 15_000 });
  });
  after(async () => {
    await viaProxy?.close();
    await direct?.close();
    await proxy?.close();
  });
  return {
    get proxy() {
      return proxy!;
    },
    get direct() {
      return direct!;
    },
    get viaProxy() {
      return viaProxy!;
    },
  };
}
