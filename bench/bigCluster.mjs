// Scenario 3: a big cluster — 2,000 topics × 4 partitions and 256 consumer groups (VAST's cap), each
// group with commits on three topics. Time and Kafka request count of: listing topics, the
// watermarks of every partition, listing groups, the lag of every group.
//
// Requests are counted by bench/countingProxy.mjs, which every client (ours and the peers) reaches
// for bootstrap *and* for every broker connection afterwards (it rewrites the advertised address),
// so the counts are of whole processes, on the wire, the same way for everyone. Ours runs the
// project's core in a process of its own (bench/clusterOps.cjs); peers are kcat -L and Apache
// Kafka's own tools (GetOffsetShell, ConsumerGroupCommand), as whole processes.
import { startCountingProxy } from './countingProxy.mjs';
import { ensureKafkaTools, toolArgs } from './kafkaTools.mjs';
import { ROOT, check, createTopics, median, ratio, requireFromRoot, say, timed } from './lib.mjs';

const TOPIC = (i) => `bench-big-${String(i).padStart(4, '0')}`;
const GROUP = (i) => `bench-big-group-${String(i).padStart(3, '0')}`;
const TOPICS_PER_GROUP = 3;

export async function bigClusterScenario({ bootstrap, quick, reps }) {
  const topicCount = quick ? 50 : 2000;
  const groupCount = quick ? 20 : 256;
  const partitions = 4;
  const t0 = Date.now();
  ensureKafkaTools();
  await setUp(bootstrap, topicCount, groupCount, partitions);
  const setupSeconds = Math.round((Date.now() - t0) / 1000);
  say(`cluster: ${topicCount} topics × ${partitions} partitions and ${groupCount} groups ready in ${setupSeconds} s`);

  const proxy = await startCountingProxy({ target: bootstrap });
  const b = proxy.bootstrap;
  const cgc = 'org.apache.kafka.tools.consumer.group.ConsumerGroupCommand';
  const OPS = [
    { name: 'List topics', op: 'topics', peer: { tool: 'kcat -L', cmd: 'kcat', args: ['-L', '-b', b] } },
    { name: 'Watermarks of every partition', op: 'watermarks', peer: { tool: 'GetOffsetShell --time -1', cmd: 'java', args: toolArgs('org.apache.kafka.tools.GetOffsetShell', ['--bootstrap-server', b, '--time', '-1']) } },
    { name: 'List groups (with state)', op: 'groups', peer: { tool: 'kafka-consumer-groups --describe --all-groups --state', cmd: 'java', args: toolArgs(cgc, ['--bootstrap-server', b, '--describe', '--all-groups', '--state']) } },
    { name: 'Lag of every group', op: 'lag', peer: { tool: 'kafka-consumer-groups --describe --all-groups', cmd: 'java', args: toolArgs(cgc, ['--bootstrap-server', b, '--describe', '--all-groups']) } },
    { name: 'Lag of every group, describeGroup each', op: 'lag-by-describe', peer: { tool: 'kafka-consumer-groups --describe --all-groups', cmd: 'java', args: toolArgs(cgc, ['--bootstrap-server', b, '--describe', '--all-groups']) } },
  ];
  const operations = [];
  try {
    for (const spec of OPS) {
      const ours = [];
      const peer = [];
      for (let rep = 0; rep < reps; rep++) {
        const order = rep % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
        for (const who of order) {
          proxy.reset();
          if (who === 'ours') {
            const r = check(await timed(process.execPath, [`${ROOT}/bench/clusterOps.cjs`, b, spec.op], { stdout: 'pipe' }), `clusterOps ${spec.op}`);
            const out = JSON.parse(r.stdout.trim().split('\n').pop());
            ours.push({ ms: out.ms, items: out.items, processMs: r.wallMs, ...proxy.counts() });
          } else {
            const r = check(await timed(spec.peer.cmd, spec.peer.args, { stdout: 'pipe' }), spec.peer.tool);
            peer.push({ processMs: r.wallMs, lines: r.stdout.split('\n').filter(Boolean).length, ...proxy.counts() });
          }
        }
      }
      const o = { ms: Math.round(median(ours.map((r) => r.ms))), processMs: Math.round(median(ours.map((r) => r.processMs))), requests: median(ours.map((r) => r.total)), byApi: ours.at(-1).byApi, connections: ours.at(-1).connections, items: ours.at(-1).items };
      const p = { tool: spec.peer.tool, ms: Math.round(median(peer.map((r) => r.processMs))), requests: median(peer.map((r) => r.total)), byApi: peer.at(-1).byApi, connections: peer.at(-1).connections, outputLines: peer.at(-1).lines };
      operations.push({ name: spec.name, ours: o, peer: p, ratio: ratio(o.processMs, p.ms), met: o.ms < 1000 });
      say(`cluster ${spec.name}: ours ${o.ms} ms in-process, ${o.processMs} ms process, ${o.requests} requests ${JSON.stringify(o.byApi)} · ${p.tool} ${p.ms} ms process, ${p.requests} requests ${JSON.stringify(p.byApi)}`);
    }
  } finally {
    await proxy.close();
  }
  return {
    topics: topicCount,
    partitionsPerTopic: partitions,
    groups: groupCount,
    brokers: 1,
    setupSeconds,
    counting: 'bench/countingProxy.mjs: every request of the whole process, on the wire',
    ratioIs: 'process wall time ours / peer',
    operations,
    target: 'requests grow with brokers and coordinators, not topics; each operation < 1 s',
    met: operations.every((o) => o.met),
  };
}

