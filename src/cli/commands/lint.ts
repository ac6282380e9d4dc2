// ebx lint FILE...: client settings VAST Event Broker ignores or refuses, reported like a compiler.
// The definition; what it does is in actions/lint.ts, loaded only when it runs.
import type { Command } from 'commander';
import { SUPPORTED_FILES } from '../../core/settings/dialects';

export function registerLintCommand(program: Command): void {
  program
    .command('lint')
    .description('find client settings the broker ignores or refuses (exit 1 when anything is found)')
    .argument('<file...>', `files to check: ${SUPPORTED_FILES}`)
    .action(async (files: string[], _options: object, command: Command) => (await import('../actions/lint')).lintCommand(files, command));
}
