import type Database from 'better-sqlite3-multiple-ciphers'
import type { Migration } from './migration'
import { NewerCasefileError, newerCasefileWords } from '../../newer-casefile'
import { migration0001 } from './0001-drafts-and-outbox'
import { migration0002 } from './0002-caches'
import { migration0003 } from './0003-outbox-write-indexes'
import { migration0004 } from './0004-phones-in-one-form'
import { migration0005 } from './0005-insights-indexes'
import { migration0006 } from './0006-screening'
import { migration0007 } from './0007-own-account-banks'
import { migration0008 } from './0008-watchlist'
import { migration0009 } from './0009-watch-owner-and-claims'
import { migration0010 } from './0010-watch-alert-kinds'
import { migration0011 } from './0011-watch-written'
import { migration0012 } from './0012-account-banks-trigger-plan'
import { migration0013 } from './0013-own-seen-index'
import { migration0014 } from './0014-screening-spellings'
import { migration0015 } from './0015-cached-fingerprints'
import { migration0016 } from './0016-screening-book'
import { migration0017 } from './0017-cases'
import { writeTransaction } from '../write-transaction'

/** Every migration, in order. A new one gets the next number and its own file. */
export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
]

/** The database was written by a newer Casefile: this one must not touch it. */
export class NewerSchemaError extends NewerCasefileError {
  override name = 'NewerSchemaError'
}

/** Runs the migrations the database has not had yet, each in its own transaction. */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): number {
  let current = db.pragma('user_version', { simple: true }) as number
  const latest = migrations.at(-1)?.version ?? 0
  if (current > latest)
    throw new NewerSchemaError(
      newerCasefileWords('This data folder', `schema ${current}`, `schema ${latest}`),
    )
  for (const migration of migrations) {
    if (migration.version <= current) continue
    if (migration.version !== current + 1)
      throw new Error(
        `Migration ${migration.version} (${migration.name}) is out of order after ${current}.`,
      )
    // Another process opening the folder at the same moment may have run it while this one
    // waited for the write lock: read again under the lock, and run it only if still due.
    writeTransaction(db, () => {
      if ((db.pragma('user_version', { simple: true }) as number) >= migration.version) return
      migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
    })
    current = migration.version
  }
  return current
}
