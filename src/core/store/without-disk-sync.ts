import type { Db } from './open-database'
import { prepare } from './prepare'

/**
 * Runs one write without the disk sync of its commit (`synchronous` NORMAL for it alone; the
 * folder's FULL again after), for what can be asked again: what the registry said (a cache
 * page, a search's answer, a screening identifier's answer) and claims that a restart
 * recovers (a refresh's, a screening identifier marked searching). A power cut may lose it; the
 * outbox's commits, which cannot be lost, still sync, and the next one syncs the WAL with these
 * pages in it. The sync is most of a commit's cost on a busy disk (40-70 ms; under
 * bench:load, commits were the largest share of the core's long stretches), paid on the core's
 * thread. Inside another transaction it changes nothing: that transaction's commit decides.
 */
export function withoutDiskSync<T>(db: Db, write: () => T): T {
  // Prepared once (db.pragma prepares anew each call: 80 µs, six times an answer at 50 a second).
  const level = prepare<[], { synchronous: number }>(db, 'PRAGMA synchronous').get()?.synchronous
  if (db.inTransaction || typeof level !== 'number' || level < 2) return write()
  prepare(db, 'PRAGMA synchronous = NORMAL').run()
  try {
    return write()
  } finally {
    prepare(db, `PRAGMA synchronous = ${level}`).run()
  }
}
