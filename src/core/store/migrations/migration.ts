import type Database from 'better-sqlite3-multiple-ciphers'

/** One numbered migration; `up` runs inside a transaction that also bumps user_version. */
export interface Migration {
  version: number
  name: string
  up(db: Database.Database): void
}
