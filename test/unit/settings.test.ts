// Table-driven tests for the unsupported-settings check (src/core/settings): per dialect, exact
// positions and fixes; the value predicates; the `kafka` profile staying silent; every fix edit
// removing its finding; the shared fixtures; and robustness on junk and large input.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dialectForFile, type Dialect } from '../../src/core/settings/dialects';
import { findUnsupportedSettings } from '../../src/core/settings/findUnsupportedSettings';
import { SETTING_RULES, parseByteCount, ruleAppliesToProfile } from '../../src/core/settings/rules';
import type { SettingEdit, SettingFinding } from '../../src/core/settings/settingFinding';

/** [line, column, endLine, endColumn], 1-based, end exclusive. */
type Range = [number, number, number, number];
/** [line, column, endLine, endColumn, newText]. */
type Edit = [number, number, number, number, string];

interface Expected {
  at: Range;
  setting: string;
  value: string;
  ruleId: string;
  /** The fix edit; null when the fix is advice only. Omitted: not checked. */
  edit?: Edit | null;
  title?: string;
}

interface Case {
  name: string;
  text: string;
  expected: Expected[];
}

function shape(finding: SettingFinding, expected: Expected): Expected {
  const actual: Expected = {
    at: [finding.line, finding.column, finding.endLine, finding.endColumn],
    setting: finding.setting,
    value: finding.value,
    ruleId: finding.ruleId,
  };
  if (expected.edit !== undefined) {
    const edit = finding.fix?.edit;
    actual.edit = edit === undefined ? null : [edit.line, edit.column, edit.endLine, edit.endColumn, edit.newText];
  }
  if (expected.title !== undefined) actual.title = finding.fix?.title;
  return actual;
}

function assertFindings(text: string, dialect: Dialect, expected: Expected[]): void {
  const findings = findUnsupportedSettings(text, dialect, 'vast');
  assert.deepEqual(
    findings.map((finding, index) => shape(finding, expected[index] ?? ({} as Expected))),
    expected,
  );
}

/** Offset of a 1-based line and column, counting \r\n, \n and \r as line breaks (as the check does). */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const match = /\r\n|\n|\r/g;
    match.lastIndex = offset;
    const found = match.exec(text);
    if (found === null) throw new Error(`no line ${line}`);
    offset = found.index + found[0].length;
  }
  return offset + column - 1;
}

function applyEdit(text: string, edit: SettingEdit): string {
  return text.slice(0, offsetOf(text, edit.line, edit.column)) + edit.newText + text.slice(offsetOf(text, edit.endLine, edit.endColumn));
}

