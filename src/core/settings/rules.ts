// The table "Settings a client may carry that this broker ignores or refuses" from
// shared/target-broker.md, as data. Every rule here is about VAST Event Broker; Apache Kafka honours
// all of these settings, so under the `kafka` profile none of them fires.
//
// Not a rule on purpose: the Java client turns idempotence on by default since 3.0, so a Java
// producer that never mentions enable.idempotence is idempotent too. There is no text to point at
// (nor to fix) in that case, so it is left to documentation rather than reported at some position.
// The same holds for kafkajs, whose allowAutoTopicCreation defaults to true.

import type { BrokerProfile } from '../model';
import type { Dialect } from './dialects';
import type { SettingSeverity } from './settingFinding';

/**
 * How a setting name is spelled. `dotted` covers librdkafka / Java property names and their
 * kebab-case forms (Spring); `javaConstant` is `ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG`;
 * `pythonKeyword` is kafka-python / aiokafka's `enable_idempotence=`; `kafkajs` its option names.
 */
export type NamingStyle = 'dotted' | 'javaConstant' | 'pythonKeyword' | 'kafkajs';

/** A value as it appears in a file, with what is needed to judge it and to write a replacement. */
export interface WrittenValue {
  /** The setting name as written (for Java constants: the canonical dotted name, which reads better). */
  name: string;
  /** Without quotes. For expressions (`CompressionTypes.GZIP`, `[a, b]`), the expression text. */
  text: string;
  quoted: boolean;
  style: NamingStyle;
  dialect: Dialect;
}

export type FixRecipe =
  /** Replace the value: inside its quotes, or the quotes too when `includeQuotes`. */
  | { kind: 'replaceValue'; title: string; newText: string; includeQuotes?: boolean }
  /** Delete the whole entry: its line(s) when it stands alone, else the entry and one comma. */
  | { kind: 'removeEntry'; title: string }
  /** Advice only: the surrounding code has to change too, so no edit is offered. */
  | { kind: 'advice'; title: string };

export interface SettingRule {
  id: string;
  /** Canonical dotted names; the first is reported when the written name has no dotted twin. */
  settings: readonly string[];
  names: Readonly<Record<NamingStyle, readonly string[]>>;
  severity: SettingSeverity;
  profiles: readonly BrokerProfile[];
  /** Whether this value makes the setting a problem (most rules only object to some values). */
  flags(value: WrittenValue): boolean;
  /** One sentence on what happens on the broker, naming the setting as the file spells it. */
  message(value: WrittenValue): string;
  fix(value: WrittenValue): FixRecipe;
}

export function ruleAppliesToProfile(rule: SettingRule, profile: BrokerProfile): boolean {
  return rule.profiles.includes(profile);
}

/** VAST refuses messages above this size (1 MB). */
export const VAST_MAX_MESSAGE_BYTES = 1048576;

const JAVA_RANGE_ASSIGNOR = 'org.apache.kafka.clients.consumer.RangeAssignor';

function isTrue(value: WrittenValue): boolean {
  return /^(?:true|Boolean\.TRUE(?:\.toString\(\))?)$/i.test(value.text.trim());
}

/** Whether the value sets anything at all: `None`, `null`, `undefined`, `~` and "" leave the default. */
function isSet(value: WrittenValue): boolean {
  const text = value.text.trim();
  if (value.quoted) return text !== '';
  return !/^(?:|None|null|undefined|nil|~)$/.test(text);
}

/** `2_000_000`, `"2000000"`, `2000000L`, `2 * 1024 * 1024`; NaN for anything else. */
export function parseByteCount(text: string): number {
  const cleaned = text.replace(/_/g, '').trim();
  if (!/^\d+[lL]?(?:\s*\*\s*\d+[lL]?)*$/.test(cleaned)) return NaN;
  return cleaned
    .split('*')
    .map((factor) => Number(factor.trim().replace(/[lL]$/, '')))
    .reduce((product, factor) => product * factor, 1);
}

/** `false` spelled the way the file spells `true`. */
function falseLike(value: WrittenValue): string {
  const text = value.text.trim();
  if (value.quoted) return 'false';
  if (/^Boolean\.TRUE/i.test(text)) return text.replace(/^Boolean\.TRUE/i, 'Boolean.FALSE');
  if (text === 'True') return 'False';
  if (text === 'TRUE') return 'FALSE';
  return 'false';
}

/** `text` as a string in the file's language; inside existing quotes it needs none of its own. */
function stringLiteral(value: WrittenValue, text: string): string {
  if (value.quoted || value.dialect === 'properties' || value.dialect === 'yaml') return text;
  return value.dialect === 'python' ? `'${text}'` : `"${text}"`;
}

function removal(value: WrittenValue): FixRecipe {
  return { kind: 'removeEntry', title: `Remove ${value.name}` };
}

const noNames: readonly string[] = [];

