// ebx mcp: the agent tools as a Model Context Protocol server over stdio (see actions/mcp.ts, which
// loads with the SDK and the tools only when the command runs: `ebx --help` stays quick).
import type { Command } from 'commander';

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the agent tools as a Model Context Protocol server on stdin/stdout (for agents outside VS Code)')
    .action(async (_options: object, command: Command) => (await import('../actions/mcp')).mcpCommand(command));
}