const casesByDialect: Record<Dialect, Case[]> = {
  properties: [
    {
      name: 'key=value',
      text: 'enable.idempotence=true\n',
      expected: [{ at: [1, 1, 1, 24], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 20, 1, 24, 'false'] }],
    },
    {
      name: 'key = value after another line, CRLF',
      text: 'a=1\r\ncompression.type = gzip\r\n',
      expected: [{ at: [2, 1, 2, 24], setting: 'compression.type', value: 'gzip', ruleId: 'compression', edit: [2, 20, 2, 24, 'none'] }],
    },
    {
      name: 'key: value, removed with its line',
      text: 'isolation.level: read_uncommitted\n',
      expected: [{ at: [1, 1, 1, 34], setting: 'isolation.level', value: 'read_uncommitted', ruleId: 'read-uncommitted', edit: [1, 1, 2, 1, ''] }],
    },
    {
      name: 'key value (blank separator)',
      text: 'client.rack us-east-1a\n',
      expected: [{ at: [1, 1, 1, 23], setting: 'client.rack', value: 'us-east-1a', ruleId: 'client-rack', edit: [1, 1, 2, 1, ''] }],
    },
    {
      name: 'comment lines are skipped',
      text: '# enable.idempotence=true\n! compression.type=gzip\n   # client.rack=x\n',
      expected: [],
    },
    {
      name: 'continuation lines join into one value',
      text: 'partition.assignment.strategy=range,\\\n    cooperative-sticky\n',
      expected: [
        {
          at: [1, 1, 2, 23],
          setting: 'partition.assignment.strategy',
          value: 'range,cooperative-sticky',
          ruleId: 'cooperative-assignor',
          edit: [1, 31, 2, 23, 'range,roundrobin'],
        },
      ],
    },
    {
      name: 'Java assignor class becomes RangeAssignor',
      text: 'partition.assignment.strategy=org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
      expected: [
        {
          at: [1, 1, 1, 90],
          setting: 'partition.assignment.strategy',
          value: 'org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
          ruleId: 'cooperative-assignor',
          edit: [1, 31, 1, 90, 'org.apache.kafka.clients.consumer.RangeAssignor'],
        },
      ],
    },
    {
      name: 'Spring prefix, matched by suffix',
      text: 'spring.kafka.producer.properties.enable.idempotence=true\n',
      expected: [{ at: [1, 1, 1, 57], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 53, 1, 57, 'false'] }],
    },
    {
      name: 'broker settings and unrelated prefixes are not client settings',
      text: 'replica.fetch.min.bytes=1\nreplica.fetch.wait.max.ms=500\napp.compression.type=gzip\n',
      expected: [],
    },
    { name: 'an empty value sets nothing', text: 'group.instance.id=\nclient.rack = \n', expected: [] },
    {
      name: 'removing the last line, which has no line break, takes the break before it',
      text: 'a=1\nclient.rack=x',
      expected: [{ at: [2, 1, 2, 14], setting: 'client.rack', value: 'x', ruleId: 'client-rack', edit: [1, 4, 2, 14, ''] }],
    },
  ],

  python: [
    {
      name: 'confluent-kafka dict; an inline entry goes with the comma before it',
      text: 'conf = {\'enable.idempotence\': True, "client.rack": "r1"}\n',
      expected: [
        { at: [1, 9, 1, 35], setting: 'enable.idempotence', value: 'True', ruleId: 'idempotence', edit: [1, 31, 1, 35, 'False'] },
        { at: [1, 37, 1, 56], setting: 'client.rack', value: 'r1', ruleId: 'client-rack', edit: [1, 35, 1, 56, ''] },
      ],
    },
    {
      name: 'kafka-python keyword arguments; compression becomes None',
      text: "p = KafkaProducer(enable_idempotence=True, compression_type='gzip')\n",
      expected: [
        { at: [1, 19, 1, 42], setting: 'enable.idempotence', value: 'True', ruleId: 'idempotence', edit: [1, 38, 1, 42, 'False'] },
        { at: [1, 44, 1, 67], setting: 'compression.type', value: 'gzip', ruleId: 'compression', edit: [1, 61, 1, 67, 'None'] },
      ],
    },
    {
      name: 'keyword names outside a call are variables',
      text: "client_rack = 'a'\nx = f(a, client_rack == 'b')\n",
      expected: [],
    },
    {
      name: 'comments and docstrings are skipped',
      text: "# 'enable.idempotence': True\n\"\"\"\nenable_idempotence=True\n\"\"\"\nx = 1  # client_rack='a'\n",
      expected: [],
    },
    { name: 'None and empty strings set nothing', text: "KafkaConsumer(client_rack=None, group_instance_id='')\n", expected: [] },
    {
      name: 'assignment to a config key',
      text: 'conf["group.instance.id"] = "g1"\n',
      expected: [{ at: [1, 6, 1, 33], setting: 'group.instance.id', value: 'g1', ruleId: 'static-membership', edit: [1, 1, 2, 1, ''] }],
    },
    {
      name: 'numbers with underscores',
      text: 'KafkaProducer(max_request_size=2_000_000)\n',
      expected: [{ at: [1, 15, 1, 41], setting: 'max.request.size', value: '2_000_000', ruleId: 'message-size', edit: [1, 32, 1, 41, '1048576'] }],
    },
    {
      name: 'kafka-python assignor classes get advice, no edit',
      text: 'KafkaConsumer(partition_assignment_strategy=[CooperativeStickyAssignor])\n',
      expected: [
        {
          at: [1, 15, 1, 72],
          setting: 'partition.assignment.strategy',
          value: '[CooperativeStickyAssignor]',
          ruleId: 'cooperative-assignor',
          edit: null,
          title: 'Use RangePartitionAssignor or RoundRobinPartitionAssignor',
        },
      ],
    },
    {
      name: 'supported values are fine',
      text: "{'compression.type': 'none', 'compression.codec': None, 'isolation.level': 'read_committed', 'message.max.bytes': 1048576}\n",
      expected: [],
    },
  ],

  javascript: [
    {
      name: 'kafkajs producer options',
      text: "kafka.producer({ idempotent: true, transactionalId: 'tx' })\n",
      expected: [
        { at: [1, 18, 1, 34], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 30, 1, 34, 'false'] },
        { at: [1, 36, 1, 57], setting: 'transactional.id', value: 'tx', ruleId: 'transactions', edit: null, title: 'Remove transactionalId and the transaction calls' },
      ],
    },
    {
      name: 'kafkajs consumer options, each removed with its line',
      text: "const c = kafka.consumer({\n  groupId: 'g',\n  readUncommitted: true,\n  minBytes: 1,\n});\n",
      expected: [
        { at: [3, 3, 3, 24], setting: 'isolation.level', value: 'true', ruleId: 'read-uncommitted', edit: [3, 1, 4, 1, ''] },
        { at: [4, 3, 4, 14], setting: 'fetch.min.bytes', value: '1', ruleId: 'fetch-min-bytes', edit: [4, 1, 5, 1, ''] },
      ],
    },
    {
      name: 'values that are fine',
      text: "kafka.consumer({ readUncommitted: false, maxWaitTimeInMs: undefined });\nsend({ compression: CompressionTypes.None });\nnew CompressionPlugin({ compression: 'gzip' });\n",
      expected: [],
    },
    {
      name: 'librdkafka names as quoted keys (node-rdkafka)',
      text: "new Kafka.Producer({ 'enable.idempotence': true, 'compression.codec': 'snappy' })\n",
      expected: [
        { at: [1, 22, 1, 48], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 44, 1, 48, 'false'] },
        { at: [1, 50, 1, 79], setting: 'compression.codec', value: 'snappy', ruleId: 'compression', edit: [1, 72, 1, 78, 'none'] },
      ],
    },
    {
      name: 'TypeScript types and declarations are not settings',
      text: 'interface O { transactionalId: string; rackId?: string }\nfunction f(maxWaitTimeInMs: number) {}\nconst rackId: string = x;\nconst y = a ? rackId : b;\n',
      expected: [],
    },
    {
      name: 'comments are skipped',
      text: "// idempotent: true\n/* readUncommitted: true,\n   rackId: 'x' */\nconst s = 'http://example.com'; // rackId: 'y'\n",
      expected: [],
    },
    {
      name: 'a cooperative assigner is removed, falling back to round-robin',
      text: "kafka.consumer({\n  groupId: 'g',\n  partitionAssigners: [CooperativeStickyAssigner],\n})\n",
      expected: [
        {
          at: [3, 3, 3, 50],
          setting: 'partition.assignment.strategy',
          value: '[CooperativeStickyAssigner]',
          ruleId: 'cooperative-assignor',
          edit: [3, 1, 4, 1, ''],
        },
      ],
    },
    {
      name: 'assignment to a config key',
      text: "config['client.rack'] = 'b';\n",
      expected: [{ at: [1, 8, 1, 28], setting: 'client.rack', value: 'b', ruleId: 'client-rack', edit: [1, 1, 2, 1, ''] }],
    },
    {
      name: 'compression in send',
      text: "await producer.send({ topic: 't', compression: CompressionTypes.ZSTD, messages })\n",
      expected: [
        {
          at: [1, 35, 1, 69],
          setting: 'compression.type',
          value: 'CompressionTypes.ZSTD',
          ruleId: 'compression',
          edit: [1, 48, 1, 69, 'CompressionTypes.None'],
        },
      ],
    },
  ],

  java: [
    {
      name: 'string key and string value',
      text: 'props.put("enable.idempotence", "true");\n',
      expected: [{ at: [1, 11, 1, 39], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 34, 1, 38, 'false'] }],
    },
    {
      name: 'constant key and boolean literal',
      text: 'props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);\n',
      expected: [{ at: [1, 11, 1, 57], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 53, 1, 57, 'false'] }],
    },
    {
      name: 'static-imported constant with setProperty, removed with its line',
      text: '    props.setProperty(GROUP_INSTANCE_ID_CONFIG, "i");\n',
      expected: [{ at: [1, 23, 1, 52], setting: 'group.instance.id', value: 'i', ruleId: 'static-membership', edit: [1, 1, 2, 1, ''] }],
    },
    {
      name: 'assignor class name as a string',
      text: 'props.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, "org.apache.kafka.clients.consumer.CooperativeStickyAssignor");\n',
      expected: [
        {
          at: [1, 11, 1, 125],
          setting: 'partition.assignment.strategy',
          value: 'org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
          ruleId: 'cooperative-assignor',
          edit: [1, 65, 1, 124, 'org.apache.kafka.clients.consumer.RangeAssignor'],
        },
      ],
    },
    {
      name: 'Map.of: the last pair goes with the comma before it',
      text: 'Map<String, Object> m = Map.of(\n    "bootstrap.servers", "x",\n    "client.rack", "r");\n',
      expected: [{ at: [3, 5, 3, 23], setting: 'client.rack', value: 'r', ruleId: 'client-rack', edit: [2, 29, 3, 23, ''] }],
    },
    {
      name: 'comments are skipped',
      text: '// props.put("client.rack", "r");\n/* props.put("enable.idempotence", "true"); */\n',
      expected: [],
    },
    {
      name: 'a call in a builder chain gets no removal edit',
      text: 'var b = ImmutableMap.builder().put("client.rack", "x").build();\n',
      expected: [{ at: [1, 36, 1, 54], setting: 'client.rack', value: 'x', ruleId: 'client-rack', edit: null, title: 'Remove client.rack' }],
    },
    {
      name: 'Kotlin indexed assignment',
      text: 'props[ProducerConfig.COMPRESSION_TYPE_CONFIG] = "gzip"\n',
      expected: [{ at: [1, 7, 1, 55], setting: 'compression.type', value: 'gzip', ruleId: 'compression', edit: [1, 50, 1, 54, 'none'] }],
    },
    {
      name: 'Kotlin pair',
      text: 'mapOf("enable.idempotence" to true)\n',
      expected: [{ at: [1, 7, 1, 35], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 31, 1, 35, 'false'] }],
    },
    {
      name: 'supported values and foreign constants are fine',
      text: [
        'props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");',
        'props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 1048576);',
        'props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");',
        'props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);',
        'props.put(MyConstants.CLIENT_RACK_CONFIG, "r");',
        '',
      ].join('\n'),
      expected: [],
    },
    {
      name: 'a size written as a product',
      text: 'props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 2 * 1024 * 1024);\n',
      expected: [{ at: [1, 11, 1, 66], setting: 'max.request.size', value: '2 * 1024 * 1024', ruleId: 'message-size', edit: [1, 51, 1, 66, '1048576'] }],
    },
  ],

  json: [
    {
      name: 'the last entry goes with the comma before it, keeping the JSON valid',
      text: '{\n  "a": 1,\n  "client.rack": "r"\n}\n',
      expected: [{ at: [3, 3, 3, 21], setting: 'client.rack', value: 'r', ruleId: 'client-rack', edit: [2, 9, 3, 21, ''] }],
    },
    {
      name: 'an entry followed by a comma goes with its line',
      text: '{\n  "client.rack": "r",\n  "a": 1\n}\n',
      expected: [{ at: [2, 3, 2, 21], setting: 'client.rack', value: 'r', ruleId: 'client-rack', edit: [2, 1, 3, 1, ''] }],
    },
    {
      name: 'inline entries',
      text: '{"enable.idempotence": true, "compression.type": "gzip"}',
      expected: [
        { at: [1, 2, 1, 28], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 24, 1, 28, 'false'] },
        { at: [1, 30, 1, 56], setting: 'compression.type', value: 'gzip', ruleId: 'compression', edit: [1, 51, 1, 55, 'none'] },
      ],
    },
    {
      name: 'an array value is replaced by a string',
      text: '{"partition.assignment.strategy": ["cooperative-sticky"]}',
      expected: [
        {
          at: [1, 2, 1, 57],
          setting: 'partition.assignment.strategy',
          value: '["cooperative-sticky"]',
          ruleId: 'cooperative-assignor',
          edit: [1, 35, 1, 57, '"range,roundrobin"'],
        },
      ],
    },
    {
      name: 'comments (JSONC) are skipped',
      text: '{\n  // "client.rack": "x",\n  /* "enable.idempotence": true */\n  "acks": "all"\n}\n',
      expected: [],
    },
    {
      name: 'supported values are fine',
      text: '{"isolation.level": "read_committed", "message.max.bytes": 1048576, "compression.type": "none"}',
      expected: [],
    },
    {
      name: 'kebab-case leaf key',
      text: '{"kafka": {"producer": {"compression-type": "lz4"}}}',
      expected: [{ at: [1, 25, 1, 50], setting: 'compression.type', value: 'lz4', ruleId: 'compression', edit: [1, 46, 1, 49, 'none'] }],
    },
    {
      name: 'a setting split over nested keys',
      text: '{"spring": {"kafka": {"properties": {"enable": {"idempotence": true}}}}}',
      expected: [{ at: [1, 49, 1, 68], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 64, 1, 68, 'false'] }],
    },
  ],

  yaml: [
    {
      name: 'flat key',
      text: 'enable.idempotence: true\n',
      expected: [{ at: [1, 1, 1, 25], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [1, 21, 1, 25, 'false'] }],
    },
    {
      name: 'nested Spring key with a trailing comment',
      text: 'spring:\n  kafka:\n    consumer:\n      isolation-level: read_uncommitted  # why\n',
      expected: [{ at: [4, 7, 4, 40], setting: 'isolation.level', value: 'read_uncommitted', ruleId: 'read-uncommitted', edit: [4, 1, 5, 1, ''] }],
    },
    {
      name: 'comments are skipped',
      text: '# client.rack: x\nkafka:\n  # enable.idempotence: true\n  acks: all\n',
      expected: [],
    },
    {
      name: 'quoted key and value',
      text: '"compression.type": \'gzip\'\n',
      expected: [{ at: [1, 1, 1, 27], setting: 'compression.type', value: 'gzip', ruleId: 'compression', edit: [1, 22, 1, 26, 'none'] }],
    },
    {
      name: 'block scalars are text, not settings',
      text: 'config: |\n  enable.idempotence: true\n  client.rack: x\nother: 1\n',
      expected: [],
    },
    {
      name: 'a block list of assignors',
      text: 'partition.assignment.strategy:\n  - range\n  - cooperative-sticky\n',
      expected: [
        {
          at: [1, 1, 3, 23],
          setting: 'partition.assignment.strategy',
          value: 'range,cooperative-sticky',
          ruleId: 'cooperative-assignor',
          edit: [2, 5, 3, 23, 'range,roundrobin'],
        },
      ],
    },
    {
      name: 'a key opening a list item gets no removal edit',
      text: 'clients:\n  - client.rack: a\n    name: x\n',
      expected: [{ at: [2, 5, 2, 19], setting: 'client.rack', value: 'a', ruleId: 'client-rack', edit: null, title: 'Remove client.rack' }],
    },
    {
      name: 'broker settings, unrelated keys and null values are fine',
      text: 'replica.fetch.min.bytes: 1\nserver:\n  compression:\n    enabled: true\nmessage.max.bytes: 1048576\nfetch.min.bytes: ~\n',
      expected: [],
    },
    {
      name: 'document markers',
      text: '---\nclient.rack: a\n...\n',
      expected: [{ at: [2, 1, 2, 15], setting: 'client.rack', value: 'a', ruleId: 'client-rack', edit: [2, 1, 3, 1, ''] }],
    },
    {
      name: 'Spring flat key',
      text: 'spring.kafka.producer.properties.max.request.size: 2097152\n',
      expected: [{ at: [1, 1, 1, 59], setting: 'max.request.size', value: '2097152', ruleId: 'message-size', edit: [1, 52, 1, 59, '1048576'] }],
    },
  ],
};

