/**
 * Where a file sits in src/core, as the lint rules (front-doors.mjs, table-owner.mjs) and the
 * architecture tests read it: its folder, and that folder's front file.
 */
import { existsSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'

const isFile = (path) => existsSync(path) && statSync(path).isFile()

/**
 * The folder of src/core (`coreDir`) a file sits in, its first segment: '' for a file of
 * src/core's own (a root file, in no folder), null for any file outside src/core.
 */
export function coreFolderOf(coreDir, file) {
  const path = relative(coreDir, file)
  if (path.startsWith('..') || isAbsolute(path)) return null
  const parts = path.split(sep)
  return parts.length > 1 ? parts[0] : ''
}

/** A folder's front file: <folder>/<folder>.ts, or <folder>/index.ts when there is none. */
export function frontFileOf(coreDir, folder) {
  const named = join(coreDir, folder, `${folder}.ts`)
  return isFile(named) ? named : join(coreDir, folder, 'index.ts')
}
