import type Database from 'better-sqlite3-multiple-ciphers'

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>()

/** Prepares a statement once per database and reuses it (Signal's `prepare(db, sql)` habit). */
export function prepare<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<P, R> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  let statement = cache.get(sql)
  if (!statement) {
    statement = db.prepare(sql)
    cache.set(sql, statement)
  }
  return statement as unknown as Database.Statement<P, R>
}
