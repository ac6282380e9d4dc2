// Scenario 2: tail latency. A producer at a steady 2,000 records/s; `ebx tail` and
// `kcat -C -o end -u -J` read side by side; receive − send per record (send time in the record,
// receive time when the line reaches this process: both readers pay the same pipe).
// Mode "kafka": Apache Kafka as it is (it holds an empty fetch up to fetch.max.wait.ms).
// Mode "immediate": every Fetch goes through bench/immediateFetchProxy.mjs, which sets max_wait_ms
// to 0 on the wire, so the broker answers an empty fetch at once, as VAST Event Broker does.
// Each reader has its own counting proxy (in both modes, so both pay the same hop), which also gives
// its fetch requests per second. Then the idle case: fetches per second on a quiet topic.
import { spawn } from 'node:child_process';
import { startCountingProxy } from './countingProxy.mjs';
import { startImmediateFetchProxy } from './immediateFetchProxy.mjs';
import { EBX, ROOT, createTopics, median, nowMs, percentile, round, say, sleep } from './lib.mjs';

const RATE = 2000;

export async function tailScenario({ bootstrap, quick, reps }) {
  const seconds = quick ? 3 : 30;
  const idleSeconds = quick ? 2 : 10;
  const stamp = Date.now().toString(36);
  const topic = `bench-tail-${stamp}`;
  const quiet = `bench-idle-${stamp}`;
  await createTopics(bootstrap, [{ topic, numPartitions: 3 }, { topic: quiet, numPartitions: 3 }]);
  await sleep(1000); // leaders elected

  const result = { ratePerSec: RATE, seconds, partitions: 3 };
  for (const mode of ['kafka', 'immediate']) {
    const perRep = [];
    for (let rep = 0; rep < reps; rep++) {
      perRep.push(await oneRun(bootstrap, topic, mode, seconds, rep % 2 === 0 ? ['ours', 'kcat'] : ['kcat', 'ours']));
      const r = perRep.at(-1);
      say(`tail ${mode} rep ${rep + 1}: ours p50 ${r.ours.p50} p99 ${r.ours.p99} ms (${r.ours.received}/${r.sent}, ${r.ours.fetchesPerSec} fetches/s) · kcat p50 ${r.kcat.p50} p99 ${r.kcat.p99} ms (${r.kcat.received}/${r.sent}, ${r.kcat.fetchesPerSec} fetches/s)`);
    }
    const med = (who, key) => round(median(perRep.map((r) => r[who][key])), 1);
    const summary = (who) => ({ p50: med(who, 'p50'), p99: med(who, 'p99'), max: med(who, 'max'), fetchesPerSec: med(who, 'fetchesPerSec'), receivedAll: perRep.every((r) => r[who].received === r.sent) });
    const ours = summary('ours');
    const kcat = summary('kcat');
    result[mode] = { ours, kcat, p99Ratio: round(ours.p99 / kcat.p99, 2), p99DiffMs: round(ours.p99 - kcat.p99, 1), met: ours.p99 <= kcat.p99 + 50, runs: perRep };
  }
  result.idle = await idleFetchRates(bootstrap, quiet, idleSeconds);
  result.target = 'p99 ≤ kcat p99 + 50 ms; idle tail ≤ 10 fetches/s per broker';
  result.met = result.kafka.met && result.immediate.met && result.idle.met;
  return result;
}

async function proxyFor(bootstrap, mode) {
  return mode === 'immediate' ? startImmediateFetchProxy({ target: bootstrap }) : startCountingProxy({ target: bootstrap });
}

