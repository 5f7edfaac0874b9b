import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file under a folder, with its bytes (small test folders only). */
export function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  const found: { path: string; bytes: Buffer }[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) found.push(...filesUnder(path))
    else found.push({ path, bytes: readFileSync(path) })
  }
  return found
}

/** Which of the needles stand in which files, as "file: needle" lines (empty when none). */
export function whereFound(dir: string, needles: string[]): string[] {
  const hits: string[] = []
  for (const { path, bytes } of filesUnder(dir))
    for (const needle of needles)
      for (const encoding of ['utf8', 'utf16le'] as const)
        if (bytes.includes(Buffer.from(needle, encoding)))
          hits.push(`${relative(dir, path)}: ${needle} (${encoding})`)
  return hits
}