// From out/test/core (compiled) or test/core (run from source). tsc also emits client.ts's output
// under out/test/fixtures, so look for a fixture that only the source directory has.
const fixtureDirectory = [path.resolve(__dirname, '../../../test/fixtures/settings'), path.resolve(__dirname, '../fixtures/settings')].find((dir) =>
  fs.existsSync(path.join(dir, 'consumer.properties')),
)!;

function readFixture(name: string): string {
  return fs.readFileSync(path.join(fixtureDirectory, name), 'utf8');
}

const fixtures: Array<{ file: string; dialect: Dialect; expected: Expected[] }> = [
  {
    file: 'consumer.properties',
    dialect: 'properties',
    expected: [
      { at: [7, 1, 7, 49], setting: 'partition.assignment.strategy', value: 'cooperative-sticky', ruleId: 'cooperative-assignor', edit: [7, 31, 7, 49, 'range,roundrobin'] },
      { at: [9, 1, 9, 24], setting: 'fetch.wait.max.ms', value: '250', ruleId: 'fetch-wait', edit: [9, 1, 10, 1, ''] },
      { at: [10, 1, 10, 19], setting: 'fetch.min.bytes', value: '1', ruleId: 'fetch-min-bytes', edit: [10, 1, 11, 1, ''] },
      { at: [11, 1, 11, 23], setting: 'client.rack', value: 'us-east-1a', ruleId: 'client-rack', edit: [11, 1, 12, 1, ''] },
      { at: [12, 1, 12, 30], setting: 'allow.auto.create.topics', value: 'true', ruleId: 'auto-create-topics', edit: [12, 26, 12, 30, 'false'] },
    ],
  },
  {
    file: 'producer.py',
    dialect: 'python',
    expected: [
      { at: [8, 5, 8, 31], setting: 'enable.idempotence', value: 'True', ruleId: 'idempotence', edit: [8, 27, 8, 31, 'False'] },
      { at: [9, 5, 9, 30], setting: 'compression.type', value: 'lz4', ruleId: 'compression', edit: [9, 26, 9, 29, 'none'] },
      { at: [13, 5, 13, 33], setting: 'message.max.bytes', value: '2000000', ruleId: 'message-size', edit: [13, 26, 13, 33, '1048576'] },
      { at: [16, 6, 16, 45], setting: 'transactional.id', value: 'orders-producer', ruleId: 'transactions', edit: null },
    ],
  },
  {
    file: 'kafka_python_consumer.py',
    dialect: 'python',
    expected: [
      { at: [7, 5, 7, 33], setting: 'group.instance.id', value: 'orders-1', ruleId: 'static-membership', edit: [7, 1, 8, 1, ''] },
      { at: [8, 5, 8, 39], setting: 'isolation.level', value: 'read_uncommitted', ruleId: 'read-uncommitted', edit: [8, 1, 9, 1, ''] },
      { at: [9, 5, 9, 26], setting: 'fetch.max.wait.ms', value: '100', ruleId: 'fetch-wait', edit: [9, 1, 10, 1, ''] },
      { at: [10, 5, 10, 22], setting: 'fetch.min.bytes', value: '1', ruleId: 'fetch-min-bytes', edit: [10, 1, 11, 1, ''] },
      { at: [12, 5, 12, 34], setting: 'allow.auto.create.topics', value: 'True', ruleId: 'auto-create-topics', edit: [12, 30, 12, 34, 'False'] },
    ],
  },
  {
    file: 'client.ts',
    dialect: 'javascript',
    expected: [
      { at: [9, 42, 9, 58], setting: 'enable.idempotence', value: 'true', ruleId: 'idempotence', edit: [9, 54, 9, 58, 'false'] },
      { at: [14, 3, 14, 23], setting: 'fetch.wait.max.ms', value: '100', ruleId: 'fetch-wait', edit: [14, 1, 15, 1, ''] },
      { at: [15, 3, 15, 23], setting: 'client.rack', value: 'us-east-1a', ruleId: 'client-rack', edit: [15, 1, 16, 1, ''] },
      { at: [21, 42, 21, 76], setting: 'compression.type', value: 'CompressionTypes.GZIP', ruleId: 'compression', edit: [21, 55, 21, 76, 'CompressionTypes.None'] },
      { at: [24, 47, 24, 75], setting: 'transactional.id', value: 'orders-tx', ruleId: 'transactions', edit: null },
    ],
  },
  {
    file: 'Consumer.java',
    dialect: 'java',
    expected: [
      {
        at: [15, 19, 15, 113],
        setting: 'partition.assignment.strategy',
        value: 'CooperativeStickyAssignor.class.getName()',
        ruleId: 'cooperative-assignor',
        edit: [15, 72, 15, 113, '"org.apache.kafka.clients.consumer.RangeAssignor"'],
      },
      { at: [16, 19, 16, 70], setting: 'group.instance.id', value: 'orders-1', ruleId: 'static-membership', edit: [16, 1, 17, 1, ''] },
      { at: [18, 27, 18, 54], setting: 'client.rack', value: 'us-east-1a', ruleId: 'client-rack', edit: [18, 1, 19, 1, ''] },
      { at: [21, 13, 21, 57], setting: 'fetch.max.wait.ms', value: '100', ruleId: 'fetch-wait', edit: [21, 1, 22, 1, ''] },
      { at: [23, 13, 23, 61], setting: 'group.protocol', value: 'consumer', ruleId: 'consumer-group-protocol', edit: [23, 52, 23, 60, 'classic'] },
    ],
  },
  {
    file: 'config.json',
    dialect: 'json',
    expected: [
      { at: [6, 7, 6, 33], setting: 'compression.type', value: 'zstd', ruleId: 'compression', edit: [6, 28, 6, 32, 'none'] },
      { at: [7, 7, 7, 34], setting: 'max.request.size', value: '5242880', ruleId: 'message-size', edit: [7, 27, 7, 34, '1048576'] },
      { at: [12, 7, 12, 44], setting: 'isolation.level', value: 'read_uncommitted', ruleId: 'read-uncommitted', edit: [12, 1, 13, 1, ''] },
      { at: [14, 7, 14, 38], setting: 'group.instance.id', value: 'orders-1', ruleId: 'static-membership', edit: [13, 63, 14, 38, ''] },
    ],
  },
  {
    file: 'application.yaml',
    dialect: 'yaml',
    expected: [
      { at: [5, 7, 5, 31], setting: 'compression.type', value: 'snappy', ruleId: 'compression', edit: [5, 25, 5, 31, 'none'] },
      { at: [6, 7, 6, 40], setting: 'transactional.id', value: 'orders-tx-', ruleId: 'transactions', edit: null },
      {
        at: [13, 9, 14, 72],
        setting: 'partition.assignment.strategy',
        value: 'org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
        ruleId: 'cooperative-assignor',
        edit: [14, 13, 14, 72, 'org.apache.kafka.clients.consumer.RangeAssignor'],
      },
      { at: [16, 9, 16, 36], setting: 'group.instance.id', value: 'orders-1', ruleId: 'static-membership', edit: [16, 1, 17, 1, ''] },
      { at: [18, 7, 18, 25], setting: 'fetch.min.bytes', value: '1', ruleId: 'fetch-min-bytes', edit: [18, 1, 19, 1, ''] },
    ],
  },
];

