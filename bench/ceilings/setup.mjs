// Set-up of the ceilings scenario (bench/ceilings/ceilings.mjs): one topic of N partitions holding a few
// records each, and one group with a commit on every partition. Kept apart from the measuring so
// both stay short.
import { requireFromRoot } from '../lib.mjs';

/** KRaft refuses one operation of more than 10,000 records ("excessively large batch operation"). */
const PARTITIONS_PER_STEP = 4000;
const COMMIT_STEP = 2000;
/** Records per partition. */
export const RECORDS_PER_PARTITION = 2;

// A name of its own per run: a topic made again right after its namesake was deleted can answer
// LEADER_NOT_AVAILABLE for a while (the broker still removing the old one's partitions).
const RUN = Date.now().toString(36);
export const ceilingTopic = (partitions) => `bench-ceiling-${partitions}-${RUN}`;
export const ceilingGroup = (partitions) => `bench-ceiling-group-${partitions}-${RUN}`;
/** VAST's cap: at most 256 groups a view. The scenario's group is one; these are the other 255. */
export const GROUPS_AT_THE_CAP = 256;
const PARTITIONS_PER_OTHER_GROUP = 8;
export const otherCeilingGroups = (partitions) => Array.from({ length: GROUPS_AT_THE_CAP - 1 }, (_, i) => `bench-ceiling-other-${partitions}-${RUN}-${String(i + 1).padStart(3, '0')}`);

/**
 * Creates `bench-ceiling-<N>-<run>` (in steps: create, then add partitions — Kafka only; VAST never
 * changes a count), writes RECORDS_PER_PARTITION records to each partition, and commits the group
 * at offset 1 on every partition (so every partition has lag 1 and a record to read at the commit),
 * and 255 other groups at offset 1 on 8 partitions each, so the view holds VAST's 256 groups.
 * The names are this run's: tearDownCeiling deletes them after the size is measured.
 * Returns { topic, group }.
 */
export async function setUpCeiling(bootstrap, partitions) {
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const kafka = new Kafka({ brokers: bootstrap.split(','), clientId: 'ebx-bench-ceilings', logLevel: logLevel.NOTHING, requestTimeout: 120_000 });
  const topic = ceilingTopic(partitions);
  const group = ceilingGroup(partitions);
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = (await admin.fetchTopicMetadata({ topics: [] })).topics.find((t) => t.name === topic);
    let count = existing?.partitions.length ?? 0;
    if (count === 0) {
      count = Math.min(partitions, PARTITIONS_PER_STEP);
      await admin.createTopics({ topics: [{ topic, numPartitions: count }], waitForLeaders: false, timeout: 120_000 });
    }
    while (count < partitions) {
      count = Math.min(partitions, count + PARTITIONS_PER_STEP);
      await admin.createPartitions({ topicPartitions: [{ topic, count }], timeout: 120_000 });
    }
    await waitForLeaders(admin, topic, partitions);
    const offsets = await retrying(() => admin.fetchTopicOffsets(topic));
    const filled = offsets.filter((o) => Number(o.high) >= RECORDS_PER_PARTITION).length;
    if (filled < partitions) await fill(kafka, topic, offsets.filter((o) => Number(o.high) < RECORDS_PER_PARTITION).map((o) => o.partition));
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId);
    if (!groups.includes(group)) await commitEverywhere(kafka, group, topic, partitions);
    const others = otherCeilingGroups(partitions).filter((g) => !groups.includes(g));
    await commitOthers(kafka, others, topic, partitions);
    return { topic, group };
  } finally {
    await admin.disconnect();
  }
}

