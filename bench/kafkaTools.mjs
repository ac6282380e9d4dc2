// Apache Kafka's own command-line tools (kafka-tools, from Maven Central), the peer for the
// big-cluster scenario (and, in the tests, the console consumer and kafka-consumer-groups). Fetched
// once per release into the same cache as the broker's jars; the default release is the broker's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KAFKA_VERSION, cacheRoot } from '../scripts/broker.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function toolsLibsDir(version = KAFKA_VERSION) {
  return path.join(cacheRoot(), `kafka-tools-${version}`, 'libs');
}

/** The directory holding kafka-tools and its dependencies; runs Maven only when it is missing. */
export function ensureKafkaTools(version = KAFKA_VERSION) {
  const libs = toolsLibsDir(version);
  if (fs.existsSync(libs) && fs.readdirSync(libs).some((f) => f.startsWith(`kafka-tools-${version}`))) return libs;
  const work = path.join(path.dirname(libs), `.build-${process.pid}-${Date.now()}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    const pom = fs.readFileSync(path.join(HERE, 'kafka-tools-pom.xml'), 'utf8').replaceAll('@KAFKA_VERSION@', version);
    fs.writeFileSync(path.join(work, 'pom.xml'), pom);
    const out = path.join(work, 'libs');
    process.stderr.write(`[bench] fetching kafka-tools ${version} with Maven into ${libs}\n`);
    const r = spawnSync('mvn', ['-B', '-q', '-Dstyle.color=never', '-f', path.join(work, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${out}`], { stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`mvn dependency:copy-dependencies for kafka-tools failed (exit ${r.status})`);
    try {
      fs.renameSync(out, libs);
    } catch (e) {
      if (!fs.existsSync(libs)) throw e;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return libs;
}

/** java arguments to run a tool class, with the JVM options of kafka-run-class.sh for tools. */
export function toolArgs(mainClass, args, version = KAFKA_VERSION) {
  return ['-Xmx256M', '-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20', '-XX:InitiatingHeapOccupancyPercent=35', '-XX:+ExplicitGCInvokesConcurrent', '-Djava.awt.headless=true', '-cp', `${toolsLibsDir(version)}${path.sep}*`, mainClass, ...args];
}
