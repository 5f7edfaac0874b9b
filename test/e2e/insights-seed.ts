import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { upsertRegistryReports } from '../../src/core/cache/reports-cache'
import { DATABASE_FILE } from '../../src/core/open-core'
import { profileDataDir } from '../../src/core/settings'
import { openDatabase } from '../../src/core/store/open-database'
import { reportRecord } from '../core/cache/cache-fixtures'

const HOUR = 3_600_000
const REFRESHED_AT = Date.now() - 3 * HOUR

const account = (value: string) => ({ id: `idf_${value}`, label: 'account', value })

/**
 * A Sandbox data folder holding six of the organization's reports (over the new year, a month
 * with none, accounts at listed banks, at a bank the list does not name and without a bank, one
 * unlisted), a report of another organization, and an outbox with each kind of day.
 */
export function seededUserData(): string {
  const userDataDir = mkdtempSync(join(tmpdir(), 'casefile-insights-'))
  const dataDir = profileDataDir(userDataDir, 'sandbox')
  mkdirSync(dataDir, { recursive: true })
  const db = openDatabase(join(dataDir, DATABASE_FILE))
  const insertBank = db.prepare(
    'INSERT INTO cached_banks (slug, id, name, code, position, refreshed_at) VALUES (?, ?, ?, NULL, ?, ?)',
  )
  insertBank.run('access-bank', 'bnk_access', 'Access Bank', 0, REFRESHED_AT)
  insertBank.run('gtbank', 'bnk_gtb', 'Guaranty Trust Bank', 1, REFRESHED_AT)
  const own = [
    reportRecord({
      id: 'ins_1',
      fraudType: 'money_mule',
      createdAt: '2025-12-03T10:00:00.000Z',
      identifiers: [account('0123456789_access-bank')],
    }),
    reportRecord({
      id: 'ins_2',
      fraudType: 'money_mule',
      createdAt: '2025-12-20T10:00:00.000Z',
      identifiers: [account('0234567891_access-bank'), account('0345678912_gtbank')],
    }),
    reportRecord({
      id: 'ins_3',
      fraudType: 'hacker',
      listingStatus: 'unlisted',
      createdAt: '2026-01-15T10:00:00.000Z',
      identifiers: [account('0456789123_no-such-bank')],
    }),
    reportRecord({
      id: 'ins_4',
      fraudType: 'money_mule',
      createdAt: '2026-03-02T10:00:00.000Z',
      identifiers: [account('0567891234')],
    }),
    reportRecord({ id: 'ins_5', fraudType: 'hacker', createdAt: '2026-03-10T10:00:00.000Z' }),
    reportRecord({ id: 'ins_6', fraudType: 'theft', createdAt: '2026-03-20T10:00:00.000Z' }),
  ]
  upsertRegistryReports(db, 'report', own, { own: true, seenAt: REFRESHED_AT })
  upsertRegistryReports(
    db,
    'report',
    [reportRecord({ id: 'theirs', identifiers: [account('0999999999_access-bank')] })],
    { own: false, seenAt: REFRESHED_AT },
  )
  db.prepare("INSERT INTO cache_state (key, value) VALUES ('submissions.refreshedAt', ?)").run(
    String(REFRESHED_AT),
  )
  // The outbox: three sent, one discarded, one needing attention, one waiting for a retry far
  // ahead (so the engine leaves it be), all within the last days.
  const insertOperation = db.prepare(
    `INSERT INTO operations (chain_id, seq, kind, state, payload_json, next_attempt_at, created_at, updated_at)
     VALUES (?, 1, 'create_report', ?, '{}', ?, ?, ?)`,
  )
  const now = Date.now()
  const ops: [string, number | null, number][] = [
    ['done', null, now - 2 * HOUR],
    ['done', null, now - 26 * HOUR],
    ['done', null, now - 50 * HOUR],
    ['cancelled', null, now - 3 * HOUR],
    ['needs_attention', null, now - 4 * HOUR],
    ['waiting_retry', now + 48 * HOUR, now - 5 * HOUR],
  ]
  ops.forEach(([state, next, at], i) => insertOperation.run(`chain_${i}`, state, next, at, at))
  db.close()
  return userDataDir
}
