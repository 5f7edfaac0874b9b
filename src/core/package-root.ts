import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Casefile's own package: the folder of its package.json and its version. */
export interface CasefilePackage {
  dir: string
  version: string
}

let found: CasefilePackage | null | undefined

/**
 * The nearest package.json named "casefile" above this module (src/core in a checkout, the
 * bundle's folder in the built command and app), or null when there is none. Read once.
 */
export function casefilePackage(): CasefilePackage | null {
  if (found !== undefined) return found
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === 'casefile')
        return (found = { dir, version: manifest.version ?? 'unknown' })
    } catch {
      // No package.json here (or not ours): look further up.
    }
    const parent = dirname(dir)
    if (parent === dir) return (found = null)
    dir = parent
  }
}
