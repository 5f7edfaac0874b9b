import { describe, expect, it } from 'vitest'
import { CACHE_STATE_KEYS, writeCacheState } from '../../../src/core/cache/cache-state'
import { OFFLINE_SEARCH_SQL, searchOffline } from '../../../src/core/search/offline-search'
import { findStoredSearch, storeSearchResult } from '../../../src/core/cache/searches-cache'
import { upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { migration0004 } from '../../../src/core/store/migrations/0004-phones-in-one-form'
import { publicReport, reportRecord, tempDatabase } from '../cache/cache-fixtures'

const T1 = Date.parse('2026-03-05T12:00:00.000Z')
const T2 = Date.parse('2026-03-06T12:00:00.000Z')
const T3 = Date.parse('2026-03-07T12:00:00.000Z')

describe('searchOffline', () => {
  it('finds own submissions by identifier type and value, whichever way the value is typed', () => {
    const db = tempDatabase()
    const record = reportRecord({
      id: 'own1',
      identifiers: [
        { label: 'account', value: '0123456789_access-bank' },
        { label: 'phone', value: '08031234567' },
        { label: 'email', value: 'mule@example.com' },
      ],
    })
    upsertRegistryReports(db, 'report', [record], { own: true, seenAt: T1 })
    const ids = (identifier: Parameters<typeof searchOffline>[1]['identifier'], value: string) =>
      searchOffline(db, { identifier, value }).reports.map((r) => r.id)
    expect(ids('account', ' 01234-56789_ACCESS-BANK ')).toEqual(['own1'])
    expect(ids('phone', '0803 123 4567')).toEqual(['own1'])
    expect(ids('phone', '(0803) 123-4567')).toEqual(['own1'])
    expect(ids('email', 'MULE@example.COM')).toEqual(['own1'])
    // The type matters: the same text under another type is another identifier.
    expect(ids('account_name', '08031234567')).toEqual([])
    expect(ids('phone', '08031234568')).toEqual([])
    expect(() => ids('phone', '   ')).toThrow(/empty/)
  })

  it('answers from stored search results, reports and public reports apart, newest first', () => {
    const db = tempDatabase()
    const older = reportRecord({
      id: 'other1',
      companyId: 'cmp_other',
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    const newer = reportRecord({
      id: 'other2',
      companyId: 'cmp_other',
      createdAt: '2026-02-01T00:00:00.000Z',
    })
    const pub = publicReport({
      id: 'pub1',
      identifiers: [{ id: 'i', label: 'phone', value: '08031234567' }],
    })
    storeSearchResult(
      db,
      { identifier: 'phone', value: '0803-123-4567' },
      { reports: [older, newer], publicReports: [pub] },
      T1,
    )
    const answer = searchOffline(db, { identifier: 'phone', value: '08031234567' })
    expect(answer.source).toBe('offline')
    expect(answer.reports.map((r) => r.id)).toEqual(['other2', 'other1'])
    expect(answer.publicReports).toEqual([pub])
    expect(answer.asOf).toMatchObject({ search: '2026-03-05T12:00:00.000Z' })
    expect(answer.asOf.submissions).toBeUndefined()
  })

  it('finds a stored record by any of its identifiers, not only the one searched', () => {
    const db = tempDatabase()
    const record = reportRecord({
      id: 'r1',
      identifiers: [
        { label: 'phone', value: '08031234567' },
        { label: 'bvn', value: '22212345678' },
      ],
    })
    storeSearchResult(
      db,
      { identifier: 'phone', value: '08031234567' },
      { reports: [record], publicReports: [] },
      T1,
    )
    const answer = searchOffline(db, { identifier: 'bvn', value: '22212345678' })
    expect(answer.reports.map((r) => r.id)).toEqual(['r1'])
    // No search of this exact query was stored, so the answer names no search time.
    expect(answer.asOf.search).toBeUndefined()
  })

  it('gives the ids the registry returned even when their identifiers do not match ours', () => {
    const db = tempDatabase()
    // The registry may match in ways our exact lookup does not (here: a masked value).
    const masked = reportRecord({
      id: 'm1',
      identifiers: [{ label: 'phone', value: '*******4567' }],
    })
    storeSearchResult(
      db,
      { identifier: 'phone', value: '08031234567' },
      { reports: [masked], publicReports: [] },
      T1,
    )
    expect(
      searchOffline(db, { identifier: 'phone', value: '08031234567' }).reports.map((r) => r.id),
    ).toEqual(['m1'])
  })

  it('lets a newer search of the same query replace the older one', () => {
    const db = tempDatabase()
    const query = { identifier: 'phone' as const, value: '08031234567' }
    const first = reportRecord({ id: 'gone', companyId: 'cmp_other' })
    const second = reportRecord({ id: 'still', companyId: 'cmp_other' })
    storeSearchResult(db, query, { reports: [first, second], publicReports: [] }, T1)
    storeSearchResult(db, query, { reports: [second], publicReports: [] }, T2)
    // A late answer of an older search does not undo the newer one.
    storeSearchResult(db, query, { reports: [first, second], publicReports: [] }, T1)
    expect(findStoredSearch(db, query)).toMatchObject({ searchedAt: T2, reportIds: ['still'] })
    const answer = searchOffline(db, query)
    // "gone" still carries the phone, but the newer search did not return it.
    expect(answer.reports.map((r) => r.id)).toEqual(['still'])
    expect(answer.asOf.search).toBe('2026-03-06T12:00:00.000Z')
  })

  it('keeps own submissions and records seen after the stored search', () => {
    const db = tempDatabase()
    const query = { identifier: 'phone' as const, value: '08031234567' }
    storeSearchResult(db, query, { reports: [], publicReports: [] }, T1)
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'own' })], { own: true, seenAt: T1 })
    storeSearchResult(
      db,
      { identifier: 'bvn', value: '22212345678' },
      {
        reports: [
          reportRecord({
            id: 'later',
            companyId: 'cmp_other',
            identifiers: [
              { label: 'bvn', value: '22212345678' },
              { label: 'phone', value: '08031234567' },
            ],
          }),
        ],
        publicReports: [],
      },
      T3,
    )
    expect(
      searchOffline(db, query)
        .reports.map((r) => r.id)
        .sort(),
    ).toEqual(['later', 'own'])
  })

  it('says when own submissions were last refreshed', () => {
    const db = tempDatabase()
    const query = { identifier: 'nin' as const, value: '12345678901' }
    // With nothing from the registry yet, the answer is still as of a time: this computer's.
    expect(searchOffline(db, query, T3)).toEqual({
      source: 'offline',
      reports: [],
      publicReports: [],
      asOf: { outbox: '2026-03-07T12:00:00.000Z' },
      searched: ['12345678901'],
      matchedAs: {},
      waiting: [],
    })
    writeCacheState(db, CACHE_STATE_KEYS.submissionsRefreshedAt, T2)
    expect(searchOffline(db, query, T3).asOf).toEqual({
      submissions: '2026-03-06T12:00:00.000Z',
      outbox: '2026-03-07T12:00:00.000Z',
    })
  })

  it('leaves out reports that have left the list', () => {
    const db = tempDatabase()
    upsertRegistryReports(
      db,
      'report',
      [
        reportRecord({ id: 'listed' }),
        reportRecord({ id: 'left', listingStatus: 'unlisted' }),
        reportRecord({ id: 'unknown-status', listingStatus: 'on_hold' }),
      ],
      { own: true, seenAt: T1 },
    )
    const ids = searchOffline(db, { identifier: 'phone', value: '08031234567' })
      .reports.map((r) => r.id)
      .sort()
    expect(ids).toEqual(['listed', 'unknown-status'])
  })

  it('looks up by index only, never scanning the cached reports', () => {
    const db = tempDatabase()
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN ${OFFLINE_SEARCH_SQL}`).all({
        label: 'phone',
        lookups: JSON.stringify([
          { value: '08031234567', searchedAt: T1 },
          { value: '+2348031234567', searchedAt: T1 },
        ]),
        reportIds: '["a"]',
        publicReportIds: '[]',
      }) as { detail: string }[]
    ).map((step) => step.detail)
    // Each value looked for is one lookup of (label, value), never a walk of every phone.
    expect(plan.join('\n')).toMatch(
      /SEARCH i USING COVERING INDEX cached_identifiers_lookup \(label=\? AND value=\?\)/,
    )
    // Only the lists of values and ids are walked (json_each's virtual tables).
    expect(plan.filter((detail) => /^SCAN (?!json_each|\w+ VIRTUAL TABLE)/.test(detail))).toEqual(
      [],
    )
    // A search on the kind alone would walk every report of that kind.
    expect(plan.filter((detail) => /\(kind=\?\)/.test(detail))).toEqual([])
  })

  it('finds one phone number whichever spelling each record holds, and says which', () => {
    const db = tempDatabase()
    const spelled = (id: string, value: string) =>
      reportRecord({ id, companyId: 'cmp_other', identifiers: [{ label: 'phone', value }] })
    // Kept before Casefile wrote phones in one form, then upgraded.
    prepareRaw(db, [
      spelled('local', '08031234567'),
      spelled('intl', '+2348031234567'),
      spelled('bare', '8031234567'),
    ])
    storeSearchResult(
      db,
      { identifier: 'bvn', value: '22212345678' },
      { reports: [spelled('no-plus', '2348031234567')], publicReports: [] },
      T1,
    )
    for (const typed of ['+2348031234567', '2348031234567', '8031234567', '0803 123 4567']) {
      const answer = searchOffline(db, { identifier: 'phone', value: typed })
      expect(answer.reports.map((r) => r.id).sort(), typed).toEqual([
        'bare',
        'intl',
        'local',
        'no-plus',
      ])
      expect(answer.searched).toEqual([
        '08031234567',
        '+2348031234567',
        '2348031234567',
        '8031234567',
        '+23408031234567',
        '23408031234567',
        '002348031234567',
      ])
      expect(answer.matchedAs).toMatchObject({
        'report:intl': ['+2348031234567'],
        'report:no-plus': ['2348031234567'],
        'report:bare': ['8031234567'],
        'report:local': ['08031234567'],
      })
    }
  })

  it('finds an email whatever its case', () => {
    const db = tempDatabase()
    upsertRegistryReports(
      db,
      'report',
      [
        reportRecord({
          id: 'caps',
          identifiers: [{ label: 'email', value: 'Mule.Demo@Example.com' }],
        }),
      ],
      { own: false, seenAt: T1 },
    )
    const answer = searchOffline(db, { identifier: 'email', value: 'mule.demo@EXAMPLE.com' })
    expect(answer.reports.map((r) => r.id)).toEqual(['caps'])
    expect(answer.matchedAs['report:caps']).toEqual(['Mule.Demo@Example.com'])
  })
})

/**
 * Rows as an older Casefile wrote them, whose normalization kept +234… and 803… as typed, then
 * migration 0004 as an upgrade runs it: the lookup finds them by the one stored form.
 */
function prepareRaw(
  db: ReturnType<typeof tempDatabase>,
  records: ReturnType<typeof reportRecord>[],
) {
  upsertRegistryReports(db, 'report', records, { own: false, seenAt: T1 })
  for (const record of records)
    db.prepare(
      `UPDATE cached_identifiers SET value = ? WHERE report_row =
         (SELECT row_id FROM cached_reports WHERE kind = 'report' AND id = ?)`,
    ).run(record.identifiers?.[0]?.value, record.id)
  migration0004.up(db)
}
