// Changing subcommands call this first, before listing, planning or asking anything: with --read-only
// or EBX_READ_ONLY=1 they stop with core's one sentence (exit 1). The session would refuse the change
// anyway (core/readOnlyClusterAccess.ts); this keeps a person from answering a question for nothing.
import { refuseIfReadOnly } from '../core/readOnly';
import { connectionFromOptions } from './connectionFromOptions';
import type { GlobalOptions } from './globalOptions';

export function refuseChangeIfReadOnly(globals: GlobalOptions, what: string, env: NodeJS.ProcessEnv = process.env): void {
  refuseIfReadOnly(connectionFromOptions(globals, env).connection, what);
}