async function waitForLeaders(admin, topic, partitions) {
  for (let attempt = 0; ; attempt++) {
    // Just created, a topic can be missing from the metadata for a moment (UNKNOWN_TOPIC_OR_PARTITION, retriable).
    const [meta] = (await retrying(() => admin.fetchTopicMetadata({ topics: [topic] }))).topics;
    if (meta.partitions.length === partitions && meta.partitions.every((p) => p.leader >= 0)) return;
    if (attempt > 120) throw new Error(`${topic}: partitions still without a leader after two minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * A partition just created can be in metadata before its leader serves it (NOT_LEADER_FOR_PARTITION):
 * on a machine at load 15–20, a fresh broker took longer than 30 s to serve all of 1,000, so it is
 * asked again for up to three minutes.
 */
async function retrying(work) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (Date.now() > deadline || !err.retriable) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function fill(kafka, topic, partitions) {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (let i = 0; i < partitions.length; i += 2000) {
      const slice = partitions.slice(i, i + 2000);
      const messages = slice.flatMap((partition) => Array.from({ length: RECORDS_PER_PARTITION }, (_, n) => ({ partition, value: JSON.stringify({ kind: 'ceiling', partition, n }) })));
      await retrying(() => producer.send({ topic, acks: 1, messages }));
    }
  } finally {
    await producer.disconnect();
  }
}

/** One OffsetCommit from outside the group (generation -1) straight to its coordinator, as bench/bigCluster.mjs does. */
async function commitEverywhere(kafka, group, topic, partitions) {
  const createCluster = Object.getOwnPropertySymbols(kafka).find((sym) => sym.description === 'private:Kafka:createCluster');
  const cluster = kafka[createCluster]({ allowAutoTopicCreation: false });
  await cluster.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const coordinator = await cluster.findGroupCoordinator({ groupId: group });
        // In steps: one commit of 10,000 partitions is one record on __consumer_offsets above its
        // 1 MB limit (INVALID_COMMIT_OFFSET_SIZE). A step committed twice on a retry is harmless.
        for (let from = 0; from < partitions; from += COMMIT_STEP) {
          const count = Math.min(COMMIT_STEP, partitions - from);
          await coordinator.offsetCommit({
            groupId: group,
            groupGenerationId: -1,
            memberId: '',
            retentionTime: -1,
            topics: [{ topic, partitions: Array.from({ length: count }, (_, i) => ({ partition: from + i, offset: '1' })) }],
          });
        }
        return;
      } catch (err) {
        if (attempt >= 30 || !/COORDINATOR|LOAD_IN_PROGRESS/.test(err.type ?? '')) throw err;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  } finally {
    await cluster.disconnect();
  }
}

/** Each other group commits offset 1 on a few partitions of its own, spread over the topic. */
async function commitOthers(kafka, groups, topic, partitions) {
  if (groups.length === 0) return;
  const createCluster = Object.getOwnPropertySymbols(kafka).find((sym) => sym.description === 'private:Kafka:createCluster');
  const cluster = kafka[createCluster]({ allowAutoTopicCreation: false });
  await cluster.connect();
  try {
    const stride = Math.max(1, Math.floor(partitions / groups.length));
    for (const [i, groupId] of groups.entries()) {
      const first = (i * stride) % partitions;
      const partitionList = Array.from({ length: Math.min(PARTITIONS_PER_OTHER_GROUP, partitions) }, (_, n) => ({ partition: (first + n) % partitions, offset: '1' }));
      await retryingCoordinator(async () => {
        const coordinator = await cluster.findGroupCoordinator({ groupId });
        await coordinator.offsetCommit({ groupId, groupGenerationId: -1, memberId: '', retentionTime: -1, topics: [{ topic, partitions: partitionList }] });
      });
    }
  } finally {
    await cluster.disconnect();
  }
}

async function retryingCoordinator(work) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 30 || !/COORDINATOR|LOAD_IN_PROGRESS/.test(err.type ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** Deletes the size's topic and groups: one broker here holds ~10,000 partitions, so sizes go one at a time. */
export async function tearDownCeiling(bootstrap, partitions) {
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const admin = new Kafka({ brokers: bootstrap.split(','), clientId: 'ebx-bench-ceilings', logLevel: logLevel.NOTHING, requestTimeout: 120_000 }).admin();
  await admin.connect();
  try {
    await admin.deleteGroups([ceilingGroup(partitions), ...otherCeilingGroups(partitions)]).catch(() => undefined);
    await admin.deleteTopics({ topics: [ceilingTopic(partitions)], timeout: 120_000 }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}
