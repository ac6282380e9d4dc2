#!/usr/bin/env node
// A producer at a steady rate, each record carrying its send time (epoch ms, sub-millisecond:
// performance.timeOrigin + performance.now()), for the tail-latency scenario. Runs as its own process
// so its work does not disturb the process that timestamps arrivals.
//
//   node bench/steadyProducer.mjs BOOTSTRAP TOPIC RATE SECONDS
// First sends one "warmup" record every 100 ms until a line "go" arrives on stdin, then RATE
// records/s for SECONDS (a batch every 10 ms, sized to keep the total on schedule), then prints
// "sent N" and exits.
import readline from 'node:readline';
import { requireFromRoot } from './lib.mjs';

const [bootstrap, topic, rateText, secondsText] = process.argv.slice(2);
const rate = Number(rateText);
const seconds = Number(secondsText);
const { Kafka, logLevel, Partitioners } = requireFromRoot('kafkajs');
const producer = new Kafka({ brokers: [bootstrap], clientId: 'ebx-bench-producer', logLevel: logLevel.NOTHING }).producer({ createPartitioner: Partitioners.DefaultPartitioner, allowAutoTopicCreation: false });
await producer.connect();
const now = () => performance.timeOrigin + performance.now();
const pad = 'p'.repeat(60);

let go = false;
const control = readline.createInterface({ input: process.stdin }).on('line', (l) => (go ||= l.trim() === 'go'));
const warmupUntil = Date.now() + 60_000;
while (!go && Date.now() < warmupUntil) {
  await producer.send({ topic, acks: 1, messages: [{ value: `warmup;${pad}` }] });
  await new Promise((r) => setTimeout(r, 100));
}

let sent = 0;
const start = now();
const end = start + seconds * 1000;
let inFlight = Promise.resolve();
while (now() < end) {
  const due = Math.floor(((now() - start) / 1000) * rate);
  const n = due - sent;
  if (n > 0) {
    const messages = [];
    for (let i = 0; i < n; i++) messages.push({ value: `t=${now().toFixed(3)};s=${sent + i};${pad}` });
    sent += n;
    // Keep the schedule: do not wait for one send before starting the next batch.
    const p = producer.send({ topic, acks: 1, messages });
    inFlight = Promise.all([inFlight, p]);
  }
  await new Promise((r) => setTimeout(r, 10));
}
await inFlight;
await producer.disconnect();
control.close();
process.stdin.destroy();
process.stdout.write(`sent ${sent}\n`);
