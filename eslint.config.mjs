// Lint with type information (typescript-eslint's type-checked recommended set) over every
// TypeScript file we ship or test. No file-wide disables: a rule that does not fit a line is
// disabled on that line, with the reason.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-artifacts/**', 'bin/**'] },
  // The scripts and benches are plain Node ES modules (and a few CommonJS files): the JavaScript rules.
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...js.configs.recommended,
    languageOptions: { globals: globals.node, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      // node:test's test()/describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
    },
  },
  // A count's noun through counted() or plural() (src/core/counted.ts; src/webview/shared/counted.ts in
  // the webview), not an inline suffix such as `n === 1 ? '' : 's'`: one way to write "1 record" / "2 records".
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ConditionalExpression[test.operator=/^==?=$/][test.right.value=1][consequent.value=/^y?$/][alternate.value=/^(e?s|ies)$/]',
          'ConditionalExpression[test.operator=/^(!==?|>)$/][test.right.value=1][consequent.value=/^(e?s|ies)$/][alternate.value=/^y?$/]',
        ].map((selector) => ({ selector, message: "An inline plural suffix: write counted(n, 'record') or plural(n, 'record') (src/core/counted.ts) instead." })),
      ],
    },
  },
);