export const SETTING_RULES: readonly SettingRule[] = [
  {
    id: 'cooperative-assignor',
    settings: ['partition.assignment.strategy'],
    names: {
      dotted: ['partition.assignment.strategy', 'partition-assignment-strategy'],
      javaConstant: ['ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG'],
      pythonKeyword: ['partition_assignment_strategy'],
      kafkajs: ['partitionAssigners'],
    },
    severity: 'error',
    profiles: ['vast'],
    flags: (value) => /cooperative/i.test(value.text),
    message: ({ name }) =>
      `VAST Event Broker does not support the cooperative-sticky assignor (${name}): groups rebalance eagerly with range or roundrobin only.`,
    fix: (value) => {
      // kafkajs falls back to its round-robin assigner when partitionAssigners is absent.
      if (value.style === 'kafkajs') return { kind: 'removeEntry', title: 'Remove partitionAssigners to use the round-robin assigner' };
      // kafka-python assigners are classes that would need an import: advise, don't edit.
      if (value.style === 'pythonKeyword') {
        return { kind: 'advice', title: 'Use RangePartitionAssignor or RoundRobinPartitionAssignor' };
      }
      // Java style (class names): a fully qualified name as a string needs no import.
      if (/CooperativeStickyAssignor/.test(value.text)) {
        return { kind: 'replaceValue', title: 'Use RangeAssignor', newText: stringLiteral(value, JAVA_RANGE_ASSIGNOR) };
      }
      return { kind: 'replaceValue', title: 'Use range,roundrobin', newText: stringLiteral(value, 'range,roundrobin') };
    },
  },
  {
    id: 'consumer-group-protocol',
    settings: ['group.protocol'],
    names: {
      dotted: ['group.protocol', 'group-protocol'],
      javaConstant: ['ConsumerConfig.GROUP_PROTOCOL_CONFIG'],
      pythonKeyword: noNames,
      kafkajs: noNames,
    },
    severity: 'error',
    profiles: ['vast'],
    flags: (value) => /^consumer$/i.test(value.text.trim()) || /\bGroupProtocol\.CONSUMER\b/.test(value.text),
    message: ({ name }) => `VAST Event Broker does not support ${name}=consumer: only the classic consumer group protocol works.`,
    fix: (value) => {
      const newText = /\bGroupProtocol\.CONSUMER\b/.test(value.text)
        ? value.text.replace(/\bGroupProtocol\.CONSUMER\b/, 'GroupProtocol.CLASSIC')
        : stringLiteral(value, 'classic');
      return { kind: 'replaceValue', title: 'Use the classic protocol', newText };
    },
  },
  {
    id: 'static-membership',
    settings: ['group.instance.id'],
    names: {
      dotted: ['group.instance.id', 'group-instance-id'],
      javaConstant: ['ConsumerConfig.GROUP_INSTANCE_ID_CONFIG'],
      pythonKeyword: ['group_instance_id'],
      kafkajs: noNames,
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: isSet,
    message: ({ name }) => `VAST Event Broker ignores ${name}: static membership has no effect.`,
    fix: removal,
  },
  {
    id: 'read-uncommitted',
    settings: ['isolation.level'],
    names: {
      dotted: ['isolation.level', 'isolation-level'],
      javaConstant: ['ConsumerConfig.ISOLATION_LEVEL_CONFIG'],
      pythonKeyword: ['isolation_level'],
      kafkajs: ['readUncommitted'],
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: (value) => (value.style === 'kafkajs' ? isTrue(value) : /read[_-]uncommitted/i.test(value.text)),
    message: ({ name, style }) =>
      `VAST Event Broker ignores ${style === 'kafkajs' ? name : `${name}=read_uncommitted`}: consumers always see committed events only.`,
    fix: removal,
  },
  {
    id: 'fetch-wait',
    settings: ['fetch.wait.max.ms', 'fetch.max.wait.ms'],
    names: {
      // `fetch-max-wait` is Spring Boot's spring.kafka.consumer.fetch-max-wait.
      dotted: ['fetch.wait.max.ms', 'fetch.max.wait.ms', 'fetch-wait-max-ms', 'fetch-max-wait-ms', 'fetch-max-wait'],
      javaConstant: ['ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG'],
      pythonKeyword: ['fetch_max_wait_ms'],
      kafkajs: ['maxWaitTimeInMs'],
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: isSet,
    message: ({ name }) =>
      `VAST Event Broker ignores ${name}: it answers a fetch at once when nothing is new, ` +
      'so a reader on a quiet topic spins unless it backs off by itself.',
    fix: removal,
  },
  {
    id: 'fetch-min-bytes',
    settings: ['fetch.min.bytes'],
    names: {
      // `fetch-min-size` is Spring Boot's spring.kafka.consumer.fetch-min-size.
      dotted: ['fetch.min.bytes', 'fetch-min-bytes', 'fetch-min-size'],
      javaConstant: ['ConsumerConfig.FETCH_MIN_BYTES_CONFIG'],
      pythonKeyword: ['fetch_min_bytes'],
      kafkajs: ['minBytes'],
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: isSet,
    message: ({ name }) => `VAST Event Broker ignores ${name}: it answers a fetch at once with whatever is available.`,
    fix: removal,
  },
  {
    id: 'client-rack',
    settings: ['client.rack'],
    names: {
      dotted: ['client.rack', 'client-rack'],
      javaConstant: ['ConsumerConfig.CLIENT_RACK_CONFIG'],
      pythonKeyword: ['client_rack'],
      kafkajs: ['rackId'],
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: isSet,
    message: ({ name }) => `VAST Event Broker ignores ${name}: it has no rack awareness.`,
    fix: removal,
  },
  {
    id: 'idempotence',
    settings: ['enable.idempotence'],
    names: {
      dotted: ['enable.idempotence', 'enable-idempotence'],
      javaConstant: ['ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG'],
      pythonKeyword: ['enable_idempotence'],
      kafkajs: ['idempotent'],
    },
    severity: 'error',
    profiles: ['vast'],
    flags: isTrue,
    message: ({ name }) => `VAST Event Broker does not support idempotent producing, so ${name} must be false.`,
    fix: (value) => ({ kind: 'replaceValue', title: `Set ${value.name} to false`, newText: falseLike(value) }),
  },
  {
    id: 'transactions',
    settings: ['transactional.id'],
    names: {
      // `transaction-id-prefix` is Spring Boot's spring.kafka.producer.transaction-id-prefix.
      dotted: ['transactional.id', 'transactional-id', 'transaction-id-prefix'],
      javaConstant: ['ProducerConfig.TRANSACTIONAL_ID_CONFIG'],
      pythonKeyword: ['transactional_id'],
      kafkajs: ['transactionalId'],
    },
    severity: 'error',
    profiles: ['vast'],
    flags: isSet,
    message: ({ name }) => `VAST Event Broker does not support transactions, so a producer with ${name} cannot work.`,
    // Removing the id alone would leave calls that begin and commit transactions: advise only.
    fix: (value) => ({ kind: 'advice', title: `Remove ${value.name} and the transaction calls` }),
  },
  {
    id: 'compression',
    settings: ['compression.type', 'compression.codec'],
    names: {
      dotted: ['compression.type', 'compression.codec', 'compression-type', 'compression-codec'],
      javaConstant: ['ProducerConfig.COMPRESSION_TYPE_CONFIG'],
      pythonKeyword: ['compression_type'],
      kafkajs: ['compression'],
    },
    severity: 'error',
    profiles: ['vast'],
    // kafkajs: only `CompressionTypes.X` is read, since `compression` is a common option name elsewhere.
    flags: (value) =>
      value.style === 'kafkajs'
        ? /\bCompressionTypes\.(?!None\b)\w+/.test(value.text)
        : /gzip|snappy|lz4|zstd/i.test(value.text),
    message: ({ name }) => `VAST Event Broker does not support compressed messages over the wire: set ${name} to none.`,
    fix: (value) => {
      const title = 'Produce without compression';
      if (value.style === 'kafkajs') {
        return { kind: 'replaceValue', title, newText: value.text.replace(/\bCompressionTypes\.\w+/, 'CompressionTypes.None') };
      }
      // kafka-python and aiokafka spell "no compression" as None; the string 'none' is rejected.
      if (value.style === 'pythonKeyword') return { kind: 'replaceValue', title, newText: 'None', includeQuotes: true };
      return { kind: 'replaceValue', title, newText: stringLiteral(value, 'none') };
    },
  },
  {
    id: 'auto-create-topics',
    settings: ['allow.auto.create.topics'],
    names: {
      dotted: ['allow.auto.create.topics', 'allow-auto-create-topics'],
      javaConstant: ['ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG'],
      pythonKeyword: ['allow_auto_create_topics'],
      kafkajs: ['allowAutoTopicCreation'],
    },
    severity: 'warning',
    profiles: ['vast'],
    flags: isTrue,
    message: ({ name }) => `VAST Event Broker never creates topics automatically, so ${name} has no effect: create topics first.`,
    fix: (value) => ({ kind: 'replaceValue', title: `Set ${value.name} to false`, newText: falseLike(value) }),
  },
  {
    id: 'message-size',
    settings: ['message.max.bytes', 'max.request.size'],
    names: {
      dotted: ['message.max.bytes', 'max.request.size', 'message-max-bytes', 'max-request-size'],
      javaConstant: ['ProducerConfig.MAX_REQUEST_SIZE_CONFIG'],
      pythonKeyword: ['max_request_size'],
      kafkajs: noNames,
    },
    severity: 'error',
    profiles: ['vast'],
    flags: (value) => parseByteCount(value.text) > VAST_MAX_MESSAGE_BYTES,
    message: ({ name }) =>
      `VAST Event Broker refuses messages above 1 MB (${VAST_MAX_MESSAGE_BYTES} bytes), ` +
      `so ${name} above that lets the client build messages the broker rejects.`,
    fix: () => ({ kind: 'replaceValue', title: `Lower to ${VAST_MAX_MESSAGE_BYTES} (1 MB)`, newText: String(VAST_MAX_MESSAGE_BYTES) }),
  },
];
