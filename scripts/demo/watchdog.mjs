// Started detached by scripts/demo.mjs: if the demo dies without cleaning up (kill -9, a closed
// terminal), this stops what it started and removes its temporary directory. The demo keeps
// <state file> up to date with what to stop; when the demo cleans up itself, it removes the state
// file and this exits.
//   node scripts/demo/watchdog.mjs <owner pid> <state file>
import fs from 'node:fs';
import { alive, descendants, pidsWithCommandLine, terminate } from './processes.mjs';

const [owner, stateFile] = [Number(process.argv[2]), process.argv[3]];

const timer = setInterval(async () => {
  if (!fs.existsSync(stateFile)) process.exit(0);
  if (alive(owner)) return;
  clearInterval(timer);
  let state = { pids: [], trees: [], commandLineMarks: [], remove: [] };
  try {
    state = { ...state, ...JSON.parse(fs.readFileSync(stateFile, 'utf8')) };
  } catch { /* half-written: use what we have */ }
  const pids = [...state.pids, ...state.trees.flatMap((p) => [p, ...descendants(p)]), ...state.commandLineMarks.flatMap(pidsWithCommandLine)];
  await terminate(pids, 10_000);
  for (const p of state.remove) fs.rmSync(p, { recursive: true, force: true });
  process.exit(0);
}, 1000);
