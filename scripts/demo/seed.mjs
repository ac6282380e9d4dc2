// Seeds the demo scenario (scripts/demo/scenario.mjs) on the broker in KAFKA_BOOTSTRAP. Idempotent:
// what is already there is read back first (group-less, with `ebx replay`, which reads until a fetch
// comes back empty rather than trusting end offsets that can trail on VAST) and only what is missing
// is produced or committed. Run on its own: `node scripts/demo/seed.mjs` (with KAFKA_BOOTSTRAP set).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import kafkajs from 'kafkajs';
import { compressionType, registerCompressionCodecs } from './compressionCodecs.mjs';
import { demoKafka, vastAssigners } from './kafkaClient.mjs';
import { AVRO_PAYMENTS, BILLING_GROUP, ENCODINGS, IDLE_GROUPS, ORDERS, TRICKLE, orderKey, orderValue, paymentValue } from './scenario.mjs';

const { Partitioners } = kafkajs;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = (msg) => process.stderr.write(`[demo] ${msg}\n`);

/** Every record of one partition, read without a consumer group by the tool itself (`extra`: more ebx options). */
function replayPartition(topic, partition, env, extra = []) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'bin', 'ebx.js'), 'replay', topic, '--partition', String(partition), '--from-beginning', '--json', ...extra],
      { env, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`ebx replay ${topic} ${partition} failed: ${stderr.trim() || err.message}`));
        resolve(stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)));
      },
    );
  });
}

async function readTopic(topic, partitions, env) {
  return Promise.all(Array.from({ length: partitions }, (_, p) => replayPartition(topic, p, env)));
}

/** Offset after the last record of each partition: where a consumer that read everything commits. */
const endsOf = (byPartition) => byPartition.map((records) => (records.length ? records[records.length - 1].offset + 1 : 0));

/**
 * Runs `fn` again every 0.5 s while the broker answers with a retriable error (a group's
 * coordinator loading; a topic just created that a metadata answer still calls unknown).
 */
async function retrying(what, fn, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (!(e.retriable || e.cause?.retriable) || Date.now() > deadline) throw new Error(`${what}: ${e.message}`);
      await sleep(500);
    }
  }
}

/**
 * Creates the topics of `wanted` that do not exist yet, in one request, from one listing made
 * before any of them is created (a listing just after a create can fail on the new topic).
 * Resolves the names it created.
 */
async function ensureTopics(admin, wanted) {
  const { topics } = await retrying('listing the topics', () => admin.fetchTopicMetadata({ topics: [] }));
  const existing = new Map(topics.map((t) => [t.name, t.partitions.length]));
  for (const { topic, partitions } of wanted) {
    if (existing.has(topic) && existing.get(topic) !== partitions) log(`${topic} exists with ${existing.get(topic)} partitions (the demo expects ${partitions}); using it as is`);
  }
  const missing = wanted.filter(({ topic }) => !existing.has(topic));
  if (missing.length > 0) {
    await retrying('creating the topics', () => admin.createTopics({ waitForLeaders: true, topics: missing.map(({ topic, partitions }) => ({ topic, numPartitions: partitions })) }));
  }
  return missing;
}

function producerOf(kafka) {
  // What VAST accepts: no idempotence, no transactions, no compression, topics never auto-created.
  return kafka.producer({ idempotent: false, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
}

async function seedOrders(kafka, env) {
  const byPartition = await readTopic(ORDERS.topic, ORDERS.partitions, env);
  const present = new Set();
  for (const r of byPartition.flat()) {
    try {
      const n = JSON.parse(r.value)?.order;
      if (Number.isInteger(n)) present.add(n);
    } catch { /* not one of ours */ }
  }
  const missing = Array.from({ length: ORDERS.events }, (_, n) => n).filter((n) => !present.has(n));
  if (missing.length === 0) {
    log(`${ORDERS.topic}: ${ORDERS.events} orders already there`);
    return endsOf(byPartition);
  }
  // One order a minute over the last 35 minutes, so "replay from -15m" has something to show.
  const now = Date.now();
  const producer = producerOf(kafka);
  await producer.connect();
  try {
    await producer.send({
      topic: ORDERS.topic,
      messages: missing.map((n) => ({ key: orderKey(n), value: orderValue(n), timestamp: String(now - (ORDERS.events - n) * 60_000) })),
    });
  } finally {
    await producer.disconnect();
  }
  log(`${ORDERS.topic}: produced ${missing.length} keyed orders`);
  return endsOf(await readTopic(ORDERS.topic, ORDERS.partitions, env));
}

/**
 * A real consumer in `groupId` that reads `topic` and commits after processing each event, up to
 * `targets[p]` per partition, then leaves (so the group is Empty with those commits). Skipped when
 * the group has committed that far already.
 */
async function commitAs(kafka, groupId, topic, targets) {
  const admin = kafka.admin();
  await admin.connect();
  let committed;
  try {
    // Right after a broker starts, the group coordinator is still loading: retry what says so.
    const [offsets] = await retrying(`reading ${groupId}'s offsets`, () => admin.fetchOffsets({ groupId, topics: [topic] }));
    committed = new Map(offsets.partitions.map((p) => [p.partition, Number(p.offset)]));
  } finally {
    await admin.disconnect();
  }
  const todo = targets.map((t, p) => (t > 0 && (committed.get(p) ?? -1) < t ? p : -1)).filter((p) => p >= 0);
  if (todo.length === 0) return false;

  const consumer = kafka.consumer({ groupId, partitionAssigners: vastAssigners, sessionTimeout: 10_000, heartbeatInterval: 1000, rebalanceTimeout: 10_000, allowAutoTopicCreation: false });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    const left = new Set(todo);
    let finish;
    const done = new Promise((resolve) => (finish = resolve));
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        const next = Number(message.offset) + 1;
        if (next > targets[partition]) return;
        await consumer.commitOffsets([{ topic, partition, offset: String(next) }]); // after processing, as the guide advises
        if (next === targets[partition]) {
          consumer.pause([{ topic, partitions: [partition] }]);
          left.delete(partition);
          if (left.size === 0) finish();
        }
      },
    });
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`${groupId}: could not commit within 60 s`)), 60_000).unref());
    await Promise.race([done, timeout]);
  } finally {
    await consumer.disconnect();
  }
  return true;
}

