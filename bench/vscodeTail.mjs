// Scenario 4: inside VS Code. The extension in code-server (the e2e harness, out/test/e2e/harness.js),
// driven through Chromium: Tail Topic… on a topic receiving 5,000 records/s for 60 s, --reps times
// (5 by default), each in a fresh window on a topic of its own. Measured per tail:
// the extension host's CPU (utime+stime from /proc over the tail, in cores), its memory growth
// (VmRSS at the start vs the peak, from /proc) and its V8 heap in use after a forced full GC at the
// start and at the end (measured inside the host through its inspector, bench/hostInspector.mjs), and how long the command palette takes to open
// (F1 until the quick input is visible) while tailing versus idle. Also the extension's activation
// time as VS Code reports it (Developer: Show Running Extensions).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ROOT, createTopics, median, procStat, requireFromRoot, round, say, sleep, spread } from './lib.mjs';
import { heapAfterGc, inspectProcess } from './hostInspector.mjs';
import { fill } from './replay.mjs';

const RATE = 5000;
const PALETTE_SAMPLES = 7;
/** Replay Partition… of this many records, until the records viewer shows them all (the "opens in under 2 s"). */
const REPLAY_RECORDS = 100_000;
const REPLAY_REPS = 3;

export async function vscodeScenario({ bootstrap, quick, reps = 1 }) {
  const seconds = quick ? 5 : 60;
  // One 60 s tail after another, each on a topic of its own: the figures are their medians, with the spread.
  const tailReps = quick ? 1 : reps;
  const stamp = Date.now().toString(36);
  const topics = Array.from({ length: tailReps }, (_, i) => `bench-vscode-${stamp}-${i}`);
  const replayTopic = `bench-vscode-replay-${stamp}`;
  const replayRecords = quick ? 10_000 : REPLAY_RECORDS;
  await createTopics(bootstrap, [...topics.map((topic) => ({ topic, numPartitions: 3 })), { topic: replayTopic, numPartitions: 1 }]);
  await fill(bootstrap, replayTopic, 0, replayRecords);
  if (!fs.existsSync(`${ROOT}/out/test/e2e/harness.js`)) throw new Error('out/test/e2e/harness.js is missing: run npm run compile-tests');
  const { Workbench, selectors } = requireFromRoot('./out/test/e2e/harness.js');
  const runs = [];
  let replayOpenMs = [];
  let activationMs = null;
  let previousHost;
  for (const [i, topic] of topics.entries()) {
    // The inspector opens on the default port (SIGUSR1): the last window's host must have let go of it.
    if (previousHost !== undefined) await processGone(previousHost, 15_000);
    // A fresh window (and extension host) for each tail, as a user's first tail would be: a host
    // that already tailed has grown its heap and would understate the growth.
    const wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: bootstrap }, install: 'unpacked' });
    try {
      await wb.openView('Event Broker');
      await wb.waitForRow('KAFKA_BOOTSTRAP');
      const host = await extensionHostPid(wb.server.pid);
      previousHost = host;
      const inspector = await inspectProcess(host);
      if (!inspector.session) say(`vscode: heap after GC not measured: ${inspector.reason}`);
      await sleep(2000);
      const idle = await paletteSamples(wb, selectors, PALETTE_SAMPLES, 300);
      // The profilers (EBX_BENCH_PROFILE_HOST, EBX_BENCH_HEAP_PROFILE_HOST) over the first tail only.
      const run = await tailOnce({ wb, selectors, host, inspector, bootstrap, topic, seconds, profile: i === 0 });
      inspector.session?.close();
      run.paletteIdleMs = round(median(idle), 0);
      run.paletteIdleSamples = idle.map((x) => round(x, 0));
      run.paletteRatio = round(run.paletteTailingMs / median(idle), 2);
      say(`vscode: tail ${i + 1} of ${tailReps}: ${JSON.stringify(run)}`);
      runs.push(run);
      if (i === topics.length - 1) {
        replayOpenMs = await replayOpenTimes(wb, replayTopic, replayRecords, quick ? 1 : REPLAY_REPS);
        activationMs = await activationTime(wb).catch((e) => (say(`activation time not read: ${e.message}`), null));
      }
    } finally {
      await wb.close(`bench-vscode-${i + 1}`).catch(() => undefined);
    }
  }
  const of = (key, digits) => spread(runs.map((r) => r[key]), digits);
  const heapMeasured = runs.every((r) => r.heapGrowthMb !== null);
  const result = {
    recordsPerSec: RATE,
    seconds,
    tails: runs.length,
    cpuCores: of('cpuCores', 2),
    browserCpuCores: of('browserCpuCores', 2),
    rssGrowthMb: of('rssGrowthMb', 0),
    rssGrowthAfterGcMb: of('rssGrowthAfterGcMb', 0),
    heapGrowthMb: heapMeasured ? of('heapGrowthMb', 1) : null,
    paletteMs: { idle: of('paletteIdleMs', 0).median, tailing: of('paletteTailingMs', 0) },
    paletteRatio: of('paletteRatio', 2),
    runs,
    replayOpen: { records: replayRecords, medianMs: round(median(replayOpenMs), 0), samplesMs: replayOpenMs.map((x) => round(x, 0)), target: '< 2000 ms', met: median(replayOpenMs) < 2000 },
    activationMs,
    target: 'extension host < 0.1 core, < 50 MB growth (peak RSS and heap after a forced GC), palette ≤ 2 × idle (medians of the tails)',
  };
  result.met = result.cpuCores.median < 0.1 && result.rssGrowthMb.median < 50 && heapMeasured && result.heapGrowthMb.median < 50 && result.paletteRatio.median <= 2 && result.replayOpen.met;
  say(`vscode: ${JSON.stringify({ ...result, runs: undefined })}`);
  return result;
}

