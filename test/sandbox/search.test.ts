import { describe, expect, it } from 'vitest'
import { searchResponseSchema } from '../../src/shared/domain/responses'
import { call, createReport, paths, useSandbox } from './sandbox-harness'

const h = useSandbox()

async function search(key: string, identifier: string, value: string) {
  const result = await call(h.sandbox.baseUrl + paths.search, {
    key,
    json: { identifier, value },
  })
  expect(result.status).toBe(200)
  return searchResponseSchema.parse(result.body).data
}

describe('search (4.3)', () => {
  it('finds listed reports of every organization, each with its reportingCompany, plus public reports', async () => {
    const target = { label: 'account' as const, value: '0123456789_access-bank' }
    const ours = await createReport(h.sandbox, h.key, { identifiers: [target] })
    const theirs = await createReport(h.sandbox, h.otherKey, {
      identifiers: [{ label: 'bvn', value: '22200000001' }, target],
    })
    const result = await search(h.key, target.label, target.value)

    expect(result.reports.map((r) => r.id)).toEqual([theirs, ours])
    expect(result.reports.map((r) => r.reportingCompany)).toEqual([
      {
        id: h.sandbox.demoKeys[1]?.organizationId,
        businessName: h.sandbox.demoKeys[1]?.organization,
      },
      {
        id: h.sandbox.demoKeys[0]?.organizationId,
        businessName: h.sandbox.demoKeys[0]?.organization,
      },
    ])
    // All of a found report's identifiers, in full, with ids.
    expect(result.reports[0]?.identifiers?.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'bvn', value: '22200000001' },
      target,
    ])
    expect(result.reports[0]?.identifiers?.every((i) => i.id)).toBe(true)
    // The seeded public report on that account.
    expect(result.publicReports.map((r) => r.id)).toEqual(['pub-0001'])
    expect(result.publicReports[0]).toMatchObject({ reportingEntity: 'self', status: 'published' })
  })

  it('matches label and value exactly: same value under another label, or a near value, is not found', async () => {
    await createReport(h.sandbox, h.key, { identifiers: [{ label: 'bvn', value: '22211112222' }] })
    expect((await search(h.key, 'bvn', '22211112222')).reports).toHaveLength(1)
    expect((await search(h.key, 'nin', '22211112222')).reports).toEqual([])
    expect((await search(h.key, 'bvn', '22211112223')).reports).toEqual([])
  })

  it('leaves unlisted reports out', async () => {
    const value = '22233334444'
    const id = await createReport(h.sandbox, h.otherKey, { identifiers: [{ label: 'bvn', value }] })
    expect((await search(h.key, 'bvn', value)).reports.map((r) => r.id)).toEqual([id])
    await call(h.sandbox.baseUrl + paths.unlist(id), { method: 'PUT', key: h.otherKey })
    expect((await search(h.key, 'bvn', value)).reports).toEqual([])
  })

  it('answers empty lists when nothing matches', async () => {
    const result = await search(h.otherKey, 'email', 'nobody@example.com')
    expect(result).toEqual({ reports: [], publicReports: [] })
  })

  it('finds public reports by other identifier types', async () => {
    const result = await search(h.key, 'social_handle', '@kind.heart.oliver')
    expect(result.publicReports.map((r) => r.id)).toEqual(['pub-0003'])
    expect(result.publicReports[0]?.identifiers?.length).toBe(3)
  })
})
