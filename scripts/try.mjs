#!/usr/bin/env node
// `npm run try`: see the core and the CLI work in a minute. Starts the local broker (unless
// KAFKA_BOOTSTRAP points at one), creates a small topic, and runs a few `ebx` commands against it.
// The broker keeps running afterwards for you to explore; `npm run broker -- stop` stops it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startBroker } from './broker.mjs';

const run = (args, input) => {
  console.log(`\n$ ebx ${args.join(' ')}`);
  const out = execFileSync(process.execPath, ['bin/ebx.js', ...args], { input, encoding: 'utf8', env: process.env, stdio: ['pipe', 'pipe', 'inherit'] });
  process.stdout.write(out);
};

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
if (!process.env.KAFKA_BOOTSTRAP) {
  const broker = await startBroker({});
  process.env.KAFKA_BOOTSTRAP = broker.bootstrap;
  console.log(`local Kafka broker: KAFKA_BOOTSTRAP=${broker.bootstrap} (stop it with: npm run broker -- stop)`);
}
const topic = `try-orders-${randomBytes(2).toString('hex')}`;
run(['create-topic', topic, '--partitions', '3']);
run(['produce', topic, '--key', 'customer-7'], Array.from({ length: 5 }, (_, i) => JSON.stringify({ order: i })).join('\n') + '\n');
run(['topics']);
run(['partitions', topic]);
run(['replay', topic, '--partition', String(findPartition()), '--from-beginning', '--max', '3']);
run(['offsets-for-time', topic, '-15m']);
run(['groups']);
console.log(`\nexport KAFKA_BOOTSTRAP=${process.env.KAFKA_BOOTSTRAP}   # then try: node bin/ebx.js tail ${topic}`);

function findPartition() {
  // All records share a key, so they sit in one partition: find it.
  const rows = JSON.parse(execFileSync(process.execPath, ['bin/ebx.js', 'partitions', topic, '--json'], { encoding: 'utf8' }));
  return rows.find((p) => p.high > 0)?.partition ?? 0;
}
