// ebx groups [--lag] | group ID
// The definitions; what each does is in actions/groups.ts, loaded only when one of them runs.
import type { Command } from 'commander';

export function registerGroupCommands(program: Command): void {
  const actions = () => import('../actions/groups');
  program
    .command('groups')
    .description('list consumer groups: type (classic, or consumer for the KIP-848 protocol), state, protocol type, assignor, member count (and the count against the VAST cap)')
    .option('--lag', "add each group's committed partitions and total offset lag (approximate): one OffsetFetch per group, one ListOffsets per leader for all of them")
    .action(async (options: { lag?: boolean }, command: Command) => (await actions()).showGroups(command, options));

  program
    .command('group')
    .description('one consumer group: members and their partitions, committed offsets, approximate lag')
    .argument('<id>')
    .action(async (groupId: string, _options: object, command: Command) => (await actions()).showGroup(groupId, command));
}
