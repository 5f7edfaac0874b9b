import { basename, dirname, join } from 'node:path'

/**
 * Where a data folder set aside at `at` goes: beside it, named for it and the time, so that a
 * new, empty folder can start in its place (setFolderAside in folder-recovery.ts). Apart from the
 * rest so that main, which names the target, loads nothing else of the core.
 */
export function setAsideTarget(dataDir: string, at: Date = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[:T]/g, '-')
  return join(dirname(dataDir), `${basename(dataDir)}.set-aside-${stamp}`)
}
