import { join } from 'node:path'
import { build, type InlineConfig } from 'vite'
import config from '../../electron.vite.config'
import { repoRoot } from './repo-root'

/** Where the harness's copy of the production renderer bundle goes (out/ is not committed). */
export const HARNESS_RENDERER_DIR = join(repoRoot(), 'out', 'web-harness', 'renderer')

/**
 * Builds the renderer exactly as `electron-vite build` does (the renderer part of
 * electron.vite.config.ts), into its own folder so a running app build is left alone.
 */
export async function buildRenderer(outDir = HARNESS_RENDERER_DIR): Promise<string> {
  const renderer = (config as { renderer: InlineConfig }).renderer
  await build({
    ...renderer,
    configFile: false,
    base: './',
    logLevel: 'warn',
    // As electron-vite does for its renderer: Chromium preloads modules natively, no polyfill.
    build: { ...renderer.build, outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  })
  return outDir
}
