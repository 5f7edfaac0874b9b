import type Database from 'better-sqlite3-multiple-ciphers'

/** One step of the schema; the step at index i leaves `user_version` = i + 1. */
export type MigrationStep = (db: Database.Database) => void

/** The data folder was written by a newer sandbox: this one must not touch it. */
export class NewerSandboxDataError extends Error {
  override name = 'NewerSandboxDataError'
}

/**
 * Runs the steps the database has not had yet, each in its own transaction with the bump of
 * `user_version` that records it, so a crash leaves the file at one version or the next. The
 * version is the step's position: data folders written since the first sandbox (whose opener
 * numbered them the same way) open and move on from where they are.
 */
export function migrate(
  db: Database.Database,
  steps: readonly MigrationStep[],
  where: string,
): number {
  let version = db.pragma('user_version', { simple: true }) as number
  if (version > steps.length)
    throw new NewerSandboxDataError(
      `${where} was written by a newer sandbox (schema ${version}; this one knows ${steps.length}): update Casefile, or give this sandbox another data folder.`,
    )
  for (const [index, step] of steps.entries()) {
    if (index < version) continue
    db.transaction(() => {
      step(db)
      db.pragma(`user_version = ${index + 1}`)
    })()
    version = index + 1
  }
  return version
}
