// Lint, with the process boundaries of docs/architecture.md enforced as import rules.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const nodeBuiltins = {
  group: ['node:*'],
  message: 'Node built-ins are not available here (renderer and shared run in a sandboxed page).',
}
const electronImport = {
  name: 'electron',
  message:
    'Only the Electron shell (src/main, src/preload) may import electron; core, shared, sandbox and CLI run under plain Node.',
}
// Bare names of Node built-ins, so `import fs from 'fs'` cannot slip past the node:* rule.
const bareBuiltins = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
  'events',
  'buffer',
].map((name) => ({ name, message: nodeBuiltins.message }))

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport, ...bareBuiltins], patterns: [nodeBuiltins] },
      ],
    },
  },
  {
    // The core's own process, and main's code it runs, never load Electron (a utilityProcess
    // has no Electron main-process API, and the same code runs under plain Node).
    files: [
      'src/main/core-process/**/*.ts',
      'src/main/core-host/casefile-app-core.ts',
      'src/main/core-host/process-app-core.ts',
      'src/main/core-host/fork-core.ts',
      'src/main/ipc/call-contract.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            { group: ['**/renderer/**', '**/preload/**'], message: 'Not in the core process.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/sandbox/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'Core, sandbox and CLI must not depend on the shell or the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport, ...bareBuiltins],
          patterns: [
            nodeBuiltins,
            {
              group: ['**/core/**', '**/main/**', '**/sandbox/**', '**/cli/**'],
              message: 'The renderer talks only to window.casefile.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**', 'zod', '**/shared/contract*', '**/shared/domain/**'],
              allowTypeImports: true,
              message:
                'The preload is one small bundled file: import electron and the channel list only.',
            },
          ],
        },
      ],
    },
  },
)