async function setUp(bootstrap, topicCount, groupCount, partitions) {
  const topics = Array.from({ length: topicCount }, (_, i) => ({ topic: TOPIC(i), numPartitions: partitions }));
  const created = await createTopics(bootstrap, topics, { batch: 200 });
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const kafka = new Kafka({ brokers: [bootstrap], clientId: 'ebx-bench-setup', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    // Leaders of all new partitions elected before anything reads them.
    for (let tries = 0; created > 0 && tries < 120; tries++) {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.topic) }).catch(() => ({ topics: [] }));
      if (meta.length === topicCount && meta.every((t) => t.partitions.every((p) => p.leader >= 0))) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const groupTopics = (g) => Array.from({ length: TOPICS_PER_GROUP }, (_, k) => TOPIC((g * TOPICS_PER_GROUP + k) % topicCount));
    const existingGroups = new Set((await admin.listGroups()).groups.map((g) => g.groupId));
    const todo = Array.from({ length: groupCount }, (_, g) => g).filter((g) => !existingGroups.has(GROUP(g)));
    if (todo.length === 0) return;
    // A few records on every partition the groups commit on, so lag is not all zeros.
    const used = [...new Set(todo.flatMap(groupTopics))];
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    for (let i = 0; i < used.length; i += 100) {
      await producer.sendBatch({
        acks: 1,
        topicMessages: used.slice(i, i + 100).map((topic) => ({ topic, messages: Array.from({ length: partitions * 5 }, (_, n) => ({ partition: n % partitions, value: `r${n}` })) })),
      });
    }
    await producer.disconnect();
    // Commits: one OffsetCommit per group straight to its coordinator, as a standalone committer
    // (generation -1, no member id), through kafkajs's internal cluster — kafkajs's admin.setOffsets
    // would join each group with a consumer first, seconds per call.
    const createCluster = Object.getOwnPropertySymbols(kafka).find((sym) => sym.description === 'private:Kafka:createCluster');
    const cluster = kafka[createCluster]({ allowAutoTopicCreation: false });
    await cluster.connect();
    try {
      for (let i = 0; i < todo.length; i += 16) {
        await Promise.all(
          todo.slice(i, i + 16).map(async (g) => {
            // A fresh broker creates __consumer_offsets on the first lookup: retry while it loads.
            for (let attempt = 0; ; attempt++) {
              try {
                const coordinator = await cluster.findGroupCoordinator({ groupId: GROUP(g) });
                await coordinator.offsetCommit({
                  groupId: GROUP(g),
                  groupGenerationId: -1,
                  memberId: '',
                  retentionTime: -1,
                  topics: groupTopics(g).map((topic) => ({ topic, partitions: Array.from({ length: partitions }, (_, p) => ({ partition: p, offset: String(1 + (p % 3)) })) })),
                });
                return;
              } catch (err) {
                if (attempt >= 30 || !/COORDINATOR|LOAD_IN_PROGRESS/.test(err.type ?? '')) throw err;
                await new Promise((r) => setTimeout(r, 300));
              }
            }
          }),
        );
      }
    } finally {
      await cluster.disconnect();
    }
  } finally {
    await admin.disconnect();
  }
}

