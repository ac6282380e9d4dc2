// Opens one KafkaSession for a command and always closes it, however the command ends.
import { EbxError } from '../core/errors';
import { MAX_TIMEOUT_MS } from '../core/connection';
import type { KafkaSession } from '../core/session';
import { connectionFromOptions } from './connectionFromOptions';
import type { GlobalOptions } from './globalOptions';
import { stderrLogger } from './stderrLogger';

const CLOSE_GRACE_MS = 3_000;

export async function withSession<T>(globals: GlobalOptions, work: (session: KafkaSession) => Promise<T>): Promise<T> {
  const { connection, warnings } = connectionFromOptions(globals);
  for (const warning of warnings) process.stderr.write(`ebx: ${warning}\n`);
  // kafkajs loads only for commands that talk to a broker: `ebx --help` stays quick.
  const { KafkaSession: Session } = await import('../core/session');
  const session = Session.open(connection, stderrLogger(Boolean(globals.debug)));
  try {
    return await work(session);
  } finally {
    // A broker that went away must not keep the command from ending.
    await Promise.race([session.close().catch(() => undefined), delay(CLOSE_GRACE_MS)]);
  }
}

/**
 * For one-shot commands (list, describe, create, delete): an answer within a bounded time or a clear
 * failure, even if retries inside the client would go on longer. Streams (replay, tail) have no deadline.
 */
export function withDeadline<T>(globals: GlobalOptions, work: Promise<T>): Promise<T> {
  const seconds = Math.max(globals.timeout * 2, globals.timeout + 5);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new EbxError(`No answer from the broker within ${seconds} s: check --bootstrap (or KAFKA_BOOTSTRAP) and that the broker is reachable, or raise --timeout.`)),
      // Within what a Node timer holds (core/connection.ts): a longer one would fire at once.
      Math.min(seconds * 1000, MAX_TIMEOUT_MS),
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** A one-shot command: a session, a deadline, and the session closed afterwards. */
export function oneShot<T>(globals: GlobalOptions, work: (session: KafkaSession) => Promise<T>): Promise<T> {
  return withDeadline(globals, withSession(globals, work));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