async function seedEncodings(kafka, env, { compressed }) {
  const [records] = await readTopic(ENCODINGS.topic, 1, env);
  const keys = new Set(records.map((r) => (typeof r.key === 'string' ? r.key : '')));
  const pieces = [];
  if (!keys.has('binary-png-header')) {
    const producer = producerOf(kafka);
    await producer.connect();
    try {
      await producer.send({
        topic: ENCODINGS.topic,
        messages: [
          { partition: 0, key: 'binary-png-header', value: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]) },
          { partition: 0, key: 'binary-not-utf8', value: Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x41, 0x42, 0xc3, 0x28]) },
          { partition: 0, key: Buffer.from([0xde, 0xad, 0xbe, 0xef]), value: 'a binary key' },
          { partition: 0, key: 'tombstone', value: null },
          { partition: 0, key: 'with-headers', value: JSON.stringify({ note: 'headers travel with the record' }), headers: { 'content-type': 'application/json', trace: Buffer.from([0x01, 0x02, 0x03]) } },
        ],
      });
    } finally {
      await producer.disconnect();
    }
    pieces.push('binary');
  }
  if (compressed) {
    const wanted = ENCODINGS.codecs.filter((codec) => !keys.has(`${codec}-1`));
    const { usable, skipped } = await registerCompressionCodecs(wanted);
    for (const codec of usable) {
      await produceCompressed(kafka, codec);
      pieces.push(codec);
    }
    for (const { name, reason } of skipped) log(`${ENCODINGS.topic}: skipped the ${name} batch (${reason}); the demo goes on without it`);
  }
  log(pieces.length ? `${ENCODINGS.topic}: produced ${pieces.join(', ')} records` : `${ENCODINGS.topic}: already seeded`);
}

/** One batch of ENCODINGS.perCodec records compressed with `codec`, written by kafkajs with the demo's compressors. */
async function produceCompressed(kafka, codec) {
  const producer = producerOf(kafka);
  await producer.connect();
  try {
    await producer.send({
      topic: ENCODINGS.topic,
      compression: compressionType(codec),
      messages: Array.from({ length: ENCODINGS.perCodec }, (_, i) => ({ partition: 0, key: `${codec}-${i + 1}`, value: JSON.stringify({ codec, n: i + 1 }) })),
    });
  } finally {
    await producer.disconnect();
  }
}

/** The Avro payments the demo workspace's schema decodes, written by `ebx produce --value-schema` (avsc encodes the JSON). */
async function seedAvroPayments(env) {
  const schema = path.join(ROOT, 'scripts', 'demo', 'workspace', AVRO_PAYMENTS.schema);
  const present = await replayPartition(AVRO_PAYMENTS.topic, 0, env, ['--value-schema', schema]);
  const orders = new Set(present.map((r) => r.value?.order).filter(Number.isInteger));
  const now = Date.now();
  const missing = Array.from({ length: AVRO_PAYMENTS.events }, (_, n) => n).filter((n) => !orders.has(n));
  if (missing.length === 0) return log(`${AVRO_PAYMENTS.topic}: ${AVRO_PAYMENTS.events} Avro payments already there`);
  await new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(ROOT, 'bin', 'ebx.js'), 'produce', AVRO_PAYMENTS.topic, '--value-schema', schema], { env, timeout: 60_000 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`ebx produce ${AVRO_PAYMENTS.topic} failed: ${stderr.trim() || err.message}`)) : resolve(),
    );
    child.stdin.end(missing.map((n) => JSON.stringify(paymentValue(n, now))).join('\n') + '\n');
  });
  log(`${AVRO_PAYMENTS.topic}: produced ${missing.length} Avro payments`);
}

/**
 * Creates the topics, produces what is missing and commits the groups' offsets. `compressed`:
 * also produce compressed batches (Apache Kafka only: VAST refuses over-the-wire compression).
 */
export async function seedScenario({ env = process.env, compressed = true } = {}) {
  const t0 = Date.now();
  const kafka = demoKafka('ebx-demo-seed', env);
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const t of await ensureTopics(admin, [ORDERS, TRICKLE, ENCODINGS, AVRO_PAYMENTS])) log(`created ${t.topic} (${t.partitions} partition${t.partitions > 1 ? 's' : ''})`);
  } finally {
    await admin.disconnect();
  }
  const [ends] = await Promise.all([seedOrders(kafka, env), seedEncodings(kafka, env, { compressed }), seedAvroPayments(env)]);
  const commits = [
    [BILLING_GROUP, ends],
    ...IDLE_GROUPS.map((g, i) => [g, ends.map((end) => Math.min(end, 4 * (i + 1)))]),
  ];
  const results = await Promise.all(commits.map(([group, targets]) => commitAs(kafka, group, ORDERS.topic, targets)));
  commits.forEach(([group], i) => log(`${group}: ${results[i] ? 'committed' : 'already committed'} ${group === BILLING_GROUP ? 'every order' : 'part of the orders'}`));
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  seedScenario({ compressed: !process.argv.includes('--no-compression') }).then(
    () => process.exit(0),
    (e) => {
      console.error(`[demo] seeding failed: ${e.message}`);
      process.exit(1);
    },
  );
}
