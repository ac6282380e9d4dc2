// Which Kafka broker the tests talk to. `npm test` (scripts/run-tests.mjs) starts a local broker
// and sets these variables; set KAFKA_BOOTSTRAP yourself to run the suite against another cluster
// (for example a real VAST Event Broker).
//   KAFKA_BOOTSTRAP        comma-separated host:port list, PLAINTEXT listener
//   KAFKA_SASL_BOOTSTRAP   comma-separated host:port list, SASL_PLAINTEXT listener (optional)
//   KAFKA_SSL_BOOTSTRAP, KAFKA_SSL_CA  the SSL listener and its CA file (optional)
//   EBX_TEST_BROKER=local  the broker is the one from scripts/broker.mjs, so LOCAL_USERS exist (and
//                          the SASL and SSL variables must be set)

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
  const local = process.env.EBX_TEST_BROKER === 'local';
  // The local broker always has these listeners: a suite that skips itself without them ("needs
  // the local broker") must never skip on it, so their absence is an error, not a skip.
  const missing = ['KAFKA_SASL_BOOTSTRAP', 'KAFKA_SSL_BOOTSTRAP', 'KAFKA_SSL_CA'].filter((name) => !process.env[name]);
  if (local && missing.length > 0) throw new Error(`EBX_TEST_BROKER=local, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set (npm test sets them).`);
  return { bootstrap, saslBootstrap: list(process.env.KAFKA_SASL_BOOTSTRAP), local };
}

/** scripts/broker.mjs's default release: the broker when EBX_KAFKA_VERSION names none. */
const DEFAULT_KAFKA_VERSION = '3.9.1';

/**
 * The Apache Kafka release of the test broker: EBX_KAFKA_VERSION, which scripts/run-tests.mjs sets
 * for every local broker it starts (3.9.1 for core/cli, 4.4.0 for the *-kafka4 tiers), else the
 * default release.
 */
export function testKafkaVersion(): string {
  return process.env.EBX_KAFKA_VERSION || DEFAULT_KAFKA_VERSION;
}

/** 4 for Kafka 4.x: where the new consumer group protocol (KIP-848) is on by default. */
export function testKafkaMajor(): number {
  return Number(testKafkaVersion().split('.')[0]);
}

/** SASL users of the local test broker (PLAIN and SCRAM-SHA-256). admin is a super user; reader has no ACLs. */
export const LOCAL_USERS = {
  admin: { username: 'admin', password: 'admin-secret' },
  reader: { username: 'reader', password: 'reader-secret' },
} as const;
