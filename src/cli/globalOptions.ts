// The options every command shares, as commander hands them over, and the one place they are declared.
import { Command, InvalidArgumentError, Option } from 'commander';
import { MAX_TIMEOUT_MS, SASL_MECHANISMS } from '../core/connection';
import type { BrokerProfile } from '../core/model';

export interface GlobalOptions {
  bootstrap?: string;
  username?: string;
  passwordEnv?: string;
  saslMechanism?: string;
  tls?: boolean;
  ca?: string;
  cert?: string;
  certKey?: string;
  insecure?: boolean;
  profile: BrokerProfile;
  json?: boolean;
  timeout: number;
  debug?: boolean;
  readOnly?: boolean;
}

export const DEFAULT_TIMEOUT_SECONDS = 30;

export function addGlobalOptions(program: Command): Command {
  return program
    .option('--bootstrap <host:port,...>', 'broker addresses (default: $KAFKA_BOOTSTRAP)')
    .option('--username <name>', 'SASL user name (default: $KAFKA_USERNAME)')
    .option('--password-env <VAR>', 'name of the environment variable holding the password (default: KAFKA_PASSWORD)')
    .addOption(new Option('--sasl-mechanism <mechanism>', 'SASL mechanism (default: plain when a user name is given)').choices(SASL_MECHANISMS))
    .option('--tls', 'connect with TLS (certificates are verified)')
    .option('--ca <file>', 'CA certificate file (PEM) for TLS; implies --tls')
    .option('--cert <file>', 'client certificate file (PEM) for TLS; implies --tls')
    // Not --key: that is produce's record key.
    .option('--cert-key <file>', 'client key file (PEM) for --cert; implies --tls')
    .option('--insecure', 'do not verify the broker certificate (TLS only; prints a warning)')
    .addOption(new Option('--profile <profile>', 'broker profile: vast applies VAST Event Broker limits').choices(['vast', 'kafka']).default('vast'))
    .option('--json', 'print JSON instead of tables')
    .addOption(new Option('--timeout <seconds>', 'seconds to wait for the broker').argParser(parsePositiveSeconds).default(DEFAULT_TIMEOUT_SECONDS))
    .option('--debug', 'log what happens on stderr, and show stack traces')
    .option('--read-only', 'refuse every change to the broker: deletes, offset commits, topic creation, produce (also $EBX_READ_ONLY=1)');
}

export function globalsOf(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}

function parsePositiveSeconds(text: string): number {
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError('give a positive number of seconds.');
  // Node's timers hold at most 2^31 − 1 ms: a longer wait would end at once (core/connection.ts).
  const most = Math.floor(MAX_TIMEOUT_MS / 1000);
  if (seconds > most) throw new InvalidArgumentError(`give at most ${most} seconds (24.8 days), the longest wait Node's timers hold.`);
  return seconds;
}
