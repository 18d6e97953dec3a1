// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import regexp from 'eslint-plugin-regexp'
import jsdoc from 'eslint-plugin-jsdoc'
import globals from 'globals'

/** Node built-ins that must never reach the pure core (CONTRIBUTING.md, "Pure core"). */
const nodeBuiltins = [
  'fs',
  'fs/promises',
  'path',
  'http',
  'https',
  'os',
  'child_process',
  'crypto',
  'stream',
  'url',
  'util',
  'buffer',
  'worker_threads',
  'readline',
  'net',
  'zlib',
  'process',
]

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-demo/**',
      'coverage/**',
      'node_modules/**',
      'src/schema/*.generated.*',
      'test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  regexp.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Catastrophic backtracking is a denial of service on user text (issue 8).
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // The pure core: no Node built-ins, no process/Buffer, no eval (CSP-safe).
    files: ['src/**/*.ts'],
    ignores: ['src/node/**'],
    plugins: { jsdoc },
    languageOptions: { globals: { ...globals.browser, ...globals.es2022 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The core is pure: Node-only code lives in src/node/.' },
          ],
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'The core is pure: Node-only code lives in src/node/.',
          })),
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The core is pure: no process outside src/node/.' },
        { name: 'Buffer', message: 'The core is pure: use Uint8Array, not Buffer.' },
        { name: 'require', message: 'ESM only.' },
        { name: '__dirname', message: 'ESM only.' },
      ],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
      'jsdoc/require-jsdoc': [
        'error',
        {
          publicOnly: true,
          require: { FunctionDeclaration: true, ClassDeclaration: true },
          contexts: [
            'TSInterfaceDeclaration',
            'TSTypeAliasDeclaration',
            'ExportNamedDeclaration > VariableDeclaration',
          ],
        },
      ],
    },
  }
)
