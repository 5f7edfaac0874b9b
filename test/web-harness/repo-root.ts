import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The repository's root, found from the working folder (npm scripts, vitest and tsx all run
 * inside the repo); __dirname and import.meta differ between the loaders that run this code.
 */
export function repoRoot(from = process.cwd()): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'electron.vite.config.ts'))) return dir
    if (dirname(dir) === dir) throw new Error(`No Casefile checkout above ${from}.`)
  }
}