/**
 * One Tail Topic… of `topic` while a producer sends RATE records/s for `seconds`: the host's CPU
 * and memory over it, and palette opens spread over it. Stops the tail at the end.
 */
async function tailOnce({ wb, selectors, host, inspector, bootstrap, topic, seconds, profile }) {
  await wb.runCommand('Event Broker: Tail Topic…');
  await wb.answerQuickInput(topic);
  await wb.page.locator(selectors.outputView).waitFor({ state: 'visible', timeout: 30_000 });
  await sleep(2000);

  const producer = spawn(process.execPath, [`${ROOT}/bench/steadyProducer.mjs`, bootstrap, topic, String(RATE), String(seconds)], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    let sentText = '';
    producer.stdout.on('data', (d) => (sentText += d));
    const producerDone = new Promise((resolve) => producer.once('close', resolve));
    const heapStart = inspector.session ? await heapAfterGc(inspector.session) : null;
    const rssStartAfterGc = procStat(host).rssKb;
    // EBX_BENCH_PROFILE_HOST=FILE: a CPU profile of the extension host over the tail, for finding
    // where its time goes (not part of the figures; profiling itself costs CPU).
    const profileFile = profile ? process.env.EBX_BENCH_PROFILE_HOST : undefined;
    if (profileFile && inspector.session) {
      await inspector.session.send('Profiler.enable');
      await inspector.session.send('Profiler.start');
    }
    // EBX_BENCH_HEAP_PROFILE_HOST=FILE: a sampling heap profile of the extension host over the tail,
    // taken after the forced GC at the end: the allocation sites of what the tail left alive (with
    // EBX_BENCH_HEAP_PROFILE_PROMOTED=1, also of what died in the old generation).
    const heapProfileFile = profile ? process.env.EBX_BENCH_HEAP_PROFILE_HOST : undefined;
    if (heapProfileFile && inspector.session) await inspector.session.send('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: process.env.EBX_BENCH_HEAP_PROFILE_PROMOTED === '1' });
    producer.stdin.write('go\n');
    const start = procStat(host);
    const browserStart = browserCpuSeconds();
    const t0 = Date.now();
    let peakRssKb = start.rssKb;
    const sampler = setInterval(() => {
      try {
        peakRssKb = Math.max(peakRssKb, procStat(host).rssKb);
      } catch {}
    }, 500);
    // Where the host's memory is, at the start and when its resident size peaks (V8 heap, Buffers,
    // or neither: native allocations), sampled inside it once a second.
    const memoryAtStart = inspector.session ? await hostMemory(inspector.session) : null;
    let memoryAtPeak = memoryAtStart;
    let sampling = Promise.resolve();
    const memorySampler = inspector.session
      ? setInterval(() => {
          sampling = sampling.then(async () => {
            const m = await hostMemory(inspector.session).catch(() => null);
            if (m && m.rssMb > (memoryAtPeak?.rssMb ?? 0)) memoryAtPeak = m;
          });
        }, 1000)
      : undefined;
    // Palette samples spread over the tail (after a second of warm-up).
    await sleep(1000);
    const tailing = [];
    const gap = Math.max(200, ((seconds - 2) * 1000) / PALETTE_SAMPLES - 500);
    while (tailing.length < PALETTE_SAMPLES && Date.now() - t0 < seconds * 1000 - 500) {
      tailing.push(...(await paletteSamples(wb, selectors, 1, 0)));
      await sleep(gap);
    }
    await producerDone;
    const end = procStat(host);
    const browserEnd = browserCpuSeconds();
    const wallS = (Date.now() - t0) / 1000;
    clearInterval(sampler);
    clearInterval(memorySampler);
    await sampling;
    peakRssKb = Math.max(peakRssKb, end.rssKb);
    if (profileFile && inspector.session) {
      const { profile: cpuProfile } = await inspector.session.send('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(cpuProfile));
      say(`vscode: extension host profile written to ${profileFile}`);
    }
    await sleep(1500);
    const heapEnd = inspector.session ? await heapAfterGc(inspector.session) : null;
    const rssEndAfterGc = procStat(host).rssKb;
    if (heapProfileFile && inspector.session) {
      const { profile: heapProfile } = await inspector.session.send('HeapProfiler.stopSampling');
      fs.writeFileSync(heapProfileFile, JSON.stringify(heapProfile));
      say(`vscode: extension host heap profile written to ${heapProfileFile}`);
    }
    const status = await wb.page.locator('.statusbar-item').filter({ hasText: topic }).first().innerText().catch(() => '');
    const shown = Number((/: ([\d,]+) ·/.exec(status)?.[1] ?? '').replace(/,/g, '')) || null;
    await wb.runCommand('Event Broker: Stop Tail');
    return {
      topic,
      sent: Number(/sent (\d+)/.exec(sentText)?.[1] ?? NaN),
      countedByStatusBar: shown,
      cpuCores: round((end.cpuSeconds - start.cpuSeconds) / wallS, 2),
      browserCpuCores: round((browserEnd - browserStart) / wallS, 2),
      rssStartMb: round(start.rssKb / 1024, 0),
      rssEndMb: round(end.rssKb / 1024, 0),
      rssPeakMb: round(peakRssKb / 1024, 0),
      rssGrowthMb: round((peakRssKb - start.rssKb) / 1024, 0),
      rssGrowthAfterGcMb: round((rssEndAfterGc - rssStartAfterGc) / 1024, 0),
      heapStartMb: heapStart === null ? null : round(heapStart / 2 ** 20, 1),
      heapEndMb: heapEnd === null ? null : round(heapEnd / 2 ** 20, 1),
      heapGrowthMb: heapStart === null || heapEnd === null ? null : round((heapEnd - heapStart) / 2 ** 20, 1),
      memoryAtStart,
      memoryAtPeak,
      paletteTailingMs: round(median(tailing), 0),
      paletteTailingSamples: tailing.map((x) => round(x, 0)),
      profiled: Boolean(profileFile || heapProfileFile),
    };
  } finally {
    producer.kill();
  }
}

/** process.memoryUsage() inside the host, in MB: rss, V8 heap (total, used), external and ArrayBuffers. */
async function hostMemory(session) {
  const { result } = await session.send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  const m = JSON.parse(result.value);
  const mb = (bytes) => round(bytes / 2 ** 20, 0);
  return { rssMb: mb(m.rss), heapTotalMb: mb(m.heapTotal), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers) };
}

/**
 * Replay Partition… from the palette, `reps` times: from answering the last question (how many
 * records) until the records viewer says it holds all of them. The viewer is closed in between.
 */
async function replayOpenTimes(wb, topic, records, reps) {
  const times = [];
  const viewer = () => wb.page.locator('iframe.webview.ready').last().contentFrame().locator('iframe#active-frame').contentFrame();
  for (let rep = 0; rep < reps; rep++) {
    await wb.runCommand('Event Broker: Replay Partition…');
    await wb.typeAndPick(topic);
    await wb.pickQuickInput('Beginning');
    const t0 = performance.now();
    await wb.answerQuickInput(String(records));
    await viewer().locator('.counts', { hasText: `${records} records` }).waitFor({ timeout: 120_000 });
    times.push(performance.now() - t0);
    await wb.runCommand('View: Close All Editors');
    await sleep(1000);
  }
  say(`vscode: Replay Partition… of ${records} records until the viewer shows them all: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  return times;
}

/** F1 until the quick input is visible, `n` times; Escape in between. */
async function paletteSamples(wb, selectors, n, pauseMs) {
  const times = [];
  for (let i = 0; i < n; i++) {
    await wb.page.locator(selectors.workbench).click({ position: { x: 700, y: 5 } });
    const t0 = performance.now();
    await wb.page.keyboard.press('F1');
    await wb.page.locator(selectors.quickInputBox).waitFor({ state: 'visible', timeout: 30_000 });
    times.push(performance.now() - t0);
    await wb.page.keyboard.press('Escape');
    await wb.page.locator(selectors.quickInput).waitFor({ state: 'hidden', timeout: 30_000 });
    if (pauseMs) await sleep(pauseMs);
  }
  return times;
}

/**
 * CPU seconds so far of every Chromium process (the window's renderer, where the output panel is
 * drawn and the palette opens; its GPU and browser processes). Not a target: it says where the
 * palette's time goes while tailing.
 */
function browserCpuSeconds() {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/chrom|headless_shell/i.test(command.split('\0')[0])) seconds += procStat(Number(entry)).cpuSeconds;
    } catch {}
  }
  return seconds;
}

/** Waits until process `pid` has exited, for at most `ms`. */
async function processGone(pid, ms) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(200)) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  say(`vscode: the last extension host (pid ${pid}) is still running`);
}

/** The extension host: a descendant of code-server whose command line says --type=extensionHost. */
async function extensionHostPid(serverPid) {
  for (let tries = 0; ; tries++) {
    const pid = findExtensionHost(serverPid);
    if (pid !== undefined) return pid;
    if (tries >= 40) throw new Error(`no extension host found under code-server (pid ${serverPid})`);
    await sleep(500);
  }
}

function findExtensionHost(serverPid) {
  const parentOf = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const descends = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p)) if (p === serverPid) return true;
    return false;
  };
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=extensionHost')) return pid;
    } catch {}
  }
  return undefined;
}

/** Activation time of our extension as VS Code shows it in Developer: Show Running Extensions. */
async function activationTime(wb) {
  await wb.runCommand('Developer: Show Running Extensions');
  const row = wb.page.locator('.runtime-extensions-editor .monaco-list-row').filter({ hasText: 'Event Broker Explorer' }).first();
  await row.waitFor({ timeout: 15_000 });
  const text = await row.innerText();
  const ms = /(\d+)\s*ms/.exec(text.replace(/\s+/g, ' '));
  if (!ms) throw new Error(`no activation time in "${text.replace(/\s+/g, ' ')}"`);
  return Number(ms[1]);
}
