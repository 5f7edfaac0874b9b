import { describe, expect, it } from 'vitest'
import type { ReportInput } from '../../../src/shared/domain/report-input'
import type { ReportRecord } from '../../../src/shared/domain/responses'
import { findCreatedReports } from '../../../src/core/sync/reconcile'

/*
 * Reconciling reads the organization's list page by page: whether a record is already held by
 * a report of this folder is a question to the store, asked only of the records that could be
 * one of those sought (of a type and reason sought), not of every record read.
 */

const input = (n: number): ReportInput => ({
  fraudType: 'money_mule',
  fraudReason: `Reconcile test ${n}: funds moved on within the hour.`,
  identifiers: [{ label: 'account', value: `${4_100_000_000 + n}_access-bank` }],
  attachments: [],
  showUploaderInfo: false,
})

const record = (n: number, id = `r-${n}`): ReportRecord =>
  ({
    ...input(n),
    id,
    createdAt: new Date(Date.parse('2026-11-01T10:00:00Z') - n * 1000).toISOString(),
  }) as unknown as ReportRecord

describe('a reconciliation reading the list', () => {
  it('asks the store about a record only when it is of a type and reason sought', async () => {
    // 250 of the organization's reports, newest first; the one sought is the 200th.
    const list = Array.from({ length: 250 }, (_, i) => record(i))
    const client = {
      listSubmissions: async ({ page = 1, limit = 100 }: { page?: number; limit?: number }) => ({
        data: list.slice((page - 1) * limit, page * limit),
        meta: { page, limit, total: list.length },
      }),
      decodeSubmission: async () => {
        throw new Error('not masked')
      },
      searchReports: async () => ({ reports: [], publicReports: [] }),
    }
    const asked: string[] = []
    const outcomes = await findCreatedReports(client as never, [input(199)], {
      window: () => ({ since: 0, until: Number.POSITIVE_INFINITY }),
      claimedIds: {
        has: (id) => {
          asked.push(id)
          return false
        },
      },
    })
    expect(outcomes).toEqual([{ outcome: 'found', id: 'r-199' }])
    expect(asked).toEqual(['r-199'])
  })
})
