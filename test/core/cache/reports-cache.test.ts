import { describe, expect, it } from 'vitest'
import {
  getCachedReport,
  markUnlisted,
  upsertOwnSubmission,
  upsertRegistryReports,
} from '../../../src/core/cache/reports-cache'
import { searchOffline } from '../../../src/core/search/offline-search'
import { publicReport, reportRecord, tempDatabase } from './cache-fixtures'

const SEEN = Date.parse('2026-03-05T12:00:00.000Z')
const LATER = Date.parse('2026-03-06T12:00:00.000Z')

const identifiersOf = (db: ReturnType<typeof tempDatabase>) =>
  db.prepare('SELECT label, value FROM cached_identifiers ORDER BY label, value').all() as {
    label: string
    value: string
  }[]

describe('reports cache', () => {
  it('stores a record and gives it back whole, saying when it was seen', () => {
    const db = tempDatabase()
    const record = reportRecord({ id: 'r1', extraField: { nested: true } })
    expect(upsertRegistryReports(db, 'report', [record], { own: true, seenAt: SEEN })).toBe(1)
    expect(getCachedReport(db, 'r1')).toEqual({
      kind: 'report',
      record,
      own: true,
      seenAt: '2026-03-05T12:00:00.000Z',
    })
    expect(getCachedReport(db, 'nope')).toBeNull()
  })

  it('keeps public reports apart from reports of the same id', () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'public_report', [publicReport({ id: 'x1' })], {
      own: false,
      seenAt: SEEN,
    })
    expect(getCachedReport(db, 'x1')?.kind).toBe('public_report')
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'x1' })], { own: false, seenAt: SEEN })
    expect(getCachedReport(db, 'x1')?.kind).toBe('report')
  })

  it('replaces the identifiers of a record, normalized, without repeats', () => {
    const db = tempDatabase()
    const record = reportRecord({
      id: 'r1',
      identifiers: [
        { id: 'a', label: 'phone', value: '0803 123-4567' },
        { id: 'b', label: 'phone', value: '08031234567' },
        { id: 'c', label: 'Account', value: ' 0123456789_Access-Bank ' },
        { id: 'd', label: 'email', value: 'Mule@Example.com' },
      ],
    })
    upsertRegistryReports(db, 'report', [record], { own: true, seenAt: SEEN })
    expect(identifiersOf(db)).toEqual([
      { label: 'account', value: '0123456789_access-bank' },
      { label: 'email', value: 'mule@example.com' },
      { label: 'phone', value: '08031234567' },
    ])
    const updated = {
      ...record,
      updatedAt: '2026-03-02T00:00:00.000Z',
      identifiers: [{ id: 'e', label: 'bvn', value: '22212345678' }],
    }
    upsertRegistryReports(db, 'report', [updated], { own: true, seenAt: LATER })
    expect(identifiersOf(db)).toEqual([{ label: 'bvn', value: '22212345678' }])
  })

  it('takes records with values it has never seen without failing', () => {
    const db = tempDatabase()
    const odd = reportRecord({
      id: 'odd',
      fraudType: 'crypto_scam_2027',
      listingStatus: 'under_review',
      status: 'archived',
      createdAt: 'yesterday-ish',
      updatedAt: null,
      identifiers: [
        { label: 'iban', value: ' NG00 1234 ' },
        { label: null, value: 'no label' },
        { label: 'phone', value: '   ' },
      ],
      reportingCompany: null,
    })
    upsertRegistryReports(db, 'report', [odd], { own: true, seenAt: SEEN })
    expect(getCachedReport(db, 'odd')?.record).toEqual(odd)
    expect(identifiersOf(db)).toEqual([{ label: 'iban', value: 'NG00 1234' }])
  })

  it('does not let an older copy overwrite a newer one, but counts it as seen', () => {
    const db = tempDatabase()
    const newer = reportRecord({ id: 'r1', fraudType: 'theft', updatedAt: '2026-03-03T00:00:00Z' })
    const older = { ...newer, fraudType: 'hacker', updatedAt: '2026-03-02T00:00:00Z' }
    upsertRegistryReports(db, 'report', [newer], { own: false, seenAt: SEEN })
    expect(upsertRegistryReports(db, 'report', [older], { own: true, seenAt: LATER })).toBe(0)
    const cached = getCachedReport(db, 'r1')
    expect(cached?.record.fraudType).toBe('theft')
    expect(cached?.own).toBe(true)
    expect(cached?.seenAt).toBe('2026-03-06T12:00:00.000Z')
  })

  it('never clears the own flag when the same report comes back from a search', () => {
    const db = tempDatabase()
    const record = reportRecord({ id: 'r1' })
    upsertRegistryReports(db, 'report', [record], { own: true, seenAt: SEEN })
    upsertRegistryReports(db, 'report', [record], { own: false, seenAt: LATER })
    expect(getCachedReport(db, 'r1')?.own).toBe(true)
  })

  it('writes a batch in one transaction: a failing record leaves none behind', () => {
    const db = tempDatabase()
    const broken = { ...reportRecord({ id: 'r2' }), id: null } as unknown as ReturnType<
      typeof reportRecord
    >
    expect(() =>
      upsertRegistryReports(db, 'report', [reportRecord({ id: 'r1' }), broken], {
        own: true,
        seenAt: SEEN,
      }),
    ).toThrow()
    expect(getCachedReport(db, 'r1')).toBeNull()
  })

  it('lays the answer of a create or update over the copy it already had', () => {
    const db = tempDatabase()
    const listed = reportRecord({ id: 'r1', attachments: ['https://files.example.com/a.pdf'] })
    upsertRegistryReports(db, 'report', [listed], { own: true, seenAt: SEEN })
    upsertOwnSubmission(
      db,
      {
        id: 'r1',
        listingStatus: 'listed',
        status: 'published',
        fraudType: 'money_mule',
        fraudReason: listed.fraudReason,
        companyId: 'cmp_own',
        createdAt: listed.createdAt,
        updatedAt: '2026-03-04T00:00:00.000Z',
        identifiers: [{ label: 'nin', value: '12345678901' }],
        reportedBy: 'usr_01',
      },
      LATER,
    )
    const cached = getCachedReport(db, 'r1')
    expect(cached?.own).toBe(true)
    expect(cached?.record).toMatchObject({
      fraudType: 'money_mule',
      attachments: ['https://files.example.com/a.pdf'],
      reportingCompany: listed.reportingCompany,
      identifiers: [{ label: 'nin', value: '12345678901' }],
    })
    expect(searchOffline(db, { identifier: 'nin', value: '12345678901' }).reports).toHaveLength(1)
    expect(searchOffline(db, { identifier: 'phone', value: '08031234567' }).reports).toEqual([])
  })

  it('stores a brand-new own submission from the create answer alone', () => {
    const db = tempDatabase()
    upsertOwnSubmission(db, { id: 'new1', fraudReason: 'x'.repeat(60), identifiers: [] }, SEEN)
    expect(getCachedReport(db, 'new1')).toMatchObject({ kind: 'report', own: true })
  })

  it('marks a report unlisted, keeping its first exit time, so offline search drops it', () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'r1' })], { own: true, seenAt: SEEN })
    expect(markUnlisted(db, 'r1', SEEN)).toBe(true)
    markUnlisted(db, 'r1', LATER)
    expect(getCachedReport(db, 'r1')?.record).toMatchObject({
      listingStatus: 'unlisted',
      exitedListAt: '2026-03-05T12:00:00.000Z',
    })
    expect(searchOffline(db, { identifier: 'phone', value: '08031234567' }).reports).toEqual([])
    expect(markUnlisted(db, 'unknown', SEEN)).toBe(false)
  })

  it('shows a row whose JSON no longer parses from its columns rather than failing', () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'r1', fraudType: 'theft' })], {
      own: true,
      seenAt: SEEN,
    })
    db.prepare("UPDATE cached_reports SET record_json = '{not json' WHERE id = 'r1'").run()
    expect(getCachedReport(db, 'r1')?.record).toMatchObject({ id: 'r1', fraudType: 'theft' })
  })

  it('takes a fractional clock reading as a time', () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'r1' })], {
      own: true,
      seenAt: SEEN + 0.75,
    })
    expect(getCachedReport(db, 'r1')?.seenAt).toBe('2026-03-05T12:00:00.000Z')
  })

  it('numbers rows by creation time whatever order they arrive in, and keeps a row its number', () => {
    const db = tempDatabase()
    const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`
    const records = [3, 1, 2].map((day) => reportRecord({ id: `d${day}`, createdAt: at(day) }))
    const sameInstant = Array.from({ length: 50 }, (_, i) =>
      reportRecord({ id: `same${i}`, createdAt: at(2) }),
    )
    upsertRegistryReports(db, 'report', [...records, ...sameInstant], { own: true, seenAt: SEEN })
    upsertRegistryReports(
      db,
      'report',
      [reportRecord({ id: 'undated', createdAt: null, updatedAt: null })],
      {
        own: true,
        seenAt: SEEN,
      },
    )
    const rowOf = (id: string) =>
      (db.prepare('SELECT row_id FROM cached_reports WHERE id = ?').get(id) as { row_id: number })
        .row_id
    expect(rowOf('d1')).toBeLessThan(rowOf('d2'))
    expect(rowOf('d2')).toBeLessThan(rowOf('d3'))
    expect(rowOf('d3')).toBeLessThan(rowOf('undated')) // placed at the time it was seen
    const sameRows = new Set(sameInstant.map((record) => rowOf(record.id)))
    expect(sameRows.size).toBe(50)
    for (const row of sameRows) expect(row).toBeLessThan(rowOf('d3'))
    const before = rowOf('d1')
    upsertRegistryReports(
      db,
      'report',
      [{ ...records[1]!, createdAt: at(9), updatedAt: '2026-02-01T00:00:00.000Z' }],
      { own: true, seenAt: LATER },
    )
    expect(rowOf('d1')).toBe(before)
  })
})
