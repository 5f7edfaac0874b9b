// Lint, with the process boundaries of docs/architecture.md enforced as import rules.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import frontDoors from './eslint-rules/front-doors.mjs'
import tableOwner from './eslint-rules/table-owner.mjs'

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

// What main may import of src/core: only what main itself runs (the keychain, the settings
// file, private folders, the network helpers it uses, the set-aside name of a folder, the
// bounded reader of a key export and of other files that could be replaced). The store,
// outbox, sync, import, caches and work handlers run in the core process (src/core-process) and
// reach main only through its protocol; the sandbox registry runs there too.
const mainOwnCoreOnly = {
  group: [
    '**/core/**',
    '!**/core/secrets',
    '!**/core/secrets/index',
    '!**/core/settings',
    '!**/core/settings/index',
    '!**/core/private-files',
    // A folder is re-included first (gitignore rules), then its front file (the front-doors rule
    // keeps main, like everyone, to a folder's front).
    '!**/core/network/',
    '!**/core/network/network',
    '!**/core/set-aside-target',
    '!**/core/key-export-file',
    '!**/core/regular-file',
    '**/core-process',
    '**/core-process/**',
    '**/sandbox',
    '**/sandbox/**',
    '**/cli',
    '**/cli/**',
  ],
  message:
    "Main imports of the core only what it runs itself (keychain, settings file, private folders, network helpers): the store, outbox, sync, import, caches and handlers run in the core process, behind src/main/core-host's protocol.",
}

// What the sandbox registry may import of the app: the spec's data shapes only, from src/shared
// (a gitignore-style allow-list: a folder is re-included first, then the files named in it).
// Behaviour it imitates (phone rewriting, file sniffing, suggestions, issue wording, statement
// caching) it writes itself; the shell, the window, the core and the CLI it never imports.
const sandboxSharedDataShapes = [
  'domain/report-input', // 2.2: the create/update body as a zod schema, ReportInput
  'domain/search-input', // 4.3: the search body as a zod schema
  'domain/fraud-types', // 2.2's list of fraud types, with their labels
  'domain/identifiers', // registry-notes: the identifier types (names limited below)
  'bulk-template', // the bulk template's columns (data only: names limited below)
  'sandbox-demo', // the demo organizations' names the app's Sandbox profile also shows
]
const sandboxShapesOnly = "The sandbox takes only the spec's data shapes from src/shared"
export const sandboxImportPatterns = [
  {
    group: [
      '**/core',
      '**/core/**',
      '**/cli',
      '**/cli/**',
      '**/main',
      '**/main/**',
      '**/renderer',
      '**/renderer/**',
      '**/preload',
      '**/preload/**',
      '**/core-process',
      '**/core-process/**',
    ],
    message:
      'The sandbox registry shares no code with the client (src/sandbox/README.md): write it in src/sandbox.',
  },
  {
    group: [
      '**/shared/**',
      '!**/shared/domain/',
      ...sandboxSharedDataShapes.map((module) => `!**/shared/${module}`),
    ],
    message: `${sandboxShapesOnly} (${sandboxSharedDataShapes.join(', ')}): behaviour it imitates it writes itself, in src/sandbox.`,
  },
  {
    group: ['**/shared/domain/identifiers'],
    allowImportNames: ['IDENTIFIER_TYPES', 'IdentifierType', 'identifierTypeSchema'],
    message: `${sandboxShapesOnly}: of identifiers.ts the types' list, not the app's rewriting or checks of values (write the registry's own in src/sandbox).`,
  },
  {
    group: ['**/shared/bulk-template'],
    allowImportNames: [
      'BULK_COLUMNS',
      'BULK_HEADERS',
      'BulkColumn',
      'BULK_MAX_ACCOUNTS',
      'BULK_MAX_ATTACHMENTS',
      'BULK_MULTI_VALUE_SEPARATOR',
      'BULK_BOOKKEEPING_HEADERS',
      'BULK_ROW_NUMBER_HEADER',
      'BULK_ERRORS_HEADER',
    ],
    message: `${sandboxShapesOnly}: of bulk-template.ts the columns and their names, not the app's header matching (the sandbox reads headers itself).`,
  },
]

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
    // The core's own process never loads Electron (a utilityProcess has no Electron main-process
    // API, and the same code runs under plain Node), nor anything of the shell or the window.
    files: ['src/core-process/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message:
                'The core process runs the core and the sandbox; what it shares with main is in src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Main runs only its own part of the core; the work runs in the core process.
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [mainOwnCoreOnly] }] },
  },
  {
    // Main's end of the core process also runs under plain Node (the web harness, the benches),
    // so no Electron there either, but in wire-core.ts, which forks Electron's utilityProcess.
    files: ['src/main/core-host/**/*.ts'],
    ignores: ['src/main/core-host/wire-core.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [mainOwnCoreOnly] }],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts'],
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
    // Front doors: outside a folder of src/core, only its front file (eslint-rules/front-doors.mjs).
    // Each table has one owning folder of src/core that alone reads and writes it; everyone else
    // asks its front file (eslint-rules/table-owners.mjs). Both in docs/architecture.md.
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts', 'src/core-process/**/*.ts', 'src/main/**/*.ts'],
    plugins: { casefile: { rules: { 'front-doors': frontDoors, 'table-owner': tableOwner } } },
    rules: { 'casefile/front-doors': 'error', 'casefile/table-owner': 'error' },
  },
  {
    // The CLI and the core process call the core's feature modules over an opened core: they
    // never reach round them to its store, client, engine or files (docs/architecture.md).
    files: ['src/cli/**/*.ts', 'src/core-process/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(core|casefile|running)$/][property.name=/^(db|client|engine|files|folderClock)$/]',
          message:
            "Call the feature's function (src/core/<feature>/) over the core instead of reaching into its store, client, engine or files.",
        },
        {
          // Whatever the variable is called: the CLI and the core process hold a store only as a
          // CoreContext or StoreContext, and pass it whole to the core's front functions.
          selector: "MemberExpression[property.name='db']",
          message:
            'Pass the context to the core\'s front function (src/core/<feature>/) instead of its database: the CLI and the core process never work on Db (docs/architecture.md, "Front doors").',
        },
      ],
    },
  },
  {
    // The sandbox is the registry double the client is tested against: code shared with the
    // client would agree with it by construction and hide its mistakes. It takes the spec's data
    // shapes (an allow-list of src/shared) and writes every behaviour it imitates itself
    // (src/sandbox/README.md, "Shares no code with the client").
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: sandboxImportPatterns },
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
              group: ['**/core/**', 'zod', '**/shared/domain/**'],
              allowTypeImports: true,
              message:
                'The preload is one small bundled file: import electron and the channel list only.',
            },
            {
              // Of the contracts, the zod-free channel list only: a feature's contract imports zod.
              regex: '/shared/contracts(?!/channels$)',
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
