// Apache Kafka's own kafka-consumer-groups (ConsumerGroupCommand from kafka-tools, fetched once by
// bench/kafkaTools.mjs into the same cache as the broker's jars): the reference a reset plan must
// match. Its --dry-run prints "GROUP TOPIC PARTITION NEW-OFFSET" rows (without line breaks in 3.9).
import { execFile } from 'node:child_process';
import { kafkaToolArgs } from './kafkaTools';

const CONSUMER_GROUP_COMMAND = 'org.apache.kafka.tools.consumer.group.ConsumerGroupCommand';

/** `kafka-consumer-groups --reset-offsets … --dry-run`: NEW-OFFSET by "topic:partition". */
export function kafkaResetDryRun(bootstrap: string, group: string, args: string[]): Promise<Map<string, number>> {
  const full = [...kafkaToolArgs(CONSUMER_GROUP_COMMAND), '--bootstrap-server', bootstrap, '--group', group, '--reset-offsets', '--dry-run', ...args];
  return new Promise((resolve, reject) => {
    execFile('java', full, { timeout: 120_000, maxBuffer: 1 << 22 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`kafka-consumer-groups ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      const at = stdout.indexOf('NEW-OFFSET');
      if (at < 0) return reject(new Error(`kafka-consumer-groups printed no plan:\n${stdout}\n${stderr}`));
      const words = stdout.slice(at + 'NEW-OFFSET'.length).trim().split(/\s+/).filter(Boolean);
      const plan = new Map<string, number>();
      for (let i = 0; i + 3 < words.length; i += 4) plan.set(`${words[i + 1]}:${words[i + 2]}`, Number(words[i + 3]));
      resolve(plan);
    });
  });
}
