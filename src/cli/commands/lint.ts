// ebx lint FILE...: client settings VAST Event Broker ignores or refuses, reported like a compiler.
// The definition; what it does is in actions/lint.ts, loaded only when it runs.
import type { Command } from 'commander';

export const SUPPORTED =
  'Java properties (.properties, .conf, .cfg), Python (.py), JavaScript/TypeScript (.js, .mjs, .cjs, .jsx, .ts, .mts, .cts, .tsx), ' +
  'Java/Kotlin (.java, .kt, .kts), JSON (.json, .jsonc) and YAML (.yaml, .yml)';

export function registerLintCommand(program: Command): void {
  program
    .command('lint')
    .description('find client settings the broker ignores or refuses (exit 1 when anything is found)')
    .argument('<file...>', `files to check: ${SUPPORTED}`)
    .action(async (files: string[], _options: object, command: Command) => (await import('../actions/lint')).lintCommand(files, command));
}
