// ebx brokers
// The definition; what it does is in actions/brokers.ts, loaded only when it runs.
import type { Command } from 'commander';

export function registerBrokersCommand(program: Command): void {
  program
    .command('brokers')
    .description('the cluster: its id, the controller, and every broker (id, host, port, rack)')
    .action(async (_options: object, command: Command) => (await import('../actions/brokers')).showBrokers(command));
}
