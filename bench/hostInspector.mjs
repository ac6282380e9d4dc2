// Measures inside a running Node process (the VS Code extension host) through its inspector: SIGUSR1
// opens the inspector (Node's default), then the Chrome DevTools Protocol forces a full GC and reads
// the heap in use. The WebSocket client is the `ws` that playwright-core bundles (no new dependency).
import { requireFromRoot, sleep } from './lib.mjs';

const { ws: WebSocket } = requireFromRoot('playwright-core/lib/utilsBundle');

/** Opens the inspector of process `pid` and connects to it; null when it cannot (say why in `reason`). */
export async function inspectProcess(pid, { port = 9229 } = {}) {
  process.kill(pid, 'SIGUSR1');
  let targets;
  for (let tries = 0; tries < 40; tries++) {
    await sleep(250);
    targets = await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json()).catch(() => undefined);
    if (targets?.length) break;
  }
  if (!targets?.length) return { reason: `no inspector answered on port ${port} after SIGUSR1` };
  for (const target of targets) {
    const session = await connect(target.webSocketDebuggerUrl).catch(() => undefined);
    if (!session) continue;
    // Another process may hold the port: make sure this is the one asked for.
    const { result } = await session.send('Runtime.evaluate', { expression: 'process.pid', returnByValue: true });
    if (result?.value === pid) return { session };
    session.close();
  }
  return { reason: `the inspector on port ${port} belongs to another process` };
}

function connect(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let nextId = 1;
    const waiting = new Map();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if (message.error) entry.reject(new Error(message.error.message));
      else entry.resolve(message.result);
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        send(method, params = {}) {
          const id = nextId++;
          socket.send(JSON.stringify({ id, method, params }));
          return new Promise((res, rej) => waiting.set(id, { resolve: res, reject: rej }));
        },
        close: () => socket.close(),
      }),
    );
  });
}

/** A full GC in the process, then its V8 heap in use, in bytes. */
export async function heapAfterGc(session) {
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize;
}
