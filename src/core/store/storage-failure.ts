import { statfsSync, statSync } from 'node:fs'

/**
 * The data folder's database is no longer the file Casefile opened: the folder was deleted,
 * moved or replaced while it was in use. What Casefile writes would go to a file nobody can
 * open again, so the work stops instead. The message names no command or button: where the
 * registry's list is refreshed is each front's to say (the CLI's: src/cli/core-words.ts).
 */
export class FolderGoneError extends Error {
  override readonly name = 'FolderGoneError'
  /** What happened, before the words of what to do. */
  readonly stopped: string
  constructor(readonly dataDir: string) {
    const stopped = `The data folder ${dataDir} was deleted, moved or replaced while Casefile was using it, so Casefile stopped: what it did since then is not recorded anywhere.`
    super(
      `${stopped} Reports it sent before are on the registry (the list of your organization's reports, refreshed from the registry, shows them). Put the folder back, or choose another, and try again.`,
    )
    this.stopped = stopped
  }
}

/** Which file, on which disk: two paths name the same file when both match. */
export interface FileIdentity {
  dev: number
  ino: number
}

export function fileIdentity(path: string): FileIdentity | null {
  try {
    const { dev, ino } = statSync(path)
    return { dev, ino }
  } catch {
    return null
  }
}

/** Throws FolderGoneError unless `path` still names the file that was opened as `opened`. */
export function assertSameFile(opened: FileIdentity | null, path: string, dataDir: string): void {
  if (!opened) return
  const now = fileIdentity(path)
  if (!now || now.dev !== opened.dev || now.ino !== opened.ino) throw new FolderGoneError(dataDir)
}

export type StorageProblem = 'full' | 'io' | 'read_only' | 'gone'

/**
 * Whether `error` says the data folder cannot be written, whatever wrote it (SQLite, a copied
 * attachment): then nothing more can be recorded, and the work must stop rather than carry on
 * or blame what it was writing about (a report, a row, a key).
 */
export function storageProblemOf(error: unknown): StorageProblem | null {
  if (error instanceof FolderGoneError) return 'gone'
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string') return null
  if (['ENOSPC', 'EDQUOT', 'EFBIG'].includes(code) || code.startsWith('SQLITE_FULL')) return 'full'
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) return 'read_only'
  if (code === 'EIO' || code.startsWith('SQLITE_IOERR')) return 'io'
  return null
}

/** Free space as people read it (kept here: the CLI's `outbox` loads this, not the spreadsheets). */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/** Below this, a disk is full for Casefile's purposes (SQLite grows its files a page at a time). */
const NEARLY_FULL_BYTES = 1024 * 1024

function freeBytes(dataDir: string): number | null {
  try {
    const { bavail, bsize } = statfsSync(dataDir)
    return bavail * bsize
  } catch {
    return null
  }
}

/**
 * The words for a storage failure of the data folder `dataDir`: what happened, and what to do.
 * A disk I/O error on a disk with (nearly) no space left is a full disk; full is never said as
 * anything else. `after` says what became of the work (it depends on what was being done);
 * `again` how the person tries again, in the front's words ("run the command again": the CLI's,
 * src/cli/folder-failure.ts), neutral by default.
 */
export function describeStorageFailure(
  error: unknown,
  dataDir: string,
  after = 'Nothing was half-written: what Casefile said was queued or sent is kept, and a report whose answer could not be recorded is checked against the registry at the next sync, never sent twice.',
  again = 'try again',
): string | null {
  const problem = storageProblemOf(error)
  if (!problem) return null
  if (problem === 'gone') return (error as Error).message
  if (problem === 'read_only')
    return `The data folder ${dataDir} is on a disk that cannot be written (read-only). Choose a data folder you can write to. ${after}`
  const free = freeBytes(dataDir)
  const code = (error as { code: string }).code
  if (free !== null && free < NEARLY_FULL_BYTES)
    return `The disk holding the data folder ${dataDir} is full (${formatBytes(free)} free). Free some space and ${again}. ${after}`
  if (problem === 'full')
    return `Casefile could not write to the data folder ${dataDir}: a disk quota or a limit on file sizes was reached (${code}${free !== null ? `; the disk has ${formatBytes(free)} free` : ''}). Free some space or raise the limit, and ${again}. ${after}`
  return `Casefile could not write to the data folder ${dataDir} (a disk I/O error, ${code}). Check that its disk is connected and has free space, then ${again}. ${after}`
}
