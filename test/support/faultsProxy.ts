// A TCP relay on 127.0.0.1 in front of one broker port that counts the connections made through
// it: how a test sees how often a client tries (for example, to authenticate) without reading the
// broker's logs. Named for what it is: it forwards bytes and changes nothing.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface CountingRelay {
  address: string;
  connections: () => number;
  close: () => Promise<void>;
}

export async function countingRelay(target: string): Promise<CountingRelay> {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    count++;
    const upstream = connect({ host, port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    address,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
