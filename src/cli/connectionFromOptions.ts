// Global options + environment -> core ConnectionOptions. Pure, so the rules are easy to test:
// the password only ever comes from an environment variable, TLS file options imply TLS, and turning
// verification off is loud.
import { connectionDefaultsFromEnv, parseBootstrap, parseSaslMechanism, type ConnectionOptions } from '../core/connection';
import { UsageError } from '../core/errors';
import type { GlobalOptions } from './globalOptions';

export interface ResolvedConnection {
  connection: ConnectionOptions;
  /** Lines for stderr, e.g. that certificate verification is off. */
  warnings: string[];
}

export const DEFAULT_PASSWORD_ENV = 'KAFKA_PASSWORD';

export function connectionFromOptions(globals: GlobalOptions, env: NodeJS.ProcessEnv = process.env): ResolvedConnection {
  const defaults = connectionDefaultsFromEnv(env);
  const warnings: string[] = [];

  const bootstrapText = globals.bootstrap ?? defaults.bootstrap;
  if (bootstrapText === undefined) {
    throw new UsageError('No broker address: pass --bootstrap host:port or set KAFKA_BOOTSTRAP.');
  }
  const connection: ConnectionOptions = {
    bootstrap: parseBootstrap(bootstrapText),
    clientId: 'ebx',
    timeoutMs: Math.round(globals.timeout * 1000),
  };
  if (globals.readOnly === true || defaults.readOnly) connection.readOnly = true;

  const username = globals.username ?? defaults.username;
  if (username !== undefined && username !== '') {
    const passwordVar = globals.passwordEnv ?? DEFAULT_PASSWORD_ENV;
    const password = env[passwordVar];
    if (password === undefined) {
      throw new UsageError(
        `No password for user ${username}: set the environment variable ${passwordVar}` +
          (globals.passwordEnv ? '.' : ', or name another one with --password-env VAR.'),
      );
    }
    connection.sasl = { mechanism: parseSaslMechanism(globals.saslMechanism ?? 'plain'), username, password };
  } else if (globals.passwordEnv !== undefined || globals.saslMechanism !== undefined) {
    const given = globals.passwordEnv !== undefined ? '--password-env' : '--sasl-mechanism';
    throw new UsageError(`${given} needs a user name: pass --username or set KAFKA_USERNAME.`);
  }

  if (globals.cert !== undefined && globals.certKey === undefined) throw new UsageError('--cert needs --cert-key (the client key file).');
  if (globals.certKey !== undefined && globals.cert === undefined) throw new UsageError('--cert-key needs --cert (the client certificate file).');
  const tls = globals.tls || globals.ca !== undefined || globals.cert !== undefined || globals.insecure;
  if (tls) {
    connection.tls = { caFile: globals.ca, certFile: globals.cert, keyFile: globals.certKey, rejectUnauthorized: !globals.insecure };
    if (globals.insecure) {
      warnings.push('warning: --insecure: the broker certificate is not verified, so anyone on the network path can impersonate the broker.');
    }
  }
  return { connection, warnings };
}

/** A password must never be an argument: every user on the machine can read the process list. */
export function findPasswordArgument(argv: readonly string[]): string | undefined {
  for (const arg of argv) {
    if (arg === '--') return undefined;
    if (arg === '--password' || arg.startsWith('--password=')) {
      return (
        '--password is not accepted: a password on the command line shows in the process list. ' +
        `Put it in an environment variable (${DEFAULT_PASSWORD_ENV}, or any name given with --password-env VAR).`
      );
    }
  }
  return undefined;
}
