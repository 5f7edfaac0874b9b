import { describe, expect, it } from 'vitest'
import {
  OWN_SUBMISSIONS_COUNT_SQL,
  OWN_SUBMISSIONS_PAGE_SQL,
  countOwnSubmissions,
  listOwnSubmissions,
} from '../../../src/core/submissions/own-submissions'
import { upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { reportRecord, tempDatabase } from '../cache/cache-fixtures'

const SEEN = Date.parse('2026-03-05T12:00:00.000Z')

/** 30 own reports, one a day through January 2026, alternating fraud types; 2 not own. */
function seed() {
  const db = tempDatabase()
  const own = Array.from({ length: 30 }, (_, i) =>
    reportRecord({
      id: `own${String(i + 1).padStart(2, '0')}`,
      fraudType: i % 2 === 0 ? 'hacker' : 'money_mule',
      listingStatus: i % 10 === 9 ? 'unlisted' : 'listed',
      createdAt: `2026-01-${String(i + 1).padStart(2, '0')}T08:00:00.000Z`,
    }),
  )
  upsertRegistryReports(db, 'report', own, { own: true, seenAt: SEEN })
  upsertRegistryReports(db, 'report', [reportRecord({ id: 'theirs' })], {
    own: false,
    seenAt: SEEN,
  })
  upsertRegistryReports(db, 'report', [reportRecord({ id: 'undated', createdAt: 'soon' })], {
    own: true,
    seenAt: SEEN,
  })
  return db
}

const ids = (items: { record: { id: string } }[]) => items.map((item) => item.record.id)

describe('own submissions list', () => {
  it('pages newest first, with undated reports last, and counts the whole list', () => {
    const db = seed()
    expect(countOwnSubmissions(db)).toBe(31)
    expect(ids(listOwnSubmissions(db, { offset: 0, limit: 3 }))).toEqual([
      'own30',
      'own29',
      'own28',
    ])
    expect(ids(listOwnSubmissions(db, { offset: 3, limit: 2 }))).toEqual(['own27', 'own26'])
    expect(ids(listOwnSubmissions(db, { offset: 29, limit: 10 }))).toEqual(['own01', 'undated'])
    expect(listOwnSubmissions(db, { offset: 100, limit: 10 })).toEqual([])
    expect(listOwnSubmissions(db, { offset: 0, limit: 0 })).toEqual([])
    expect(listOwnSubmissions(db, { offset: 0, limit: 1 })[0]?.seenAt).toBe(
      '2026-03-05T12:00:00.000Z',
    )
  })

  it('filters by fraud type, listing status and a half-open date range', () => {
    const db = seed()
    const filter = { fraudType: 'money_mule', listingStatus: 'listed' }
    expect(countOwnSubmissions(db, filter)).toBe(12)
    expect(ids(listOwnSubmissions(db, { ...filter, offset: 0, limit: 3 }))).toEqual([
      'own28',
      'own26',
      'own24',
    ])
    const range = { from: '2026-01-10T08:00:00.000Z', to: '2026-01-13T08:00:00.000Z' }
    expect(ids(listOwnSubmissions(db, { ...range, offset: 0, limit: 10 }))).toEqual([
      'own12',
      'own11',
      'own10',
    ])
    expect(countOwnSubmissions(db, { ...range, listingStatus: 'unlisted' })).toBe(1)
    expect(countOwnSubmissions(db, { fraudType: 'a type never seen' })).toBe(0)
  })

  it('refuses a date it cannot read, saying how to write one', () => {
    const db = seed()
    expect(() => countOwnSubmissions(db, { from: 'last tuesday' })).toThrow(/2024-05-31/)
  })

  it('filters by part of an identifier, however a number is written', () => {
    const db = tempDatabase()
    const withIds = (id: string, identifiers: { label: string; value: string }[]) =>
      reportRecord({ id, identifiers: identifiers.map((i, n) => ({ id: `${id}-${n}`, ...i })) })
    upsertRegistryReports(
      db,
      'report',
      [
        withIds('phone', [{ label: 'phone', value: '08031234567' }]),
        withIds('account', [{ label: 'account', value: '0123456789_access-bank' }]),
        withIds('email', [{ label: 'email', value: 'mule_demo@example.com' }]),
      ],
      { own: true, seenAt: SEEN },
    )
    const found = (identifier: string) =>
      ids(listOwnSubmissions(db, { identifier, offset: 0, limit: 10 })).sort()
    expect(found('0803 123-4567')).toEqual(['phone'])
    expect(found('+2348031234567')).toEqual(['phone'])
    expect(found('0123456789')).toEqual(['account'])
    expect(found('MULE_DEMO@')).toEqual(['email'])
    // % and _ are themselves, not patterns.
    expect(found('%')).toEqual([])
    expect(found('e_d')).toEqual(['email'])
    expect(countOwnSubmissions(db, { identifier: 'example.com' })).toBe(1)
  })

  it('finds the window and the count on the createdAt index alone, with no sort', () => {
    const db = seed()
    const plan = (sql: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({
          fraudType: 'hacker',
          listingStatus: null,
          from: null,
          to: null,
          identifier: null,
          limit: 10,
          offset: 100,
        }) as {
          detail: string
        }[]
      )
        .map((step) => step.detail)
        .join('\n')
    const page = plan(OWN_SUBMISSIONS_PAGE_SQL)
    expect(page).toMatch(/SCAN cached_reports USING COVERING INDEX cached_reports_own_created/)
    expect(page).toMatch(/SEARCH r USING INTEGER PRIMARY KEY/)
    const count = plan(OWN_SUBMISSIONS_COUNT_SQL)
    expect(count).toMatch(/USING COVERING INDEX cached_reports_own_created/)
  })
})
