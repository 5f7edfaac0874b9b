#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `casefile …` works in a checkout without a build step.
// tsx is resolved from this file, not from the current folder, so the command works anywhere.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsxLoader = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs'),
).href
// Through `npm run casefile -- …` npm has moved to the project folder; relative paths the user
// typed (--data-dir ./cases, report.json) mean the folder they typed them in: npm's INIT_CWD.
const viaNpm = process.env.npm_lifecycle_event === 'casefile' && process.env.INIT_CWD
const result = spawnSync(
  process.execPath,
  ['--import', tsxLoader, join(root, 'src', 'cli', 'index.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: viaNpm ? process.env.INIT_CWD : process.cwd() },
)
process.exit(result.status ?? 1)
