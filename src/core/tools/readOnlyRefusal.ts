import { EbxError } from '../errors';
import type { ConnectionSummary } from './toolDefinition';

/** A read-only connection never reaches a changing tool's plan, let alone its apply. */
export function refuseIfReadOnly(connection: ConnectionSummary, what: string): void {
  if (connection.readOnly) throw new EbxError(`Connection ${connection.name} is read-only: ${what} is refused, and nothing was changed.`);
}
