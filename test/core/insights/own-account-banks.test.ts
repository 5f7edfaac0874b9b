import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { markUnlisted, upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { insightsSummary } from '../../../src/core/insights/insights-summary'
import { MIGRATIONS, migrate } from '../../../src/core/store/migrations'
import type { Db } from '../../../src/core/store/open-database'
import { reportRecord, tempDatabase } from '../cache/cache-fixtures'

const SEEN = Date.parse('2026-03-05T12:00:00.000Z')
const clock = { now: () => Date.parse('2026-03-14T12:00:00.000Z') }
const account = (value: string) => ({ id: `idf_${value}`, label: 'account', value })

/*
 * Insights counts banks from cached_own_account_banks (migration 0007), which triggers keep.
 * Whatever the cache's writers do, it must hold what the identifiers say: each own report's
 * banks once, '' for an account without its bank (splitAccountValue's rule).
 */
const pairs = (db: Db | Database.Database) =>
  db
    .prepare('SELECT report_row, slug FROM cached_own_account_banks ORDER BY report_row, slug')
    .all()

function fromIdentifiers(db: Db | Database.Database) {
  const rows = db
    .prepare(
      `SELECT DISTINCT i.report_row, i.value FROM cached_identifiers i
       JOIN cached_reports r ON r.row_id = i.report_row
       WHERE i.label = 'account' AND r.own = 1 AND r.kind = 'report'`,
    )
    .all() as { report_row: number; value: string }[]
  const seen = new Set<string>()
  const out: { report_row: number; slug: string }[] = []
  for (const row of rows) {
    const at = row.value.indexOf('_')
    const slug = at <= 0 || at === row.value.length - 1 ? '' : row.value.slice(at + 1)
    const key = `${row.report_row} ${slug}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ report_row: row.report_row, slug })
  }
  return out.sort((a, b) => a.report_row - b.report_row || (a.slug < b.slug ? -1 : 1))
}

function saveBanks(db: Db, banks: [slug: string, name: string][]) {
  const insert = db.prepare(
    'INSERT INTO cached_banks (slug, id, name, code, position, refreshed_at) VALUES (?, ?, ?, NULL, ?, ?)',
  )
  banks.forEach(([slug, name], i) => insert.run(slug, `bnk_${slug}`, name, i, SEEN))
}

describe('the own reports’ banks Insights counts', () => {
  it('follow every write of the cache: new, updated, own or no longer own', async () => {
    const db = tempDatabase()
    const first = reportRecord({
      id: 'a',
      updatedAt: '2026-03-01T09:00:00.000Z',
      identifiers: [account('1111111111_access-bank'), account('2222222222_access-bank')],
    })
    upsertRegistryReports(db, 'report', [first], { own: true, seenAt: SEEN })
    // Found by a search first, the organization's later.
    const found = reportRecord({
      id: 'b',
      updatedAt: '2026-03-01T09:00:00.000Z',
      identifiers: [account('3333333333_gtbank'), account('4444444444')],
    })
    upsertRegistryReports(db, 'report', [found], { own: false, seenAt: SEEN })
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    expect(pairs(db)).toHaveLength(1)
    // Read again, older than the copy held: only marked own, its identifiers untouched.
    upsertRegistryReports(db, 'report', [{ ...found, updatedAt: '2026-02-01T09:00:00.000Z' }], {
      own: true,
      seenAt: SEEN,
    })
    expect(pairs(db)).toHaveLength(3)
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    // Updated: one account dropped, another bank added.
    upsertRegistryReports(
      db,
      'report',
      [
        {
          ...first,
          updatedAt: '2026-03-02T09:00:00.000Z',
          identifiers: [account('2222222222_access-bank'), account('5555555555_kuda')],
        },
      ],
      { own: true, seenAt: SEEN },
    )
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    upsertRegistryReports(
      db,
      'report',
      [
        {
          ...first,
          updatedAt: '2026-03-03T09:00:00.000Z',
          identifiers: [account('5555555555_kuda')],
        },
      ],
      { own: true, seenAt: SEEN },
    )
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    markUnlisted(db, 'a', SEEN)
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    // Another organization's key (refresh-submissions' useOrganization): none is own, then back.
    db.prepare("UPDATE cached_reports SET own = 0 WHERE kind = 'report'").run()
    expect(pairs(db)).toEqual([])
    db.prepare("UPDATE cached_reports SET own = 1 WHERE kind = 'report'").run()
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    expect(pairs(db)).toHaveLength(3)
    // An identifier rewritten in place (as migration 0004 rewrote phones).
    db.prepare(
      "UPDATE cached_identifiers SET value = '4444444444_fcmb' WHERE value = '4444444444'",
    ).run()
    expect(pairs(db)).toEqual(fromIdentifiers(db))
    db.prepare('DELETE FROM cached_reports').run()
    expect(pairs(db)).toEqual([])
  })

  it('are filled from the identifiers already saved when the folder is migrated', async () => {
    const db = new Database(':memory:')
    migrate(db, MIGRATIONS.slice(0, 6))
    db.prepare(
      `INSERT INTO cached_reports (row_id, kind, id, own, record_json, seen_at)
       VALUES (1, 'report', 'a', 1, '{}', 0), (2, 'report', 'b', 0, '{}', 0),
              (3, 'public_report', 'c', 0, '{}', 0)`,
    ).run()
    const insert = db.prepare(
      'INSERT INTO cached_identifiers (report_row, label, value) VALUES (?, ?, ?)',
    )
    insert.run(1, 'account', '1_access-bank')
    insert.run(1, 'account', '2_access-bank')
    insert.run(1, 'account', '_x')
    insert.run(1, 'wallet', '3_gtbank')
    insert.run(2, 'account', '4_gtbank')
    insert.run(3, 'account', '5_gtbank')
    migrate(db)
    expect(pairs(db)).toEqual([
      { report_row: 1, slug: '' },
      { report_row: 1, slug: 'access-bank' },
    ])
  })

  it('count a report once for a bank the list names under two slugs, and once among unknown banks', async () => {
    const db = tempDatabase()
    saveBanks(db, [
      ['gtbank', 'Guaranty Trust Bank'],
      ['gtco', 'Guaranty Trust Bank'],
      ['access-bank', 'Access Bank'],
    ])
    upsertRegistryReports(
      db,
      'report',
      [
        reportRecord({ identifiers: [account('1_gtbank'), account('2_gtco'), account('3_kuda')] }),
        reportRecord({ identifiers: [account('4_gtco'), account('5_kuda'), account('6_opay')] }),
        reportRecord({ identifiers: [account('7_access-bank'), account('8')] }),
      ],
      { own: true, seenAt: SEEN },
    )
    expect((await insightsSummary({ db, clock }, { utcOffsetMinutes: 0 })).byBank).toEqual({
      withAccounts: 3,
      banks: [
        { name: 'Guaranty Trust Bank', reports: 2 },
        { name: 'Access Bank', reports: 1 },
      ],
      otherBanks: { banks: 0, reports: 0 },
      notInBankList: 2,
      noBank: 1,
      bankListSaved: true,
    })
  })
})
