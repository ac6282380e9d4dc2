// Finding and stopping the processes the demo started: by pid, by their descendants, and (for a
// desktop VS Code, whose launcher hands over to a detached Electron process) by a path in their
// command line that only the demo uses (its temporary user-data dir).
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function procEntries() {
  try {
    return fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number);
  } catch {
    return [];
  }
}

/** Every descendant of `pid`, from /proc (Linux). */
export function descendants(pid) {
  const children = new Map();
  for (const p of procEntries()) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(p);
    } catch { /* exited meanwhile */ }
  }
  const out = [];
  const stack = [pid];
  while (stack.length) for (const c of children.get(stack.pop()) ?? []) { out.push(c); stack.push(c); }
  return out;
}

/** Pids whose command line contains `needle`. */
export function pidsWithCommandLine(needle) {
  return procEntries().filter((p) => {
    if (p === process.pid) return false;
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(needle);
    } catch {
      return false;
    }
  });
}

const signal = (pid, sig) => {
  try {
    process.kill(pid, sig);
  } catch { /* gone */ }
};

/** SIGTERM to each pid, SIGKILL to what is still there after `graceMs`. Resolves when all are gone. */
export async function terminate(pids, graceMs = 5000) {
  pids = [...new Set(pids)].filter((p) => p > 0 && p !== process.pid);
  for (const p of pids) signal(p, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  for (const p of pids.filter(alive)) signal(p, 'SIGKILL');
  const hard = Date.now() + 3000;
  while (pids.some(alive) && Date.now() < hard) await sleep(50);
}