async function oneRun(bootstrap, topic, mode, seconds, order) {
  const proxies = { ours: await proxyFor(bootstrap, mode), kcat: await proxyFor(bootstrap, mode) };
  const readers = {};
  for (const who of order) readers[who] = startReader(who, proxies[who].bootstrap, topic);
  const producer = spawn(process.execPath, [`${ROOT}/bench/steadyProducer.mjs`, bootstrap, topic, String(RATE), String(seconds)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let sentLine = '';
  producer.stdout.on('data', (d) => (sentLine += d));
  const producerDone = new Promise((resolve) => producer.once('close', resolve));
  try {
    // Both readers are positioned and receiving once each has seen a warm-up record.
    const deadline = Date.now() + 45_000;
    while (!(readers.ours.warm && readers.kcat.warm)) {
      if (Date.now() > deadline) throw new Error(`tail readers not receiving (ours ${readers.ours.warm}, kcat ${readers.kcat.warm}): ${readers.ours.stderr} ${readers.kcat.stderr}`);
      await sleep(50);
    }
    await sleep(500);
    for (const p of Object.values(proxies)) p.reset();
    const t0 = Date.now();
    producer.stdin.write('go\n');
    await producerDone;
    const sent = Number(/sent (\d+)/.exec(sentLine)?.[1] ?? NaN);
    // Stragglers: wait until both have everything, at most 5 s.
    const until = Date.now() + 5000;
    while ((readers.ours.seqs.size < sent || readers.kcat.seqs.size < sent) && Date.now() < until) await sleep(50);
    const elapsed = (Date.now() - t0) / 1000;
    const stats = (who) => {
      const l = readers[who].latencies.sort((a, b) => a - b);
      return { p50: round(percentile(l, 50), 1), p99: round(percentile(l, 99), 1), max: round(l.at(-1), 1), received: readers[who].seqs.size, fetchesPerSec: round((proxies[who].counts().byApi.Fetch ?? 0) / elapsed, 1) };
    };
    return { sent, ours: stats('ours'), kcat: stats('kcat') };
  } finally {
    producer.kill();
    for (const r of Object.values(readers)) r.stop();
    await sleep(200);
    for (const p of Object.values(proxies)) await p.close();
  }
}

/** Starts `ebx tail` or `kcat -C -o end`; records receive − send of every record it prints. */
function startReader(who, bootstrap, topic) {
  const [cmd, args] =
    who === 'ours'
      ? [process.execPath, [EBX, '--bootstrap', bootstrap, 'tail', topic]]
      : ['kcat', ['-C', '-b', bootstrap, '-t', topic, '-o', 'end', '-u', '-J', '-q']];
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const reader = { warm: false, latencies: [], seqs: new Set(), stderr: '', stop: () => child.kill('SIGTERM') };
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const received = nowMs();
    const text = rest + chunk;
    const lines = text.split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = /t=(\d+\.\d+);s=(\d+);/.exec(line);
      if (m) {
        const seq = Number(m[2]);
        if (!reader.seqs.has(seq)) {
          reader.seqs.add(seq);
          reader.latencies.push(received - Number(m[1]));
        }
      } else if (line.includes('warmup')) reader.warm = true;
    }
  });
  child.stderr.on('data', (d) => (reader.stderr += d));
  return reader;
}

/** Fetch requests per second of an idle tail (ours and kcat), with the broker waiting and answering at once. */
async function idleFetchRates(bootstrap, topic, seconds) {
  const out = {};
  for (const mode of ['kafka', 'immediate']) {
    const proxies = { ours: await proxyFor(bootstrap, mode), kcat: await proxyFor(bootstrap, mode) };
    const readers = { ours: startReader('ours', proxies.ours.bootstrap, topic), kcat: startReader('kcat', proxies.kcat.bootstrap, topic) };
    try {
      await sleep(2000); // connected, positioned, backed off
      for (const p of Object.values(proxies)) p.reset();
      await sleep(seconds * 1000);
      out[mode] = { ours: round((proxies.ours.counts().byApi.Fetch ?? 0) / seconds, 1), kcat: round((proxies.kcat.counts().byApi.Fetch ?? 0) / seconds, 1) };
      say(`idle tail (${mode}): ours ${out[mode].ours} fetches/s, kcat ${out[mode].kcat} fetches/s`);
    } finally {
      for (const r of Object.values(readers)) r.stop();
      await sleep(200);
      for (const p of Object.values(proxies)) await p.close();
    }
  }
  out.brokers = 1;
  out.seconds = seconds;
  out.met = out.kafka.ours <= 10 && out.immediate.ours <= 10;
  return out;
}
