// ebx lag GROUP [--watch SECONDS]: a group's offset lag (approximate on VAST) and time lag, decided
// by reading the record at each committed offset group-less. The definition; what it does is in
// actions/lag.ts, loaded only when it runs.
import { Command, InvalidArgumentError } from 'commander';
import type { LagFlags } from '../actions/lag';

export function registerLagCommand(program: Command): void {
  program
    .command('lag')
    .description('a group\'s lag per partition: offset lag (approximate on VAST) and time lag, found by reading the record at the committed offset without joining the group')
    .argument('<group>')
    .option('--watch <seconds>', 'sample every SECONDS and print one line per sample (one JSON object per line with --json) until Ctrl-C', positiveSeconds)
    .action(async (group: string, flags: LagFlags, command: Command) => (await import('../actions/lag')).lagCommand(group, flags, command));
}

function positiveSeconds(text: string): number {
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError('give a positive number of seconds.');
  return seconds;
}
