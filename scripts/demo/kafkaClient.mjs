// The demo's own Kafka clients (kafkajs), configured the way VAST's guides configure theirs: from
// KAFKA_BOOTSTRAP, and SASL PLAIN when KAFKA_USERNAME / KAFKA_PASSWORD are set. They play the part of
// applications (a producer, consumer groups); the extension and `ebx` never use them.
import kafkajs from 'kafkajs';

const { Kafka, logLevel, AssignerProtocol, PartitionAssigners } = kafkajs;

export function bootstrapFromEnv(env = process.env) {
  const brokers = (env.KAFKA_BOOTSTRAP ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (brokers.length === 0) throw new Error('KAFKA_BOOTSTRAP is not set');
  return brokers;
}

export function demoKafka(clientId, env = process.env) {
  const sasl = env.KAFKA_USERNAME ? { mechanism: 'plain', username: env.KAFKA_USERNAME, password: env.KAFKA_PASSWORD ?? '' } : undefined;
  return new Kafka({ clientId, brokers: bootstrapFromEnv(env), sasl, logLevel: logLevel.NOTHING, connectionTimeout: 10_000, requestTimeout: 30_000 });
}

/**
 * VAST rebalances with the classic protocol and the range / roundrobin assignors only (no
 * cooperative-sticky). kafkajs ships a round-robin assignor under its own name, so both are offered
 * here under the names Java and librdkafka clients use; the group picks `range`.
 */
export function rangeAssigner({ cluster }) {
  return {
    name: 'range',
    version: 0,
    async assign({ members, topics }) {
      const memberIds = members.map((m) => m.memberId).sort();
      const assignment = Object.fromEntries(memberIds.map((id) => [id, {}]));
      for (const topic of topics) {
        const partitions = cluster.findTopicPartitionMetadata(topic).map((m) => m.partitionId).sort((a, b) => a - b);
        const per = Math.floor(partitions.length / memberIds.length);
        const extra = partitions.length % memberIds.length;
        let next = 0;
        memberIds.forEach((id, i) => {
          const n = per + (i < extra ? 1 : 0);
          if (n > 0) assignment[id][topic] = partitions.slice(next, next + n);
          next += n;
        });
      }
      return memberIds.map((memberId) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: assignment[memberId] }),
      }));
    },
    protocol({ topics }) {
      return { name: 'range', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics }) };
    },
  };
}

export function roundRobinAssigner(config) {
  const inner = PartitionAssigners.roundRobin(config);
  return {
    ...inner,
    name: 'roundrobin',
    assign: inner.assign.bind(inner),
    protocol: ({ topics }) => ({ name: 'roundrobin', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics }) }),
  };
}

export const vastAssigners = [rangeAssigner, roundRobinAssigner];
