// Read-only connections: the one sentence every refusal uses, and the guard adapters call up front
// (before a picker, a plan or a confirmation) so a person is never asked about a change that cannot
// happen. The guarantee itself does not depend on adapters calling it: a read-only session's
// ClusterAccess refuses every changing request (readOnlyClusterAccess.ts).
import { BrokerError } from './brokerError';

/** What the guard needs to know of a connection: core's ConnectionOptions and the extension's connections both fit. */
export interface ReadOnlySubject {
  readOnly?: boolean;
  name?: string;
  bootstrap: string | readonly string[];
}

/** How sentences name a connection: its name, or its bootstrap addresses when it has none (the CLI). */
export function connectionLabel(subject: ReadOnlySubject): string {
  if (subject.name !== undefined && subject.name !== '') return subject.name;
  return typeof subject.bootstrap === 'string' ? subject.bootstrap : subject.bootstrap.join(',');
}

/** `Connection "prod" is read-only: deleting topic "orders" is not allowed.` */
export function readOnlySentence(subject: ReadOnlySubject, what: string): string {
  return `Connection "${connectionLabel(subject)}" is read-only: ${what} is not allowed.`;
}

export function readOnlyRefusal(subject: ReadOnlySubject, what: string): BrokerError {
  return new BrokerError('readOnly', readOnlySentence(subject, what));
}

/**
 * Throws the read-only refusal when the connection is read-only. `what` is a gerund phrase:
 * 'resetting offsets', 'deleting consumer groups', 'producing records'.
 */
export function refuseIfReadOnly(subject: ReadOnlySubject, what: string): void {
  if (subject.readOnly === true) throw readOnlyRefusal(subject, what);
}

export function isReadOnlyRefusal(err: unknown): err is BrokerError {
  return err instanceof BrokerError && err.kind === 'readOnly';
}
