// Which Kafka broker the tests talk to. `npm test` (scripts/run-tests.mjs) starts a local broker
// and sets these variables; set KAFKA_BOOTSTRAP yourself to run the suite against another cluster
// (for example a real VAST Event Broker).
//   KAFKA_BOOTSTRAP        comma-separated host:port list, PLAINTEXT listener
//   KAFKA_SASL_BOOTSTRAP   comma-separated host:port list, SASL_PLAINTEXT listener (optional)
//   EBX_TEST_BROKER=local  the broker is the one from scripts/broker.mjs, so LOCAL_USERS exist

export interface TestBroker {
  bootstrap: string[];
  saslBootstrap: string[] | undefined;
  /** True when the broker is scripts/broker.mjs's local one (SASL users below exist, ACLs enforced). */
  local: boolean;
}

function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return items.length > 0 ? items : undefined;
}

export function testBroker(): TestBroker {
  const bootstrap = list(process.env.KAFKA_BOOTSTRAP);
  if (!bootstrap) {
    throw new Error(
      'KAFKA_BOOTSTRAP is not set: run the tests with npm test, which starts a broker ' +
        '(or set KAFKA_BOOTSTRAP=host:port to use an existing one).',
    );
  }
  return {
    bootstrap,
    saslBootstrap: list(process.env.KAFKA_SASL_BOOTSTRAP),
    local: process.env.EBX_TEST_BROKER === 'local',
  };
}

/** SASL users of the local test broker (PLAIN and SCRAM-SHA-256). admin is a super user; reader has no ACLs. */
export const LOCAL_USERS = {
  admin: { username: 'admin', password: 'admin-secret' },
  reader: { username: 'reader', password: 'reader-secret' },
} as const;
