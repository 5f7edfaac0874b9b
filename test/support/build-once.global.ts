// Builds, once before the tests, what the tests run built rather than from source:
// - the `casefile` bundle (out/cli), so the tests that run the command as a process (signals,
//   the installed package) run what ships, never a stale build;
// - the renderer, as `electron-vite build` makes it, into a temporary folder every Chromium
//   journey serves (inject('rendererDir'), through test/e2e/desk.ts): one build for the run
//   instead of one a journey file.
// Both are built from the sources as they are when the run starts, and again before each rerun
// in watch mode, so a journey never tests an older renderer than the one in src/.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { cli } from '../../electron.vite.config'
import { buildRenderer } from '../web-harness/build-renderer'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer built for this run (test/web-harness/build-renderer.ts). */
    rendererDir: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'casefile-renderer-'))
  const buildAll = () => Promise.all([build(cli), buildRenderer(rendererDir)])
  await buildAll()
  project.provide('rendererDir', rendererDir)
  project.onTestsRerun(async () => {
    await buildAll()
  })
  return () => rmSync(rendererDir, { recursive: true, force: true })
}
