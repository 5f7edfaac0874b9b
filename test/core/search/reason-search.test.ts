import { describe, expect, it } from 'vitest'
import { CACHE_STATE_KEYS, writeCacheState } from '../../../src/core/cache/cache-state'
import { markUnlisted, upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import {
  BROAD_MATCHES,
  NEWEST_REASON_SQL,
  RANKED_REASON_SQL,
  searchReasonsOffline,
} from '../../../src/core/search/reason-search'
import { publicReport, reportRecord, tempDatabase } from '../cache/cache-fixtures'

const SEEN = Date.parse('2026-03-05T12:00:00.000Z')

const REASONS: Record<string, string> = {
  sim: 'SIM swap on the customer line, then the mobile app was re-registered and three transfers went to a mule account in Lagos.',
  cafe: 'Ọlá Adébáyọ̀ collected deposits at a café in Ibadan for a cooperative that does not exist; the receipts were forged.',
  near: 'The suspect said he was NEAR the branch and asked the teller to release the funds; AND then he vanished (NOT seen again).',
  quote:
    'Victim quoted the caller: "your account is blocked" — the caller knew her BVN and the last four digits of her card.',
}

function seed() {
  const db = tempDatabase()
  upsertRegistryReports(
    db,
    'report',
    Object.entries(REASONS).map(([id, fraudReason]) => reportRecord({ id, fraudReason })),
    { own: true, seenAt: SEEN },
  )
  return db
}

const hitIds = (db: ReturnType<typeof seed>, text: string) =>
  searchReasonsOffline(db, text)
    .hits.map((hit) => hit.record.id)
    .sort()

describe('searchReasonsOffline', () => {
  it('finds words anywhere in the reason, all of them required, the last as a prefix', () => {
    const db = seed()
    expect(hitIds(db, 'mule account')).toEqual(['sim'])
    expect(hitIds(db, 'mule lag')).toEqual(['sim'])
    expect(hitIds(db, 'caller')).toEqual(['quote'])
    expect(hitIds(db, 'mule ibadan')).toEqual([])
  })

  it('ignores case and accents both ways', () => {
    const db = seed()
    expect(hitIds(db, 'OLA ADEBAYO')).toEqual(['cafe'])
    expect(hitIds(db, 'cafe')).toEqual(['cafe'])
    expect(hitIds(db, 'Café')).toEqual(['cafe'])
    expect(hitIds(db, 'adéb')).toEqual(['cafe'])
  })

  it('never throws on FTS syntax typed by a person, and searches it as words', () => {
    const db = seed()
    const hostile = [
      '"',
      '"""',
      'blocked"',
      '*',
      '**mule',
      'mule*',
      'NEAR(',
      'NEAR(mule, 2)',
      'near',
      '-',
      '-mule',
      'mule -lagos',
      'AND',
      'OR mule',
      'NOT',
      '(',
      ')',
      'mule)',
      '{reason}: mule',
      'fraud_reason:mule',
      '^mule',
      'mule + lagos',
      "'; DROP TABLE cached_reports; --",
      '\u0000mule',
      '😀',
      '𝔪𝔲𝔩𝔢',
      'ＭＵＬＥ',
      'x'.repeat(5000),
    ]
    for (const text of hostile) expect(() => searchReasonsOffline(db, text), text).not.toThrow()
    expect(hitIds(db, 'NEAR(')).toEqual(['near'])
    expect(hitIds(db, 'AND then he vanished')).toEqual(['near'])
    expect(hitIds(db, '-mule')).toEqual(['sim'])
    expect(hitIds(db, 'mule*')).toEqual(['sim'])
    expect(hitIds(db, '"your account is blocked"')).toEqual(['quote'])
    expect(hitIds(db, '"account your"')).toEqual([])
    expect(db.prepare('SELECT count(*) AS n FROM cached_reports').get()).toEqual({ n: 4 })
  })

  it('returns nothing for an empty query or one without words', () => {
    const db = seed()
    for (const text of ['', '   ', '"', '*', '-', '😀'])
      expect(searchReasonsOffline(db, text).hits).toEqual([])
  })

  it('marks the matching words in a snippet and says how fresh each hit is', () => {
    const db = seed()
    writeCacheState(db, CACHE_STATE_KEYS.submissionsRefreshedAt, SEEN)
    const answer = searchReasonsOffline(db, 'mule')
    expect(answer).toMatchObject({ source: 'offline', order: 'relevance', broad: false })
    expect(answer.asOf).toEqual({ submissions: '2026-03-05T12:00:00.000Z' })
    const [hit] = answer.hits
    expect(hit).toMatchObject({ kind: 'report', own: true, seenAt: '2026-03-05T12:00:00.000Z' })
    expect(hit?.snippet.filter((part) => part.match)).toEqual([{ text: 'mule', match: true }])
    expect(hit?.snippet.map((part) => part.text).join('')).toContain('went to a mule account')
  })

  it('covers public reports and follows updates and deletions of the reports table', () => {
    const db = seed()
    upsertRegistryReports(
      db,
      'public_report',
      [publicReport({ id: 'pub', fraudReason: 'A romance scam run from Abuja.' })],
      { own: false, seenAt: SEEN },
    )
    expect(searchReasonsOffline(db, 'romance').hits.map((hit) => hit.kind)).toEqual([
      'public_report',
    ])
    upsertRegistryReports(
      db,
      'report',
      [
        reportRecord({
          id: 'sim',
          fraudReason: 'Rewritten: a ponzi scheme.',
          updatedAt: '2027-01-01T00:00:00Z',
        }),
      ],
      { own: true, seenAt: SEEN },
    )
    expect(hitIds(db, 'mule')).toEqual([])
    expect(hitIds(db, 'ponzi')).toEqual(['sim'])
    db.prepare("DELETE FROM cached_reports WHERE id = 'sim'").run()
    expect(hitIds(db, 'ponzi')).toEqual([])
    db.exec("INSERT INTO cached_reports_fts (cached_reports_fts) VALUES ('integrity-check')")
  })

  it('leaves out reports that have left the list and honours the limit', () => {
    const db = seed()
    markUnlisted(db, 'sim', SEEN)
    expect(hitIds(db, 'mule')).toEqual([])
    expect(searchReasonsOffline(db, 'the', { limit: 2 }).hits).toHaveLength(2)
  })

  it('searches common words when nothing else is typed', () => {
    const db = seed()
    expect(hitIds(db, 'the ')).toEqual(['cafe', 'near', 'quote', 'sim'])
  })

  it('answers a broad query newest first, and says it is broad', () => {
    const db = seed()
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString()
    // Cached newest first, as a first full refresh pages them.
    const many = Array.from({ length: BROAD_MATCHES + 5 }, (_, i) => BROAD_MATCHES + 4 - i).map(
      (i) =>
        reportRecord({
          id: `bulk${i}`,
          fraudReason: `Bulk report ${i} about a ponzi scheme.`,
          createdAt: day(i),
        }),
    )
    upsertRegistryReports(db, 'report', many, { own: false, seenAt: SEEN })
    const broad = searchReasonsOffline(db, 'ponzi', { limit: 3 })
    expect(broad).toMatchObject({ order: 'newest', broad: true })
    expect(broad.hits.map((hit) => hit.record.id)).toEqual([
      `bulk${BROAD_MATCHES + 4}`,
      `bulk${BROAD_MATCHES + 3}`,
      `bulk${BROAD_MATCHES + 2}`,
    ])
    const narrow = searchReasonsOffline(db, 'ponzi 17 ')
    expect(narrow).toMatchObject({ order: 'relevance', broad: false })
    expect(narrow.hits.map((hit) => hit.record.id)).toEqual(['bulk17'])
  })

  it('ranks a narrow query best first', () => {
    const db = seed()
    upsertRegistryReports(
      db,
      'report',
      [
        reportRecord({
          id: 'once',
          fraudReason: `One ponzi mention among many other words ${'x '.repeat(80)}`,
        }),
        reportRecord({ id: 'often', fraudReason: 'Ponzi, ponzi: a ponzi scheme.' }),
      ],
      { own: false, seenAt: SEEN },
    )
    const answer = searchReasonsOffline(db, 'ponzi ')
    expect(answer.order).toBe('relevance')
    expect(answer.hits.map((hit) => hit.record.id)).toEqual(['often', 'once'])
  })

  it('reads the index in order, never sorting every match', () => {
    const db = seed()
    const plan = (sql: string, params: object) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
        .map((step) => step.detail)
        .join('\n')
    const ranked = plan(RANKED_REASON_SQL, { match: '"mule"', limit: 5 })
    expect(ranked).toMatch(/SCAN cached_reports_fts VIRTUAL TABLE/)
    expect(ranked).not.toMatch(/TEMP B-TREE/)
    const newest = plan(NEWEST_REASON_SQL, { rows: '[1,2]', limit: 5 })
    expect(newest).toMatch(/SEARCH r USING INTEGER PRIMARY KEY/)
    expect(newest).not.toMatch(/SCAN r\b/)
  })
})
