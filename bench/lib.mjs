// Small helpers shared by the bench scenarios: timed child processes, medians, percentiles, load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EBX = path.join(ROOT, 'bin', 'ebx.js');
/** The compiled core (tsc -p tsconfig.test.json writes out/src/...), loadable from plain Node. */
export const requireOut = (rel) => createRequire(import.meta.url)(path.join(ROOT, 'out', 'src', rel));
export const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));

export const say = (msg) => process.stderr.write(`[bench] ${msg}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const nowMs = () => performance.timeOrigin + performance.now();

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Median and spread (min, max) of a list of numbers, rounded; n is how many there were. */
export function spread(values, digits = 1) {
  const v = values.filter((x) => Number.isFinite(x));
  return { median: round(median(v), digits), min: round(Math.min(...v), digits), max: round(Math.max(...v), digits), n: v.length };
}

export const round = (x, digits = 1) => (x === null || x === undefined || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));
export const ratio = (ours, peer) => (ours === null || peer === null || !peer ? null : round(ours / peer, 2));
export const loadavg = () => os.loadavg().map((x) => round(x, 2));

/**
 * Runs a command to completion under /usr/bin/time (peak RSS, user and system CPU), stdout to
 * /dev/null unless `stdout` is 'pipe'. Resolves { wallMs, maxRssKb, cpuSeconds, code, stdout, stderr }.
 */
export function timed(cmd, args, { env, stdout = 'ignore', timeoutMs = 600_000 } = {}) {
  const timeFile = path.join(os.tmpdir(), `ebx-bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const useTime = fs.existsSync('/usr/bin/time');
  const [bin, argv] = useTime ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, argv, { env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      let maxRssKb = null;
      let cpuSeconds = null;
      try {
        const [rss, user, system] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        maxRssKb = rss;
        cpuSeconds = user + system;
        fs.rmSync(timeFile, { force: true });
      } catch {}
      resolve({ wallMs, maxRssKb, cpuSeconds, code, stdout: out, stderr: err });
    });
  });
}

/** Throws with the command's stderr when a timed run failed. */
export function check(result, what) {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}): ${result.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  return result;
}

/** CPU seconds (user + system) and RSS of a process, from /proc. */
export function procStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { cpuSeconds: ticks / 100, rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

/** Creates topics with the kafkajs admin in batches (topics that exist already are fine). */
export async function createTopics(bootstrap, topics, { batch = 200 } = {}) {
  const { Kafka, logLevel } = requireFromRoot('kafkajs');
  const admin = new Kafka({ brokers: [bootstrap], clientId: 'ebx-bench', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const todo = topics.filter((t) => !existing.has(t.topic));
    for (let i = 0; i < todo.length; i += batch) {
      await admin.createTopics({ topics: todo.slice(i, i + batch), waitForLeaders: false, timeout: 120_000 });
    }
    return todo.length;
  } finally {
    await admin.disconnect();
  }
}
