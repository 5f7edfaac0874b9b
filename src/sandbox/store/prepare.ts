import type Database from 'better-sqlite3-multiple-ciphers'

type Statements = Map<string, Database.Statement>

/**
 * Compiled statements of each open sandbox database, by SQL text. Every statement the sandbox
 * runs is literal text in its source, so a database's map holds at most that many; it is keyed
 * weakly, so a closed database's statements go with it. The sandbox's own (issue 39): the app's
 * store keeps a cache of the same kind, and the two share nothing but the idea.
 */
const statementsOf = new WeakMap<Database.Database, Statements>()

/**
 * The statement for `sql` on `db`, compiled on first use and reused after, so a request pays
 * for running its statements only (`npm run bench:sandbox` drives thousands of creates).
 */
export function prepare<P extends unknown[] | object = unknown[], R = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<P, R> {
  const statements: Statements = statementsOf.get(db) ?? new Map()
  if (statements.size === 0) statementsOf.set(db, statements)
  const compiled = statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)
  return compiled as unknown as Database.Statement<P, R>
}
