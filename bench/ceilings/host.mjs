// The ceilings scenario's extension-host figure: the packaged extension in code-server, driven
// through Chromium (the e2e harness, out/test/e2e/harness.js, as bench/vscodeTail.mjs does), expands
// the big topic's row until its first page of partitions shows, `reps` times. Per expansion: the
// wall time from the click until "Partition 0" is on screen and the requests on the wire (with the
// summary row's newest record time, which is read after that page shows); over
// them all, the extension host's resident memory before the first and at its peak (from /proc,
// sampled every 100 ms), and its V8 heap in use after a full GC before the first and after the
// last (through its inspector): what the host keeps, where the peak RSS says what it allocated.
import fs from 'node:fs';
import { ROOT, loadavg, procStat, requireFromRoot, say, sleep } from '../lib.mjs';
import { summary } from './summary.mjs';
import { heapAfterGc, inspectProcess } from '../hostInspector.mjs';

/** src/extension/tree/topicNode.ts's PARTITIONS_FRESH_MS: an expansion within it reuses the last read. */
const PARTITIONS_FRESH_MS = 10_000;
const NAME = 'extension host: expand the topic (first page of partitions)';
/** How long a row may take to show on a loaded machine before the figure counts as failed. */
const SLOW_MS = 120_000;

export async function measureHostExpand({ bootstrap, proxy, topic, partitions, reps }) {
  if (!fs.existsSync(`${ROOT}/out/test/e2e/harness.js`)) return { name: NAME, ours: { failures: 1, failure: 'out/test/e2e/harness.js is missing: run npm run compile-tests' }, peer: null, ratio: null, target: '', met: null };
  const { Workbench } = requireFromRoot('./out/test/e2e/harness.js');
  const runs = [];
  const failures = [];
  let wb;
  let sampler;
  let host;
  let rssBeforeMb = null;
  let peakRssKb = 0;
  let inspector;
  let heapBeforeMb = null;
  let heapAfterMb = null;
  try {
    wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: bootstrap }, install: 'unpacked' });
    await wb.openView('Event Broker');
    await expand(wb, 'KAFKA_BOOTSTRAP');
    // Only this topic in the list, as a user of a big view would narrow it (the prefix: the folder's own row must not match the topic's name).
    await wb.runCommand('Event Broker: Filter Topics…');
    await wb.answerQuickInput(topic.slice(0, -1));
    await expand(wb, 'Topics (');
    const row = () => wb.waitForRow(topic, undefined, SLOW_MS);
    await row();
    host = extensionHostOf(wb.server.pid);
    rssBeforeMb = host ? procStat(host).rssKb / 1024 : null;
    inspector = host ? await inspectProcess(host).catch((err) => ({ reason: err.message })) : { reason: 'no extension host' };
    if (!inspector.session) say(`ceilings ${partitions}: the host's heap is not measured: ${inspector.reason}`);
    heapBeforeMb = inspector.session ? (await heapAfterGc(inspector.session)) / 2 ** 20 : null;
    sampler = setInterval(() => {
      try {
        if (host) peakRssKb = Math.max(peakRssKb, procStat(host).rssKb);
      } catch {}
    }, 100);
    let lastRead = 0;
    for (let rep = 0; rep < reps; rep++) {
      if (rep > 0) {
        // A fresh read each time. VS Code keeps a collapsed node's children, so collapsing and
        // expanding again asks for nothing: Refresh (as a person would) makes new nodes, past the
        // node's own reuse window, and the topic row comes back collapsed.
        if ((await (await row()).getAttribute('aria-expanded')) === 'true') await (await row()).click();
        await sleep(Math.max(0, lastRead + PARTITIONS_FRESH_MS + 500 - Date.now()));
        await wb.runCommand('Event Broker: Refresh');
        await row();
        await sleep(2000); // the folder's own reads after a refresh, out of the figure
        if ((await (await row()).getAttribute('aria-expanded')) === 'true') await (await row()).click();
      }
      const load = loadavg()[0];
      proxy.reset();
      const cpuBefore = host ? procStat(host).cpuSeconds : null;
      const t0 = performance.now();
      try {
        await (await row()).click();
        await wb.waitForRow('Partition 0', undefined, SLOW_MS);
        const wallMs = performance.now() - t0;
        lastRead = Date.now();
        // The summary row's newest record time is read after the partitions, in the background (one
        // ListOffsets a leader): out of the wall time, in the expansion's requests.
        const newest = await wb.waitForNoRow('newest …', undefined, SLOW_MS).then(
          () => `newest record time after ${Math.round(performance.now() - t0)} ms`,
          (err) => `no newest record time within ${SLOW_MS / 1000} s: ${err.message.split('\n')[0]}`,
        );
        const requests = proxy.counts();
        runs.push({ wallMs, cpuSeconds: host ? procStat(host).cpuSeconds - cpuBefore : null, rssMb: host ? procStat(host).rssKb / 1024 : null, load, requests });
        say(`ceilings ${partitions}: ${NAME}: rep ${rep + 1}: ${Math.round(wallMs)} ms, ${requests.total} requests (${JSON.stringify(requests.byApi)}), ${newest}, load ${load}`);
      } catch (err) {
        failures.push(err.message.split('\n')[0]);
        say(`ceilings ${partitions}: ${NAME}: rep ${rep + 1} FAILED: ${failures.at(-1)}`);
        lastRead = Date.now();
      }
    }
    heapAfterMb = inspector.session ? (await heapAfterGc(inspector.session)) / 2 ** 20 : null;
  } catch (err) {
    failures.push(err.message.split('\n')[0]);
    say(`ceilings ${partitions}: ${NAME}: FAILED: ${failures.at(-1)}`);
  } finally {
    clearInterval(sampler);
    inspector?.session?.close();
    await wb?.close(`ceilings-${partitions}`).catch(() => undefined);
  }
  const ours = { ...summary(runs), ...(failures.length ? { failures: failures.length, failure: failures.at(-1) } : {}) };
  // The host's memory over the whole series, not per run: what a person's window holds at its peak.
  ours.hostRss = { beforeMb: rssBeforeMb === null ? null : Math.round(rssBeforeMb), peakMb: peakRssKb ? Math.round(peakRssKb / 1024) : null };
  ours.hostHeap = { beforeMb: heapBeforeMb === null ? null : Math.round(heapBeforeMb), afterMb: heapAfterMb === null ? null : Math.round(heapAfterMb) };
  return { name: NAME, ours, peer: null, ratio: null, target: '', met: null };
}

/**
 * The harness's expandRow with more patience: at 10,000 partitions and a load average of 16 the
 * Topics folder had not shown its count within the harness's 30 s (its screenshot, 2026-12-05).
 */
async function expand(wb, label) {
  const found = await wb.waitForRow(label, undefined, SLOW_MS);
  if ((await found.getAttribute('aria-expanded')) === 'false') await found.click();
  await wb.page.waitForFunction((el) => el?.getAttribute('aria-expanded') !== 'false', await found.elementHandle(), { timeout: SLOW_MS });
}

/** The extension host: a descendant of code-server whose command line says --type=extensionHost. */
function extensionHostOf(serverPid) {
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
  say('ceilings: no extension host found under code-server: its memory is not measured');
  return undefined;
}
