// kafkajs's own Connection class, reconnected after a broker went away mid-answer, with the repair of
// src/core/kafka/connectionReuse.ts installed. The sockets are scripted (kafkajs takes a socket
// factory), so each case is exact: a broker killed while it sent an answer (the cause of the
// Kafka 4.4.0 replay-across-kills failure of test/faults/brokerKill.slow.ts), an old socket that
// reports its end after the reconnect, and two callers connecting at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import KafkaJsConnection from 'kafkajs/src/network/connection';
import { requests } from 'kafkajs/src/protocol/requests';
import { repairConnectionReuse } from '../../src/core/kafka/connectionReuse';

repairConnectionReuse();

/** What a test scripts for one socket: called with each request frame kafkajs writes. */
type OnRequest = (socket: ScriptedSocket, correlationId: number) => void;

class ScriptedSocket extends EventEmitter {
  destroyed = false;
  constructor(private readonly onRequest: OnRequest) {
    super();
  }
  write(frame: Buffer): boolean {
    // A request frame: size (4), api key (2), api version (2), correlation id (4), ...
    const correlationId = frame.readInt32BE(8);
    setImmediate(() => this.onRequest(this, correlationId));
    return true;
  }
  end(): void {}
  unref(): void {}
  destroy(): void {
    this.destroyed = true;
  }
  /** The broker's bytes arriving. */
  receive(bytes: Buffer): void {
    this.emit('data', bytes);
  }
}

/** A complete ApiVersions v0 answer: size, correlation id, error code 0, no versions. */
function apiVersionsAnswer(correlationId: number): Buffer {
  const frame = Buffer.alloc(14);
  frame.writeInt32BE(10, 0);
  frame.writeInt32BE(correlationId, 4);
  frame.writeInt16BE(0, 8);
  frame.writeInt32BE(0, 10);
  return frame;
}

/** The first bytes of a 1 MiB answer: what a broker killed mid-send leaves behind. */
function startOfLargeAnswer(correlationId: number): Buffer {
  const part = Buffer.alloc(64);
  part.writeInt32BE(1024 * 1024, 0);
  part.writeInt32BE(correlationId, 4);
  return part;
}

/** A promise and the function that settles it: "this has happened". */
function signal(): { fired: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fired, fire };
}

const answers: OnRequest = (socket, correlationId) => socket.receive(apiVersionsAnswer(correlationId));

interface TestConnection {
  connect(): Promise<boolean>;
  disconnect(): Promise<boolean>;
  send(protocol: { request: object; response: object }): Promise<unknown>;
  rejectRequests(error: Error): void;
}

/** A kafkajs Connection whose sockets follow `scripts`, one per connect. */
function connectionWith(scripts: OnRequest[]): { connection: TestConnection; sockets: ScriptedSocket[] } {
  const sockets: ScriptedSocket[] = [];
  const socketFactory = ({ onConnect }: { onConnect: () => void }) => {
    const script = scripts[sockets.length];
    assert.ok(script, `socket ${sockets.length + 1} was not expected`);
    const socket = new ScriptedSocket(script);
    sockets.push(socket);
    setImmediate(onConnect);
    return socket;
  };
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  const logger = { ...quiet, namespace: () => logger };
  const Connection = KafkaJsConnection as unknown as new (options: object) => TestConnection;
  const connection = new Connection({ host: '127.0.0.1', port: 9092, logger, socketFactory, requestTimeout: 5_000, connectionTimeout: 5_000 });
  return { connection, sockets };
}

/** kafkajs's own ApiVersions v0, the smallest request there is. */
function apiVersionsRequest(): { request: object; response: object } {
  const apiVersions = requests.ApiVersions as { protocol(options: { version: number }): () => { request: object; response: object } };
  return apiVersions.protocol({ version: 0 })();
}

test('a broker that dies mid-answer leaves nothing behind: the next socket reads its first answer whole', async () => {
  const { connection, sockets } = connectionWith([
    (socket, correlationId) => {
      socket.receive(startOfLargeAnswer(correlationId));
      socket.emit('end'); // SIGKILL: the rest of the answer never comes
    },
    answers,
  ]);
  try {
    await connection.connect();
    await assert.rejects(connection.send(apiVersionsRequest()), /Closed connection/);
    await connection.connect();
    assert.deepEqual(await connection.send(apiVersionsRequest()), { errorCode: 0, apiVersions: [] });
    assert.equal(sockets.length, 2);
    assert.ok(sockets[0].destroyed, 'the dead socket is destroyed before the new one opens');
  } finally {
    await connection.disconnect();
  }
});

test('an old socket that reports its end after the reconnect does not fail the new one', async () => {
  const written = [signal(), signal()];
  let answerLater: (() => void) | undefined;
  const { connection, sockets } = connectionWith([
    () => written[0].fire(), // silent: the caller gives up and disconnects (as the fetch deadline does)
    (socket, correlationId) => {
      answerLater = () => socket.receive(apiVersionsAnswer(correlationId));
      written[1].fire();
    },
  ]);
  try {
    await connection.connect();
    const silent = connection.send(apiVersionsRequest());
    await written[0].fired;
    connection.rejectRequests(new Error('no answer in time'));
    await assert.rejects(silent, /no answer in time/);
    await connection.disconnect();
    await connection.connect();
    const asked = connection.send(apiVersionsRequest());
    await written[1].fired;
    sockets[0].emit('end'); // the old socket's FIN, late
    sockets[0].receive(apiVersionsAnswer(0)); // and a late answer of its own
    answerLater?.();
    assert.deepEqual(await asked, { errorCode: 0, apiVersions: [] });
  } finally {
    await connection.disconnect();
  }
});

test('two callers connecting at once share one socket', async () => {
  const { connection, sockets } = connectionWith([answers, answers]);
  try {
    await Promise.all([connection.connect(), connection.connect()]);
    assert.equal(sockets.length, 1);
    assert.deepEqual(await connection.send(apiVersionsRequest()), { errorCode: 0, apiVersions: [] });
  } finally {
    await connection.disconnect();
  }
});

test('an answer handed on leaves no buffer behind: an idle connection does not keep its last answer alive', async () => {
  const { connection } = connectionWith([answers]);
  try {
    await connection.connect();
    assert.deepEqual(await connection.send(apiVersionsRequest()), { errorCode: 0, apiVersions: [] });
    // kafkajs kept an empty slice of the answer's buffer here (which holds the whole buffer).
    assert.deepEqual((connection as unknown as { chunks: Buffer[] }).chunks, []);
  } finally {
    await connection.disconnect();
  }
});

test('bytes of the next answer that came with this one are kept, and read whole when the rest comes', async () => {
  const pending: number[] = [];
  const { connection } = connectionWith([
    (socket, correlationId) => {
      pending.push(correlationId);
      if (pending.length < 2) return;
      // Both answers in two pieces, cut inside the second: the first piece carries the start of the next answer.
      const both = Buffer.concat(pending.map(apiVersionsAnswer));
      socket.receive(both.subarray(0, 20));
      setImmediate(() => socket.receive(both.subarray(20)));
    },
  ]);
  try {
    await connection.connect();
    const [first, second] = await Promise.all([connection.send(apiVersionsRequest()), connection.send(apiVersionsRequest())]);
    assert.deepEqual(first, { errorCode: 0, apiVersions: [] });
    assert.deepEqual(second, { errorCode: 0, apiVersions: [] });
    assert.deepEqual((connection as unknown as { chunks: Buffer[] }).chunks, []);
  } finally {
    await connection.disconnect();
  }
});