/** Every text the tests know, with its dialect: the cases and the fixtures. */
const allTexts: Array<{ label: string; text: string; dialect: Dialect }> = [
  ...Object.entries(casesByDialect).flatMap(([dialect, cases]) =>
    cases.map((c) => ({ label: `${dialect}: ${c.name}`, text: c.text, dialect: dialect as Dialect })),
  ),
  ...fixtures.map((fixture) => ({ label: fixture.file, text: readFixture(fixture.file), dialect: fixture.dialect })),
];

describe('dialectForFile', () => {
  const table: Array<[string, string | undefined, Dialect | undefined]> = [
    ['consumer.properties', undefined, 'properties'],
    ['librdkafka.conf', undefined, 'properties'],
    ['client.cfg', undefined, 'properties'],
    ['producer.py', undefined, 'python'],
    ...['js', 'mjs', 'cjs', 'jsx', 'ts', 'mts', 'cts', 'tsx'].map((ext): [string, undefined, Dialect] => [`client.${ext}`, undefined, 'javascript']),
    ['src/main/java/Consumer.java', undefined, 'java'],
    ['Consumer.kt', undefined, 'java'],
    ['config.json', undefined, 'json'],
    ['application.yaml', undefined, 'yaml'],
    ['C:\\app\\APPLICATION.YML', undefined, 'yaml'],
    ['README.md', undefined, undefined],
    ['Makefile', undefined, undefined],
    ['types.d.ts', 'typescript', undefined],
    ['Untitled-1', 'python', 'python'],
    ['notes.txt', 'yaml', 'yaml'],
    ['a.conf', 'some-unknown-language', 'properties'],
    ['a.tsx', 'typescriptreact', 'javascript'],
  ];
  for (const [fileName, languageId, dialect] of table) {
    test(`${fileName}${languageId === undefined ? '' : ` (${languageId})`} -> ${dialect}`, () => {
      assert.equal(dialectForFile(fileName, languageId), dialect);
    });
  }
});

