// kafkajs reuses one Connection object for every socket it opens to a broker (a Broker keeps two
// for its life, and reconnects them after a failure), but two pieces of a socket's state outlive
// the socket (kafkajs 2.2.4, src/network/connection.js):
//
// 1. The framing buffer. `processData` collects a response's bytes in `chunks` until the size its
//    first four bytes announce has arrived, and `connect()` never clears it. A broker killed while
//    it was sending a response leaves part of that response there; on the next socket those stale
//    bytes are read as the start of the first answer, so every later answer is cut at the wrong
//    place: one "Response without match" (a correlation id read from the middle of a record batch),
//    then nothing, on every reconnect of that connection, for good. Our Fetch read-ahead keeps a
//    large answer in flight on the fetch connection almost all the time, so a SIGKILL nearly always
//    lands mid-answer (test/faults/brokerKill.slow.ts on Kafka 4.4.0 failed every run).
// 2. The old socket's listeners. They still call into the Connection: a late 'data' would be
//    appended to the new socket's answers, and a late 'end' or 'error' of the old socket rejects
//    the requests of the new one and disconnects it.
//
// So before a Connection opens a new socket, the old socket is detached and destroyed and the
// framing starts empty. And since kafkajs marks no "connecting" state, concurrent connect() calls
// share the one under way (else the second would open a socket of its own, and with this repair
// destroy the first one's). Patched once, on kafkajs's Connection class, like the codecs (codecs.ts).
//
// 3. The last answer, between answers. After a whole answer `processData` keeps what followed it
//    in `chunks`: usually nothing, but as an empty slice of the buffer the answer arrived in, which
//    keeps that whole buffer alive until the next answer. An idle session (the extension's, between
//    expansions) held its last Fetch answer that way: 2 MB after the lag of a group on 10,000
//    partitions (a heap snapshot, issue 25). When nothing follows, the framing now starts empty.
import KafkaJsConnection from 'kafkajs/src/network/connection';

/** The fields of kafkajs's Connection this repair reads and resets (see the file comment). */
export interface ReusableConnection {
  socket?: DetachableSocket;
  chunks: Buffer[];
  bytesBuffered: number;
  bytesNeeded: number;
  isConnected(): boolean;
  connect: (this: ReusableConnection) => Promise<boolean>;
  processData: (this: ReusableConnection, data: Buffer) => unknown;
}

/** The part of a net.Socket the repair touches. */
export interface DetachableSocket {
  removeAllListeners(event?: string): unknown;
  on(event: 'error', listener: () => void): unknown;
  destroy(): unknown;
}

/** kafkajs reads four bytes (a response's size) before anything else. */
const SIZE_FIELD_BYTES = 4;
/** The events kafkajs listens to on a socket (src/network/socket.js). */
const SOCKET_EVENTS = ['data', 'end', 'error', 'timeout'];

let repaired = false;

/** Makes every kafkajs Connection start each new socket clean (see the file comment). Idempotent. */
export function repairConnectionReuse(): void {
  if (repaired) return;
  repaired = true;
  const prototype = (KafkaJsConnection as unknown as { prototype: ReusableConnection }).prototype;
  prototype.connect = connectingCleanly(prototype.connect);
  prototype.processData = releasingEachAnswer(prototype.processData);
}

/** `processData` of kafkajs's Connection, made to drop the buffer of an answer once it is handed on (see 3. above). */
function releasingEachAnswer(processData: (this: ReusableConnection, data: Buffer) => unknown): (this: ReusableConnection, data: Buffer) => unknown {
  return function (this: ReusableConnection, data: Buffer) {
    const result = processData.call(this, data);
    if (this.bytesBuffered === 0 && this.chunks.length > 0) this.chunks = [];
    return result;
  };
}

/** `connect` of kafkajs's Connection, made to start from a clean state and to run once at a time. */
function connectingCleanly(connect: (this: ReusableConnection) => Promise<boolean>): (this: ReusableConnection) => Promise<boolean> {
  const underway = new WeakMap<ReusableConnection, Promise<boolean>>();
  return function (this: ReusableConnection) {
    if (this.isConnected()) return connect.call(this);
    const already = underway.get(this);
    if (already) return already;
    forgetPreviousSocket(this);
    const connecting = connect.call(this);
    underway.set(this, connecting);
    const done = () => {
      if (underway.get(this) === connecting) underway.delete(this);
    };
    connecting.then(done, done);
    return connecting;
  };
}

/** Detaches and destroys the socket a Connection used before, and empties its framing buffer. */
function forgetPreviousSocket(connection: ReusableConnection): void {
  const previous = connection.socket;
  if (previous) {
    for (const event of SOCKET_EVENTS) previous.removeAllListeners(event);
    previous.on('error', () => undefined); // whatever it still reports concerns nobody now
    previous.destroy();
    connection.socket = undefined;
  }
  connection.chunks = [];
  connection.bytesBuffered = 0;
  connection.bytesNeeded = SIZE_FIELD_BYTES;
}
