// The operations of the ceilings scenario (bench/ceilings/ceilings.mjs): each `ebx` command beside the peer
// that does the same job (kcat, or Apache Kafka's own tools from kafka-tools), and the issue's
// targets at 10,000 partitions. Kept apart so the list reads as the list.
import { toolArgs } from '../kafkaTools.mjs';
import { RECORDS_PER_PARTITION, GROUPS_AT_THE_CAP } from './setup.mjs';

const CGC = 'org.apache.kafka.tools.consumer.group.ConsumerGroupCommand';
const GET_OFFSETS = 'org.apache.kafka.tools.GetOffsetShell';
/** The targets hold at 10,000 partitions on one broker; at 20,000 each is 2 × its 10,000 figure (growthOf). */
const at10k = (partitions, value) => (partitions === 10_000 ? value : null);

/** ours: ebx arguments after --bootstrap; peer: the command doing the same job, if any. */
export function ceilingOperations(b, topic, group, partitions) {
  const records = partitions * RECORDS_PER_PARTITION;
  const fromTime = Date.now() - 24 * 3_600_000;
  const cgc = (args) => ({ cmd: 'java', args: toolArgs(CGC, ['--bootstrap-server', b, ...args]) });
  return [
    { name: '`ebx partitions` (metadata and both watermarks)', ours: ['--json', 'partitions', topic], peer: { tool: 'kcat -L (metadata only)', cmd: 'kcat', args: ['-L', '-b', b, '-t', topic] }, target: at10k(partitions, 500) },
    // The same command as the row above, beside Kafka's own watermark tool (latest offsets only).
    { name: 'watermarks of every partition (`ebx partitions`)', ours: ['--json', 'partitions', topic], peer: { tool: 'kafka-get-offsets --time -1 (latest only)', cmd: 'java', args: toolArgs(GET_OFFSETS, ['--bootstrap-server', b, '--topic', topic, '--time', '-1']) } },
    { name: '`ebx lag GROUP` (a group committed on every partition)', ours: ['--json', 'lag', group], peer: { tool: 'kafka-consumer-groups --describe', ...cgc(['--describe', '--group', group]) }, target: at10k(partitions, 1000), peerRatioAtMost: at10k(partitions, 0.5) },
    { name: `lag of all ${GROUPS_AT_THE_CAP} groups (\`ebx groups --lag\`)`, ours: ['--json', 'groups', '--lag'], peer: { tool: 'kafka-consumer-groups --describe --all-groups', ...cgc(['--describe', '--all-groups']) } },
    { name: `list ${GROUPS_AT_THE_CAP} groups (\`ebx groups\`)`, ours: ['--json', 'groups'], peer: { tool: 'kafka-consumer-groups --list', ...cgc(['--list']) } },
    { name: '`ebx search` every partition, no match', ours: ['search', topic, '--value-contains', 'no record has this'], expect: `scanned ${records} records`, target: at10k(partitions, 2000) },
    {
      name: 'replay of every partition from a time (`ebx search --from-time`, every record printed)',
      ours: ['search', topic, '--from-time', String(fromTime), '--value-contains', 'ceiling', '--max-matches', String(records)],
      expect: `${records} matches`,
      peer: { tool: 'kcat -C -o s@time -e', cmd: 'kcat', args: ['-C', '-b', b, '-t', topic, '-o', `s@${fromTime}`, '-e', '-q', '-J'] },
    },
    {
      name: 'start of a tail of every partition (`ebx tail --last 1`, one record a partition)',
      ours: ['--json', 'tail', topic, '--last', '1', '--max', String(partitions)],
      peer: { tool: 'kcat -C -o -1 -c N', cmd: 'kcat', args: ['-C', '-b', b, '-t', topic, '-o', '-1', '-c', String(partitions), '-q', '-J'] },
    },
  ];
}
