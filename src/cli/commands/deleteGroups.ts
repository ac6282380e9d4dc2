// ebx delete-group ID... | delete-idle-groups [--prefix P]
// The definitions; what each does is in actions/deleteGroups.ts, loaded only when one of them runs.
import type { Command } from 'commander';

export function registerDeleteGroupCommands(program: Command): void {
  const actions = () => import('../actions/deleteGroups');
  program
    .command('delete-group')
    .description('delete consumer groups (only groups without active members can be deleted); exit 1 if any was not deleted')
    .argument('<id...>')
    .option('--yes', 'do not ask for confirmation')
    .action(async (groupIds: string[], options: { yes?: boolean }, command: Command) => (await actions()).deleteGroupsCommand(groupIds, options, command));

  program
    .command('delete-idle-groups')
    .description('delete every Empty consumer group (optionally only those starting with a prefix): shows the plan, then the results')
    .option('--prefix <prefix>', 'only groups whose id starts with this')
    .option('--yes', 'do not ask for confirmation')
    .action(async (options: { prefix?: string; yes?: boolean }, command: Command) => (await actions()).deleteIdleGroupsCommand(options, command));
}
