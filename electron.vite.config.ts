import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { InlineConfig } from 'vite'

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The core's own process (Electron's utilityProcess): out/main/core-process.js.
          'core-process': resolve(__dirname, 'src/core-process/core-process-main.ts'),
          // The thread that draws a PDF attachment's first page or an image for a case file, started (and
          // stopped) by the core process: out/main/evidence-worker.js, found beside it.
          'evidence-worker': resolve(__dirname, 'src/core/case-file/evidence-worker.ts'),
        },
      },
    },
  },
  preload: {
    // One CommonJS file that imports only electron, so the window can run with sandbox: true.
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } } },
    plugins: [react()],
  },
})

/** Packages the `casefile` command loads from node_modules at run time instead of bundling. */
const CLI_RUNTIME_PACKAGES = [
  'better-sqlite3-multiple-ciphers',
  '@napi-rs/keyring',
  'fastify',
  '@fastify/multipart',
  // A PDF attachment's first page in case.pdf: loaded only by `casefile case export`, and only
  // for a report with a PDF attachment (the canvas is native; pdf.js reads its own data folders).
  'pdfjs-dist',
  '@napi-rs/canvas',
  // case.pdf's writer: it loads its standard fonts through its package.json's own "imports"
  // (#standard-fonts/Helvetica), which resolve only from its own folder, never from a bundle.
  'pdfkit',
  // The fonts' reader pdfkit uses, read once for the process (case-resources.ts): the same copy
  // as pdfkit's own, from node_modules.
  'fontkit',
]

/**
 * The `casefile` command: plain Node (not Electron), ESM, into out/cli, each command in its own
 * chunk loaded only when it runs (a fast start). The native modules and the sandbox's web server
 * stay in node_modules (installed as dependencies); the rest is bundled and tree-shaken.
 * Built with vite by scripts/build-cli.ts (`npm run build:cli`, part of `npm run build`).
 */
export const cli: InlineConfig = {
  configFile: false,
  root: __dirname,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node22',
    outDir: resolve(__dirname, 'out/cli'),
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: {
        index: resolve(__dirname, 'src/cli/index.ts'),
        // `casefile case export`'s thread for a PDF's first page or an image: out/cli/evidence-worker.mjs.
        'evidence-worker': resolve(__dirname, 'src/core/case-file/evidence-worker.ts'),
      },
      external: (id) =>
        CLI_RUNTIME_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        format: 'esm',
        entryFileNames: '[name].mjs',
        chunkFileNames: 'chunks/[name]-[hash].mjs',
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
}
