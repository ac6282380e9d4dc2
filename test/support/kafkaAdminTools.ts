// Apache Kafka's own admin tools, the reference for every change ebx makes to topics: a change is
// checked with what kafka-configs, kafka-topics, kafka-get-offsets and kafka-broker-api-versions
// say, never only with our own reads. They are the 3.9.1 releases (kafka-tools from bench/kafkaTools.mjs,
// ConfigCommand from the broker's own jars); they speak to a 4.x broker as well. The API versions of
// a broker are read with the newest kafka-tools, which names every request Kafka 4 has.
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './ebxProcess';
import { kafkaToolArgs } from './kafkaTools';

let toolsClasspath: string | undefined;
let brokerClasspath: string | undefined;

/** Fetches kafka-tools (Maven, once per machine) and the broker's jars; returns the two classpaths. */
function classpaths(): { tools: string; broker: string } {
  if (!toolsClasspath || !brokerClasspath) {
    const script =
      `import { ensureKafkaTools, toolsLibsDir } from ${JSON.stringify(join(ROOT, 'bench/kafkaTools.mjs'))};` +
      `import { ensureJars } from ${JSON.stringify(join(ROOT, 'scripts/broker.mjs'))};` +
      `ensureKafkaTools(); process.stdout.write(JSON.stringify([toolsLibsDir(), ensureJars('3.9.1')]));`;
    const [tools, broker] = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 600_000 })) as [string, string];
    toolsClasspath = join(tools, '*');
    brokerClasspath = join(broker, '*');
  }
  return { tools: toolsClasspath, broker: brokerClasspath };
}

function runJava(classpath: string, mainClass: string, args: string[]): Promise<string> {
  return runJavaArgs(['-Xmx256M', '-Djava.awt.headless=true', '-Dlog4j.configuration=file:/dev/null', '-cp', classpath, mainClass, ...args]);
}

