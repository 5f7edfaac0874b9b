import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Casefile's version, from its package.json: the nearest one named "casefile" above this
 * module (src/cli in a checkout, out/cli in the built and installed command).
 */
export function casefileVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === 'casefile' && manifest.version) return manifest.version
    } catch {
      // No package.json here (or not ours): look further up.
    }
    const parent = dirname(dir)
    if (parent === dir) return 'unknown'
    dir = parent
  }
}