for (const [dialect, cases] of Object.entries(casesByDialect) as Array<[Dialect, Case[]]>) {
  describe(`findUnsupportedSettings: ${dialect}`, () => {
    for (const c of cases) test(c.name, () => assertFindings(c.text, dialect, c.expected));
  });
}

describe('value predicates (properties)', () => {
  const table: Array<[string, boolean]> = [
    ['isolation.level=read_committed', false],
    ['isolation.level=read_uncommitted', true],
    ['compression.type=none', false],
    ['compression.codec=none', false],
    ['compression.type=producer', false],
    ['compression.type=gzip', true],
    ['compression.type=snappy', true],
    ['compression.codec=lz4', true],
    ['compression.type=zstd', true],
    ['message.max.bytes=1048576', false],
    ['message.max.bytes=2000000', true],
    ['max.request.size=1000000', false],
    ['max.request.size=1048577', true],
    ['enable.idempotence=false', false],
    ['enable.idempotence=true', true],
    ['allow.auto.create.topics=false', false],
    ['allow.auto.create.topics=true', true],
    ['partition.assignment.strategy=range,roundrobin', false],
    ['partition.assignment.strategy=org.apache.kafka.clients.consumer.RangeAssignor', false],
    ['partition.assignment.strategy=cooperative-sticky', true],
    ['group.protocol=classic', false],
    ['group.protocol=consumer', true],
    ['group.instance.id=a', true],
    ['transactional.id=tx', true],
    ['client.rack=a', true],
    ['fetch.wait.max.ms=10', true],
    ['fetch.max.wait.ms=10', true],
    ['fetch.min.bytes=1', true],
    ['bootstrap.servers=localhost:9092', false],
  ];
  for (const [line, flagged] of table) {
    test(`${line} ${flagged ? 'is' : 'is not'} flagged`, () => {
      assert.equal(findUnsupportedSettings(`${line}\n`, 'properties', 'vast').length, flagged ? 1 : 0);
    });
  }

  test('parseByteCount reads literals the way they are written', () => {
    assert.equal(parseByteCount('2_000_000'), 2000000);
    assert.equal(parseByteCount('2097152L'), 2097152);
    assert.equal(parseByteCount('2 * 1024 * 1024'), 2097152);
    assert.ok(Number.isNaN(parseByteCount('MAX_SIZE')));
  });
});

