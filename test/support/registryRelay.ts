// An HTTP relay on 127.0.0.1 in front of a real schema registry, which a test can cut and restore:
// while cut, every connection it receives is reset before an answer, as a registry behind a load
// balancer that lost it. It counts the requests that reach it either way, which is how a test sees
// that a registry that is down costs one request per expansion of the tree, not a storm. Named for
// what it is: it forwards requests unchanged and answers nothing of its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryRelay {
  /** The registry's URL through the relay (the same path, the relay's port). */
  url: string;
  /** "GET /apis/ccompat/v7/subjects", one per request received, in order (cut or not). */
  requests: string[];
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function registryRelay(registryUrl: string): Promise<RegistryRelay> {
  const target = new URL(registryUrl);
  const requests: string[] = [];
  let cut = false;
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (cut) {
      req.socket.destroy();
      return;
    }
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    requests,
    cut: () => {
      cut = true;
      // Kept-alive connections from before would otherwise still reach the registry.
      server.closeIdleConnections();
    },
    restore: () => {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
