import { describe, expect, it } from 'vitest'
import { upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { insightsSummary } from '../../../src/core/insights/insights-summary'
import { insightsHandlers } from '../../../src/core/insights/insights-handlers'
import type { CoreContext } from '../../../src/core/core-context'
import type { Db } from '../../../src/core/store/open-database'
import { insightsSummarySchema } from '../../../src/shared/contracts/insights'
import { startReader } from '../../../src/core/store/read-thread'
import { publicReport, reportRecord, tempDatabase } from '../cache/cache-fixtures'

const SEEN = Date.parse('2026-03-05T12:00:00.000Z')
const NOW = Date.parse('2026-03-14T12:00:00.000Z')
const clock = { now: () => NOW }
/** West Africa Time. */
const WAT = 60

const account = (value: string, label = 'account') => ({ id: `idf_${value}`, label, value })

function saveBanks(db: Db) {
  const insert = db.prepare(
    'INSERT INTO cached_banks (slug, id, name, code, position, refreshed_at) VALUES (?, ?, ?, NULL, ?, ?)',
  )
  insert.run('access-bank', 'bnk_1', 'Access Bank', 0, SEEN)
  insert.run('gtbank', 'bnk_2', 'Guaranty Trust Bank', 1, SEEN)
}

/** The organization's reports, with every oddity a saved copy may hold; and others' reports. */
function seedReports(db: Db) {
  const own = [
    // Two accounts at one bank count once for it.
    reportRecord({
      id: 'mule-dec',
      fraudType: 'money_mule',
      createdAt: '2025-12-15T09:00:00.000Z',
      identifiers: [
        account('0123456789_access-bank'),
        account('0123456780_access-bank'),
        { id: 'p', label: 'phone', value: '08031234567' },
      ],
    }),
    // Accounts at two banks count once for each; a label in capitals is still an account.
    reportRecord({
      id: 'hacker-jan',
      fraudType: 'hacker',
      listingStatus: 'unlisted',
      createdAt: '2026-01-10T09:00:00.000Z',
      identifiers: [account('2222222222_access-bank'), account('5555555555_GTBANK', 'Account')],
    }),
    // 23:30 UTC on 31 January is 00:30 on 1 February in Lagos; a bank the list does not name.
    reportRecord({
      id: 'mule-feb-in-lagos',
      fraudType: 'money_mule',
      createdAt: '2026-01-31T23:30:00.000Z',
      identifiers: [account('4444444444_kuda')],
    }),
    // A year before: the months go across the new year.
    reportRecord({
      id: 'theft-2024',
      fraudType: 'theft',
      createdAt: '2024-11-01T09:00:00.000Z',
      identifiers: [],
    }),
    // A type, a status and an identifier type new to us, no readable date, and accounts
    // without their bank; an underscore in an unknown identifier is not a bank.
    reportRecord({
      id: 'odd',
      fraudType: 'crypto_drain',
      listingStatus: 'under_review',
      createdAt: 'soon',
      updatedAt: 'soon',
      identifiers: [
        account('3333333333'),
        account('_access-bank'),
        account('6666666666_'),
        { id: 'w', label: 'wallet', value: 'abc_access-bank' },
        { id: 'n', label: 'account_name', value: 'Ada_Obi' },
      ],
    }),
    // No type at all, no listing status.
    reportRecord({
      id: 'blank',
      fraudType: '',
      listingStatus: null as unknown as string,
      createdAt: '2026-02-20T09:00:00.000Z',
      identifiers: [],
    }),
    // Dated far ahead: counted as later, never stretching the months to 2999.
    reportRecord({
      id: 'future',
      fraudType: 'hacker',
      createdAt: '2999-01-01T00:00:00.000Z',
      updatedAt: '2999-01-01T00:00:00.000Z',
      identifiers: [],
    }),
  ]
  upsertRegistryReports(db, 'report', own, { own: true, seenAt: SEEN })
  // Found by searches, not the organization's: never counted.
  upsertRegistryReports(
    db,
    'report',
    [reportRecord({ id: 'theirs', identifiers: [account('9999999999_access-bank')] })],
    { own: false, seenAt: SEEN },
  )
  upsertRegistryReports(db, 'public_report', [publicReport({ id: 'public' })], {
    own: false,
    seenAt: SEEN,
  })
}

let chain = 0
function operation(db: Db, state: string, at: string, kind = 'create_report') {
  const ms = Date.parse(at)
  chain += 1
  db.prepare(
    `INSERT INTO operations (chain_id, seq, kind, state, payload_json, created_at, updated_at)
     VALUES (?, 1, ?, ?, '{}', ?, ?)`,
  ).run(`chain_${chain}`, kind, state, ms, ms)
}

/** An open operation queued at `queued` and last changed at `changed`. */
function openOperation(db: Db, state: string, queued: string, changed: string) {
  chain += 1
  db.prepare(
    `INSERT INTO operations (chain_id, seq, kind, state, payload_json, created_at, updated_at)
     VALUES (?, 1, 'create_report', ?, '{}', ?, ?)`,
  ).run(`chain_${chain}`, state, Date.parse(queued), Date.parse(changed))
}

function seedOutbox(db: Db) {
  operation(db, 'done', '2026-03-14T10:00:00.000Z')
  // 23:30 UTC on the 13th is the 14th in Lagos.
  operation(db, 'done', '2026-03-13T23:30:00.000Z', 'upload_attachment')
  operation(db, 'cancelled', '2026-03-10T09:00:00.000Z')
  // Finished before the 30 days shown: not counted.
  operation(db, 'done', '2026-01-01T09:00:00.000Z')
  operation(db, 'cancelled', '2026-02-12T22:59:00.000Z')
  // Open: by the day they were queued, whenever they last changed.
  openOperation(db, 'queued', '2026-03-12T09:00:00.000Z', '2026-03-12T09:00:00.000Z')
  openOperation(db, 'waiting_retry', '2026-03-12T10:00:00.000Z', '2026-03-14T11:00:00.000Z')
  openOperation(db, 'sending', '2026-03-12T11:00:00.000Z', '2026-03-14T11:59:00.000Z')
  openOperation(db, 'needs_attention', '2026-03-11T09:00:00.000Z', '2026-03-13T09:00:00.000Z')
  // Open since before the 30 days: said apart, never lost.
  openOperation(db, 'queued', '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z')
  openOperation(db, 'needs_attention', '2025-12-01T09:00:00.000Z', '2026-03-01T09:00:00.000Z')
  // Queued "tomorrow" (this computer's clock went back since): shown today.
  openOperation(db, 'queued', '2026-03-15T09:00:00.000Z', '2026-03-15T09:00:00.000Z')
}

function seeded() {
  const db = tempDatabase()
  saveBanks(db)
  seedReports(db)
  seedOutbox(db)
  db.prepare("INSERT INTO cache_state (key, value) VALUES ('submissions.refreshedAt', ?)").run(
    String(SEEN),
  )
  return db
}

describe('insights over the saved submissions and the outbox', () => {
  it('counts an empty folder as empty, with the 30 days all zero', async () => {
    const db = tempDatabase()
    const summary = await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })
    expect(insightsSummarySchema.parse(summary)).toEqual(summary)
    expect(summary).toMatchObject({
      asOf: null,
      reports: 0,
      listing: { listed: 0, unlisted: 0, other: 0 },
      byFraudType: [],
      byMonth: { months: [], earlier: 0, later: 0, undated: 0 },
      byBank: {
        withAccounts: 0,
        banks: [],
        otherBanks: { banks: 0, reports: 0 },
        notInBankList: 0,
        noBank: 0,
        bankListSaved: false,
      },
      outbox: { olderOpen: { waiting: 0, needsAttention: 0 } },
    })
    expect(summary.outbox.days).toHaveLength(30)
    expect(summary.outbox.days.every((d) => d.sent + d.waiting + d.discarded === 0)).toBe(true)
  })

  it('counts only the organization’s own reports, by type, most first; unknown and missing types kept', async () => {
    const summary = await insightsSummary({ db: seeded(), clock }, { utcOffsetMinutes: WAT })
    expect(summary.reports).toBe(7)
    expect(summary.asOf).toBe('2026-03-05T12:00:00.000Z')
    expect(summary.byFraudType).toEqual([
      { fraudType: 'hacker', reports: 2 },
      { fraudType: 'money_mule', reports: 2 },
      { fraudType: 'crypto_drain', reports: 1 },
      { fraudType: 'theft', reports: 1 },
      { fraudType: null, reports: 1 },
    ])
  })

  it('says when a report was last sent from here: an attachment’s upload is not a report', async () => {
    expect((await insightsSummary({ db: tempDatabase(), clock })).sentAt).toBeNull()
    const summary = await insightsSummary({ db: seeded(), clock }, { utcOffsetMinutes: WAT })
    expect(summary.sentAt).toBe('2026-03-14T10:00:00.000Z')
  })

  it('counts listed, unlisted and any other status apart', async () => {
    const summary = await insightsSummary({ db: seeded(), clock }, { utcOffsetMinutes: WAT })
    expect(summary.listing).toEqual({ listed: 4, unlisted: 1, other: 2 })
  })

  it('counts months in the person’s time zone, across years, empty months included', async () => {
    const db = seeded()
    const lagos = (await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })).byMonth
    expect(lagos.months.map((m) => m.month)).toEqual([
      '2024-11',
      '2024-12',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map(
        (m) => `2025-${m}`,
      ),
      '2026-01',
      '2026-02',
      // Up to this month, not to 2999: the report dated then is counted as later.
      '2026-03',
    ])
    const of = (byMonth: typeof lagos, month: string) =>
      byMonth.months.find((m) => m.month === month)?.reports
    expect(of(lagos, '2024-11')).toBe(1)
    expect(of(lagos, '2024-12')).toBe(0)
    expect(of(lagos, '2025-12')).toBe(1)
    expect(of(lagos, '2026-01')).toBe(1)
    expect(of(lagos, '2026-02')).toBe(2)
    expect(lagos).toMatchObject({ earlier: 0, later: 1, undated: 1 })
    // In UTC the report of 23:30 on 31 January is January's.
    const utc = (await insightsSummary({ db, clock }, { utcOffsetMinutes: 0 })).byMonth
    expect(of(utc, '2026-01')).toBe(2)
    expect(of(utc, '2026-02')).toBe(1)
  })

  it('shows at most 24 months, counting older reports together', async () => {
    const db = tempDatabase()
    const records = Array.from({ length: 40 }, (_, i) =>
      reportRecord({
        id: `m${i}`,
        createdAt: new Date(Date.UTC(2023, i, 15)).toISOString(),
      }),
    )
    upsertRegistryReports(db, 'report', records, { own: true, seenAt: SEEN })
    const byMonth = (await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })).byMonth
    // 2023-01 … 2026-03 has 39 months up to this month; the 40th (2026-04) is "later".
    expect(byMonth.months).toHaveLength(24)
    expect(byMonth.months[0]?.month).toBe('2024-04')
    expect(byMonth.months.at(-1)?.month).toBe('2026-03')
    expect(byMonth).toMatchObject({ earlier: 15, later: 1, undated: 0 })
  })

  it('counts reports by the bank of their accounts, by the bank list’s names, never a slug', async () => {
    const summary = await insightsSummary({ db: seeded(), clock }, { utcOffsetMinutes: WAT })
    expect(summary.byBank).toEqual({
      withAccounts: 4,
      banks: [
        { name: 'Access Bank', reports: 2 },
        { name: 'Guaranty Trust Bank', reports: 1 },
      ],
      otherBanks: { banks: 0, reports: 0 },
      notInBankList: 1,
      noBank: 1,
      bankListSaved: true,
    })
    expect(JSON.stringify(summary)).not.toMatch(/access-bank|gtbank|kuda/)
  })

  it('names the 12 banks with most reports and counts the rest together', async () => {
    const db = tempDatabase()
    const insert = db.prepare(
      'INSERT INTO cached_banks (slug, id, name, code, position, refreshed_at) VALUES (?, ?, ?, NULL, ?, ?)',
    )
    const records = []
    for (let b = 0; b < 15; b++) {
      insert.run(`bank-${b}`, `bnk_${b}`, `Bank ${String(b).padStart(2, '0')}`, b, SEEN)
      for (let r = 0; r <= b; r++)
        records.push(
          reportRecord({ id: `b${b}r${r}`, identifiers: [account(`0000000000_bank-${b}`)] }),
        )
    }
    upsertRegistryReports(db, 'report', records, { own: true, seenAt: SEEN })
    const byBank = (await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })).byBank
    expect(byBank.banks).toHaveLength(12)
    expect(byBank.banks[0]).toEqual({ name: 'Bank 14', reports: 15 })
    expect(byBank.banks.at(-1)).toEqual({ name: 'Bank 03', reports: 4 })
    expect(byBank.otherBanks).toEqual({ banks: 3, reports: 1 + 2 + 3 })
    expect(byBank.withAccounts).toBe(records.length)
  })

  it('without a saved bank list, every bank is one not in the list', async () => {
    const db = tempDatabase()
    seedReports(db)
    const byBank = (await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })).byBank
    expect(byBank).toMatchObject({ banks: [], notInBankList: 3, noBank: 1, bankListSaved: false })
  })

  it('counts the outbox per day: sent and discarded when they finished, open ones when queued', async () => {
    const { days, olderOpen } = (
      await insightsSummary({ db: seeded(), clock }, { utcOffsetMinutes: WAT })
    ).outbox
    expect(days).toHaveLength(30)
    expect(days[0]?.day).toBe('2026-02-13')
    expect(days.at(-1)?.day).toBe('2026-03-14')
    const on = (day: string) => days.find((d) => d.day === day)
    expect(on('2026-03-14')).toEqual({
      day: '2026-03-14',
      sent: 2,
      waiting: 1,
      needsAttention: 0,
      discarded: 0,
    })
    expect(on('2026-03-12')).toMatchObject({ waiting: 3, sent: 0 })
    expect(on('2026-03-11')).toMatchObject({ needsAttention: 1 })
    expect(on('2026-03-10')).toMatchObject({ discarded: 1 })
    // 22:59 UTC on 12 February is 23:59 in Lagos: the day before the first shown.
    const total = days.reduce(
      (sum, d) => sum + d.sent + d.waiting + d.needsAttention + d.discarded,
      0,
    )
    expect(total).toBe(2 + 1 + 3 + 1 + 1)
    expect(olderOpen).toEqual({ waiting: 1, needsAttention: 1 })
  })

  it('reads the reports and the finished outbox through indexes, never a scan of the table', async () => {
    const db = seeded()
    const plans: string[] = []
    const prepare = db.prepare.bind(db)
    db.prepare = ((sql: string) => {
      const named = sql.includes('@')
      const positional = Array.from(sql.matchAll(/\?/g), () => null)
      const explain = prepare(`EXPLAIN QUERY PLAN ${sql}`)
      const rows = (
        named ? explain.all({ offsetMs: 0, fromMs: 0, toMs: 0 }) : explain.all(...positional)
      ) as { detail: string }[]
      plans.push(rows.map((row) => row.detail).join('; '))
      return prepare(sql)
    }) as typeof db.prepare
    await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT })
    db.prepare = prepare
    const all = plans.join('\n')
    expect(all).toMatch(/operations USING COVERING INDEX operations_finished/)
    expect(all).toMatch(/operations USING INDEX operations_open/)
    expect(all).toMatch(
      /cached_own_account_banks USING COVERING INDEX cached_own_account_banks_slug/,
    )
    expect(all).not.toMatch(/cached_identifiers/)
    // The months by one pass down the list's index (on the reading thread, so a day's group
    // of every own report holds no one: see the next test).
    expect(all).toMatch(/cached_reports USING COVERING INDEX cached_reports_own_created/)
    expect(all).toMatch(/cached_reports USING COVERING INDEX cached_reports_own_type/)
    expect(all).not.toMatch(/SCAN operations(?! USING)/)
    expect(all).not.toMatch(/SCAN cached_reports(?! USING)/)
  })

  it('asks every figure in one read, on the core’s reader (its thread in the app)', async () => {
    const db = seeded()
    const reader = startReader(db, ':memory:')
    const reads: number[] = []
    const summary = await insightsSummary(
      {
        db,
        clock,
        reader: {
          ...reader,
          read: (queries) => (reads.push(queries.length), reader.read(queries)),
        },
      },
      { utcOffsetMinutes: WAT },
    )
    expect(reads).toEqual([11])
    expect(summary).toEqual(await insightsSummary({ db, clock }, { utcOffsetMinutes: WAT }))
  })

  it('is served on its channel by the handlers, with the person’s time zone', async () => {
    const db = seeded()
    const handlers = insightsHandlers(() => ({ db, clock }) as CoreContext)
    const summary = (await handlers.insightsSummary({ utcOffsetMinutes: 0 })) as Awaited<
      ReturnType<typeof insightsSummary>
    >
    expect(summary.utcOffsetMinutes).toBe(0)
    expect(summary.reports).toBe(7)
  })
})