describe('rules', () => {
  const errors = ['cooperative-assignor', 'consumer-group-protocol', 'idempotence', 'transactions', 'compression', 'message-size'];
  const warnings = ['static-membership', 'read-uncommitted', 'fetch-wait', 'fetch-min-bytes', 'client-rack', 'auto-create-topics'];

  test('unsupported settings are errors, ignored ones warnings', () => {
    assert.deepEqual(SETTING_RULES.filter((rule) => rule.severity === 'error').map((rule) => rule.id).sort(), [...errors].sort());
    assert.deepEqual(SETTING_RULES.filter((rule) => rule.severity === 'warning').map((rule) => rule.id).sort(), [...warnings].sort());
  });

  test('every rule is VAST-only', () => {
    for (const rule of SETTING_RULES) {
      assert.equal(ruleAppliesToProfile(rule, 'vast'), true, rule.id);
      assert.equal(ruleAppliesToProfile(rule, 'kafka'), false, rule.id);
    }
  });

  test('messages name the setting and what VAST does', () => {
    const [finding] = findUnsupportedSettings('group.instance.id=a\n', 'properties', 'vast');
    assert.equal(finding.message, 'VAST Event Broker ignores group.instance.id: static membership has no effect.');
    assert.equal(finding.severity, 'warning');
  });
});

