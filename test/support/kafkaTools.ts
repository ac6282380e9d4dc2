// The JVM arguments to run one of Apache Kafka's own tools (kafka-tools from Maven Central, fetched
// once per release by bench/kafkaTools.mjs into the same cache as the broker's jars).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './ebxProcess';

const prefixes = new Map<string, string[]>();

/** `java` arguments up to the tool's own, for `mainClass` of kafka-tools `version` (default: bench's release). */
export function kafkaToolArgs(mainClass: string, version?: string): string[] {
  const key = `${mainClass}@${version ?? ''}`;
  let prefix = prefixes.get(key);
  if (!prefix) {
    const release = version === undefined ? 'undefined' : JSON.stringify(version);
    const script = `import { ensureKafkaTools, toolArgs } from ${JSON.stringify(join(ROOT, 'bench/kafkaTools.mjs'))}; ensureKafkaTools(${release}); process.stdout.write(JSON.stringify(toolArgs(${JSON.stringify(mainClass)}, [], ${release})));`;
    prefix = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 600_000 })) as string[];
    prefixes.set(key, prefix);
  }
  return prefix;
}
