// `ebx`: the command line over src/core. argv -> one core call -> a table, JSON or JSON Lines.
// Exit codes: 0 success, 1 runtime failure, 2 usage error.
import { Command } from 'commander';
import { version } from '../../package.json';
import { registerDeleteGroupCommands } from './commands/deleteGroups';
import { registerGroupCommands } from './commands/groups';
import { registerLagCommand } from './commands/lag';
import { registerLintCommand } from './commands/lint';
import { registerMcpCommand } from './commands/mcp';
import { registerOffsetsSnapshotCommands } from './commands/offsetsSnapshot';
import { registerProduceCommand } from './commands/produce';
import { registerReadCommands } from './commands/read';
import { registerResetOffsetsCommand } from './commands/resetOffsets';
import { registerSearchCommand } from './commands/search';
import { registerTopicCommands } from './commands/topics';
import { registerTopicConfigCommands } from './commands/topicConfig';
import { registerDeleteRecordsCommand } from './commands/deleteRecords';
import { registerBrokersCommand } from './commands/brokers';
import { findPasswordArgument } from './connectionFromOptions';
import { EXIT_OK, EXIT_USAGE, reportFailure } from './failure';
import { addGlobalOptions } from './globalOptions';
import { exitQuietlyOnClosedPipe } from './closedPipe';

const HELP_AFTER = `
Environment:
  KAFKA_BOOTSTRAP   default for --bootstrap
  KAFKA_USERNAME    default for --username
  KAFKA_PASSWORD    the password (another variable can be named with --password-env; never an argument)
  EBX_READ_ONLY     1: the same as --read-only (every change to the broker is refused)

Exit codes: 0 success, 1 failure (one line on stderr; --debug for details), 2 usage error.
TIME is ISO 8601, epoch milliseconds, or relative to now (-15m, -2h, -1d).`;

export function buildProgram(): Command {
  const program = new Command('ebx')
    .description('Event Broker Explorer: topics, partitions, consumer groups, group-less replay and tail for VAST Event Broker and any Kafka broker')
    .version(version)
    // Settings copied to every subcommand: throw instead of exiting, and one-line errors.
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`ebx: ${oneLine(text.replace(/^error: /, ''))}\n`) })
    .showSuggestionAfterError(true)
    .addHelpText('after', HELP_AFTER);
  addGlobalOptions(program);
  registerTopicCommands(program);
  registerTopicConfigCommands(program);
  registerDeleteRecordsCommand(program);
  registerBrokersCommand(program);
  registerProduceCommand(program);
  registerGroupCommands(program);
  registerLagCommand(program);
  registerDeleteGroupCommands(program);
  registerReadCommands(program);
  registerSearchCommand(program);
  registerLintCommand(program);
  registerResetOffsetsCommand(program);
  registerOffsetsSnapshotCommands(program);
  registerMcpCommand(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe();
  const args = argv.slice(2);
  const passwordProblem = findPasswordArgument(args);
  if (passwordProblem) {
    process.stderr.write(`ebx: ${passwordProblem}\n`);
    return EXIT_USAGE;
  }
  try {
    await buildProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (err) {
    return reportFailure(err, args.includes('--debug'));
  }
}

function oneLine(text: string): string {
  return text.trim().split(/\s*\n\s*/).join(' ');
}

void main(process.argv).then((code) => {
  process.exitCode = code;
  // Let stdout drain and the session close; if a client timer still holds the loop, do not wait on it.
  setTimeout(() => process.exit(code), 200).unref();
});