describe('profile kafka is silent', () => {
  for (const { label, text, dialect } of allTexts) {
    test(label, () => assert.deepEqual(findUnsupportedSettings(text, dialect, 'kafka'), []));
  }
});

describe('applying a fix edit removes its finding', () => {
  for (const { label, text, dialect } of allTexts) {
    const findings = findUnsupportedSettings(text, dialect, 'vast');
    findings.forEach((finding, index) => {
      const edit = finding.fix?.edit;
      if (edit === undefined) return;
      test(`${label} #${index + 1} (${finding.ruleId})`, () => {
        const fixed = applyEdit(text, edit);
        const countOf = (list: SettingFinding[]) => list.filter((other) => other.ruleId === finding.ruleId).length;
        assert.equal(countOf(findUnsupportedSettings(fixed, dialect, 'vast')), countOf(findings) - 1, fixed);
        if (dialect === 'json' && !/\/[/*]/.test(text)) assert.doesNotThrow(() => JSON.parse(fixed), fixed);
      });
    });
  }
});

describe('fixtures', () => {
  for (const fixture of fixtures) {
    test(fixture.file, () => assertFindings(readFixture(fixture.file), fixture.dialect, fixture.expected));
  }
});

describe('robustness', () => {
  const dialects: Dialect[] = ['properties', 'python', 'javascript', 'java', 'json', 'yaml'];

  /** Deterministic bytes, decoded as UTF-8 the way an editor would (invalid sequences become U+FFFD). */
  function junk(size: number): string {
    const bytes = Buffer.alloc(size);
    let seed = 12345;
    for (let i = 0; i < size; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = seed >> 16;
    }
    return bytes.toString('utf8');
  }

  const hostile: Array<[string, string]> = [
    ['empty', ''],
    ['binary junk', junk(200_000)],
    ['U+FFFD', '\uFFFD'.repeat(100_000)],
    ['unclosed string and comment', '"enable.idempotence": "tr\n/* client.rack: x\n\'\'\'\nfetch_min_bytes=1'],
    ['nested values without end', "{'client.rack': ".repeat(20_000)],
    ['calls without end', 'props.put("client.rack", Map.of('.repeat(20_000)],
    ['brackets', '[{('.repeat(100_000)],
    ['lone carriage returns', 'a=1\rclient.rack=x\r'],
  ];
  for (const dialect of dialects) {
    for (const [label, text] of hostile) {
      test(`${dialect}: ${label} never throws`, () => {
        const findings = findUnsupportedSettings(text, dialect, 'vast');
        assert.ok(Array.isArray(findings));
      });
    }
  }

  test('an unknown dialect yields nothing', () => {
    assert.deepEqual(findUnsupportedSettings('client.rack=x', 'cobol' as Dialect, 'vast'), []);
  });

  test('lone carriage returns are line breaks', () => {
    const [finding] = findUnsupportedSettings('a=1\rclient.rack=x\r', 'properties', 'vast');
    assert.deepEqual([finding.line, finding.column, finding.endLine, finding.endColumn], [2, 1, 2, 14]);
  });

  test('a setting at the end of a very long line', () => {
    const prefix = `x = ${'a'.repeat(1_000_000)}; `;
    const [finding] = findUnsupportedSettings(`${prefix}p = KafkaProducer(client_rack='r')`, 'python', 'vast');
    assert.equal(finding.column, prefix.length + 'p = KafkaProducer('.length + 1);
  });

  for (const fixture of fixtures) {
    // Every occurrence of a large file is found. No clock here: timing belongs in bench/; a scanner
    // that turned quadratic would make this tier run for minutes, which the runner's timeout reports.
    test(`a 1 MB ${fixture.dialect} file (${fixture.file} repeated) is scanned whole`, () => {
      const text = readFixture(fixture.file);
      const big = text.repeat(Math.ceil((1024 * 1024) / text.length));
      const findings = findUnsupportedSettings(big, fixture.dialect, 'vast');
      assert.ok(findings.length >= fixture.expected.length * Math.floor(big.length / text.length));
    });
  }
});
