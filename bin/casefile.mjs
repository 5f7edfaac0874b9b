#!/usr/bin/env node
// The `casefile` command, run in this one process: signals reach it, nothing is left behind.
// Installed (npm pack, npm install -g): the built bundle in out/cli. In a checkout that has not
// built it (`npm run build:cli`), the TypeScript sources through tsx's in-process loader.
import { existsSync } from 'node:fs'
import { enableCompileCache } from 'node:module'

// V8 keeps the compiled bundle on disk (in the OS temp folder): later starts skip compiling it.
enableCompileCache?.()

const bundle = new URL('../out/cli/index.mjs', import.meta.url)
if (existsSync(bundle)) {
  await import(bundle.href)
} else {
  let loaders
  try {
    loaders = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
  } catch {
    process.stderr.write(
      'The casefile command is not built: run `npm run build:cli` in the Casefile folder.\n',
    )
    process.exit(1)
  }
  for (const { register } of loaders) register()
  await import(new URL('../src/cli/index.ts', import.meta.url).href)
}