function runJavaArgs(full: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('java', full, { timeout: 120_000, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`java ${full.slice(full.indexOf('-cp') + 2).join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      resolve(stdout);
    });
  });
}

/** `kafka-configs --describe --entity-type topics`: the topic's own overrides (what alter-topic changes), by name. */
export async function kafkaTopicOverrides(bootstrap: string, topic: string): Promise<Map<string, string>> {
  const out = await runJava(classpaths().broker, 'kafka.admin.ConfigCommand', ['--bootstrap-server', bootstrap, '--entity-type', 'topics', '--entity-name', topic, '--describe']);
  return configLines(out);
}

/** `kafka-configs --describe --all`: every entry's value as the broker reports it (sensitive ones as null). */
export async function kafkaTopicConfigAll(bootstrap: string, topic: string): Promise<Map<string, string | null>> {
  const out = await runJava(classpaths().broker, 'kafka.admin.ConfigCommand', ['--bootstrap-server', bootstrap, '--entity-type', 'topics', '--entity-name', topic, '--describe', '--all']);
  const entries = new Map<string, string | null>();
  for (const m of out.matchAll(/^\s+([a-z0-9._-]+)=(.*?) sensitive=(true|false) synonyms=/gm)) entries.set(m[1], m[3] === 'true' ? null : m[2]);
  return entries;
}

function configLines(out: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const m of out.matchAll(/^\s+([a-z0-9._-]+)=(.*?) sensitive=(?:true|false) synonyms=/gm)) entries.set(m[1], m[2]);
  return entries;
}

export interface KafkaTopicDescription {
  partitions: number;
  replicationFactor: number;
  /** The Configs column: the topic's overrides. */
  configs: Map<string, string>;
}

/** `kafka-topics --describe --topic T`; undefined when the topic does not exist. */
export async function kafkaTopicDescription(bootstrap: string, topic: string): Promise<KafkaTopicDescription | undefined> {
  const out = await runJava(classpaths().tools, 'org.apache.kafka.tools.TopicCommand', ['--bootstrap-server', bootstrap, '--describe', '--topic', topic]).catch((err: Error) => {
    if (/does not exist|UnknownTopicOrPartition/.test(err.message)) return '';
    throw err;
  });
  const head = /PartitionCount:\s*(\d+)\s+ReplicationFactor:\s*(\d+)\s+Configs:\s*(.*)$/m.exec(out);
  if (!head) return undefined;
  const configs = new Map<string, string>();
  for (const pair of head[3].trim().split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    configs.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { partitions: Number(head[1]), replicationFactor: Number(head[2]), configs };
}

/** `kafka-topics --list`. */
export async function kafkaTopicNames(bootstrap: string): Promise<string[]> {
  const out = await runJava(classpaths().tools, 'org.apache.kafka.tools.TopicCommand', ['--bootstrap-server', bootstrap, '--list']);
  return out.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** `kafka-get-offsets --time -2`: each partition's first offset, by partition. */
export async function kafkaFirstOffsets(bootstrap: string, topic: string): Promise<Map<number, number>> {
  const out = await runJava(classpaths().tools, 'org.apache.kafka.tools.GetOffsetShell', ['--bootstrap-server', bootstrap, '--topic', topic, '--time', '-2']);
  const offsets = new Map<number, number>();
  for (const m of out.matchAll(/^(.+):(\d+):(-?\d+)$/gm)) if (m[1] === topic) offsets.set(Number(m[2]), Number(m[3]));
  return offsets;
}

/** `kafka-broker-api-versions`: each broker's "host:port" and id as Kafka's tool names them. */
export async function kafkaBrokerIds(bootstrap: string): Promise<{ address: string; id: number; rack: string | null }[]> {
  const out = await runJava(classpaths().broker, 'kafka.admin.BrokerApiVersionsCommand', ['--bootstrap-server', bootstrap]);
  return [...out.matchAll(/^(\S+:\d+) \(id: (\d+) rack: (\S+?)(?: isFenced: \w+)?\) ->/gm)].map((m) => ({ address: m[1], id: Number(m[2]), rack: m[3] === 'null' ? null : m[3] }));
}

export interface KafkaApiVersion {
  apiKey: number;
  /** Kafka's name, or "UNKNOWN" for a key newer than the tool. */
  name: string;
  minVersion: number;
  maxVersion: number;
}

/**
 * The kafka-tools release whose kafka-broker-api-versions names the requests: the newest (the
 * *-kafka4 tiers' release, scripts/broker.mjs), since 3.9.1's prints keys 88 on as UNKNOWN and key 74
 * by its old name (ListClientMetricsResources, now ListConfigResources). It speaks to 3.9.1 too.
 */
const API_VERSIONS_TOOL_RELEASE = process.env.EBX_KAFKA4_VERSION || '4.4.0';

/**
 * `kafka-broker-api-versions`: what each broker ("host:port") answers to ApiVersions, from lines
 * like "Fetch(1): 4 to 17 [usable: 16]" or "OffsetDelete(47): 0 [usable: 0]". Requests the tool
 * knows but the broker does not offer ("UNSUPPORTED") are left out.
 */
export async function kafkaBrokerApiVersions(bootstrap: string): Promise<Map<string, KafkaApiVersion[]>> {
  const out = await runJavaArgs([...kafkaToolArgs('org.apache.kafka.tools.BrokerApiVersionsCommand', API_VERSIONS_TOOL_RELEASE), '--bootstrap-server', bootstrap]);
  const byBroker = new Map<string, KafkaApiVersion[]>();
  for (const block of out.matchAll(/^(\S+:\d+) \(id: \d+ [^)]*\) -> \(\n([\s\S]*?)\n\)/gm)) {
    const versions = [...block[2].matchAll(/^\s+(\w+)\((\d+)\): (\d+)(?: to (\d+))?/gm)].map((m) => ({
      apiKey: Number(m[2]),
      name: m[1],
      minVersion: Number(m[3]),
      maxVersion: Number(m[4] ?? m[3]),
    }));
    byBroker.set(block[1], versions);
  }
  return byBroker;
}
