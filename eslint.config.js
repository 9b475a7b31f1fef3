// ESLint (flat config): typescript-eslint's recommended rules plus the project's own rules that
// TypeScript cannot check. `npm run lint`; CI runs it after `npm run typecheck`, before the tests.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const TESTS = ['**/*.test.ts', '**/*.test-d.ts', '**/test/**', '**/bench/**', '**/eval/**']

/** A package reaches another only through its entry points (package name), never into its files. */
const OTHER_PACKAGES = {
  group: ['../../*/src/**', '../../../*/src/**', '../../../packages/**', '../../../../packages/**'],
  message: 'import another package by its name (its index.ts lists the public API).',
}
/** The engine and the browser worker run on web standards only. */
const NODE_BUILTINS = {
  group: ['node:*', 'fs', 'path', 'os', 'crypto', 'zlib', 'child_process'],
  message: 'engine and web-worker use web standards only (no Node built-ins).',
}
/** The server only reads release artifacts; the corpus build runs as its own process (scripts/ensure-releases.mjs). */
const CORPUS = { group: ['@openfactors/corpus', '@openfactors/corpus/*'], message: 'the server does not import the corpus.' }

const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-output/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `_`-prefixed names are deliberately unused (callback positions, destructuring to omit).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // `let { a, b } = f()` where only one is reassigned stays one statement.
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-console': 'off',
    },
  },
  {
    // Code that ships: no `as never` (the type of what is passed must be the type the callee takes),
    // and no reaching into another package's files.
    files: ['packages/*/src/**/*.ts', 'examples/*/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': ['error', { selector: 'TSAsExpression > TSNeverKeyword', message: 'No `as never`: give the value the type the callee takes.' }],
      ...restrictImports(OTHER_PACKAGES),
    },
  },
  {
    files: ['packages/engine/src/**/*.ts', 'packages/web-worker/src/**/*.ts'],
    ignores: TESTS,
    languageOptions: { globals: { ...globals.es2022 } },
    rules: { ...restrictImports(OTHER_PACKAGES, NODE_BUILTINS), 'no-console': 'error' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: TESTS,
    rules: restrictImports(OTHER_PACKAGES, CORPUS),
  },
)
