// A port on 127.0.0.1 where nothing listens: the system hands out a free one, and the server that
// took it closes before the port is returned, so a connection there is refused at once (no timeout).
import { createServer } from 'node:net';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
