// The applications that keep the demo alive, in a process of their own (started by scripts/demo.mjs
// with an IPC channel): two consumers sharing the orders in the docs-consuming-rebalance group (classic
// protocol, range/roundrobin, as VAST requires), and a producer that trickles a few events a second
// into the busy topic. Sends {ready: true} once the group is Stable with both members; leaves the group
// and exits on SIGTERM / SIGINT or as soon as its parent goes away (the IPC channel closes).
import { setTimeout as sleep } from 'node:timers/promises';
import kafkajs from 'kafkajs';
import { demoKafka, vastAssigners } from './kafkaClient.mjs';
import { ORDERS, REBALANCE_GROUP, TRICKLE } from './scenario.mjs';

const { Partitioners } = kafkajs;
const log = (msg) => process.stderr.write(`[demo:clients] ${msg}\n`);
const kafka = demoKafka('ebx-demo');
const consumers = [];
let producer;
let trickle;
let stopping;

async function startConsumer(name) {
  const consumer = demoKafka(name).consumer({
    groupId: REBALANCE_GROUP,
    partitionAssigners: vastAssigners,
    sessionTimeout: 10_000,
    heartbeatInterval: 1000,
    rebalanceTimeout: 10_000,
    allowAutoTopicCreation: false,
  });
  consumers.push(consumer);
  await consumer.connect();
  await consumer.subscribe({ topic: ORDERS.topic, fromBeginning: true });
  // autoCommit commits what eachMessage has finished: commit after processing.
  await consumer.run({ autoCommit: true, autoCommitInterval: 1000, eachMessage: async () => {} });
}

async function waitForTwoMembers(timeoutMs = 60_000) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { groups } = await admin.describeGroups([REBALANCE_GROUP]).catch(() => ({ groups: [] }));
      const g = groups[0];
      if (g?.state === 'Stable' && g.members.length === 2 && g.members.every((m) => m.memberAssignment?.length > 0)) return g;
      if (Date.now() > deadline) throw new Error(`${REBALANCE_GROUP} did not become Stable with 2 members within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  } finally {
    await admin.disconnect();
  }
}

function startTrickle() {
  let n = 0;
  trickle = setInterval(() => {
    const i = n++;
    const sensor = `sensor-${i % 4}`;
    producer
      .send({ topic: TRICKLE.topic, messages: [{ key: sensor, value: JSON.stringify({ sensor, reading: Math.round(200 + 50 * Math.sin(i / 5)) / 10 }) }] })
      .catch((e) => stopping || log(`trickle: ${e.message}`));
  }, Math.round(1000 / TRICKLE.perSecond));
}

async function stop(reason) {
  stopping ??= (async () => {
    log(`stopping (${reason})`);
    const force = setTimeout(() => process.exit(0), 8000);
    force.unref();
    clearInterval(trickle);
    await Promise.allSettled([...consumers.map((c) => c.disconnect()), producer?.disconnect()]);
    process.exit(0);
  })();
  return stopping;
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('disconnect', () => void stop('parent gone'));

try {
  producer = kafka.producer({ idempotent: false, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  startTrickle();
  // One member first, then a second: the group rebalances (eagerly) and they split the partitions.
  await startConsumer('rebalance-worker-a');
  await startConsumer('rebalance-worker-b');
  const g = await waitForTwoMembers();
  log(`${REBALANCE_GROUP}: ${g.state}, ${g.members.length} members (${g.protocol}); trickling ${TRICKLE.perSecond} events/s into ${TRICKLE.topic}`);
  process.send?.({ ready: true });
} catch (e) {
  log(`failed: ${e.message}`);
  process.send?.({ ready: false, error: e.message });
  await stop('error');
}
