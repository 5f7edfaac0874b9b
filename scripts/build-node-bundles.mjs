#!/usr/bin/env node
// Bundles Casefile's plain-Node entries to JavaScript, so they run without TypeScript tooling:
// today the `casefile` command (out/cli). Another entry joins by adding itself to NODE_BUNDLES.
//
//   node scripts/build-node-bundles.mjs          every bundle
//   node scripts/build-node-bundles.mjs cli      only these
//
// Each command's code stays in its own chunk, loaded when that command runs (a fast start).
// Native modules and the sandbox's web server stay external: they are installed as
// dependencies; the rest (zod, axios, the spreadsheet readers) is bundled and tree-shaken.
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Packages loaded from node_modules at run time rather than bundled. */
export const RUNTIME_PACKAGES = [
  'better-sqlite3',
  '@napi-rs/keyring',
  'fastify',
  '@fastify/multipart',
]

export const NODE_BUNDLES = {
  cli: { entry: 'src/cli/index.ts', outDir: 'out/cli' },
}

const isRuntimePackage = (id) =>
  RUNTIME_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`))

export async function buildNodeBundle(name) {
  const bundle = NODE_BUNDLES[name]
  if (!bundle)
    throw new Error(`No bundle "${name}": choose from ${Object.keys(NODE_BUNDLES).join(', ')}.`)
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: true,
      target: 'node22',
      outDir: join(root, bundle.outDir),
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      rollupOptions: {
        input: { index: join(root, bundle.entry) },
        external: isRuntimePackage,
        output: {
          format: 'esm',
          entryFileNames: '[name].mjs',
          chunkFileNames: 'chunks/[name]-[hash].mjs',
        },
      },
    },
    ssr: { noExternal: true, target: 'node' },
  })
  return join(root, bundle.outDir)
}

export async function buildNodeBundles(names = Object.keys(NODE_BUNDLES)) {
  for (const name of names) await buildNodeBundle(name)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2)
  buildNodeBundles(names.length > 0 ? names : undefined).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
