import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchAndSaveBanks } from '../../../src/core/banks/refresh-banks'
import { runSubmissionsRefresh } from '../../../src/core/submissions/refresh-submissions'
import { searchOffline } from '../../../src/core/search/offline-search'
import { searchOnline } from '../../../src/core/search/search-online'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import {
  reportInput,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from '../cache/cache-fixtures'

const T1 = Date.parse('2026-03-05T12:00:00.000Z')
/** Fits only Heritage Bank (030) and Rand Merchant Bank (502) of the sandbox's 38 banks. */
const NUMBER = '0690000031'

/*
 * An account number searched without its bank (issue 36, item 8): the banks its check digit
 * fits are asked and named, with how many were not; what this computer has of the number at
 * any other bank is found and said to be from here; asking all banks finds the rest.
 */
describe('an account number without its bank, at a bank its check digit does not fit', () => {
  let registry: TestRegistry
  let elsewhere: string
  let ours: string
  beforeAll(async () => {
    registry = await startTestRegistry()
    const other = createRegistryClient(
      { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      { getApiKey: () => registry.sandbox.demoKeys[1]?.key },
    )
    // Filed by another organization at Zenith Bank, and by this one at GTBank: neither fits.
    elsewhere = (
      await other.createReport(
        reportInput(1, { identifiers: [{ label: 'account', value: `${NUMBER}_zenith-bank` }] }),
      )
    ).id
    ours = (
      await registry.client.createReport(
        reportInput(2, { identifiers: [{ label: 'account', value: `${NUMBER}_gtbank` }] }),
      )
    ).id
  })
  afterAll(() => registry.stop())

  const folder = async () => {
    const db = tempDatabase()
    await fetchAndSaveBanks(db, registry.client, T1)
    await runSubmissionsRefresh(db, registry.client, { now: T1 })
    return db
  }

  it('asks the banks it fits, says how many were not asked, and finds our own report at another bank', async () => {
    const db = await folder()
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'account', value: NUMBER },
      T1,
    )
    expect(answer.source).toBe('online')
    expect(answer.banks?.map((bank) => bank.name)).toEqual(['Heritage Bank', 'Rand Merchant Bank'])
    expect(answer.banksNotSearched).toBe(36)
    expect(answer.searched).toEqual([`${NUMBER}_heritage-bank`, `${NUMBER}_rand-merchant-bank`])
    // Our own report at GTBank, from the Submissions copy: found, and said to be from here.
    expect(answer.reports.map((report) => report.id)).toEqual([ours])
    expect(answer.matchedAs[`report:${ours}`]).toEqual([`${NUMBER}_gtbank`])
    expect(answer.foundHere).toEqual([
      { key: `report:${ours}`, from: 'own', seenAt: expect.any(String) },
    ])
    // The same offline: the saved copy is looked through at every bank.
    const offline = searchOffline(db, { identifier: 'account', value: NUMBER }, T1)
    expect(offline.reports.map((report) => report.id)).toEqual([ours])
    expect(offline.foundHere?.map((found) => found.key)).toEqual([`report:${ours}`])
  })

  it('asked at all banks, finds the other organization’s report too, and leaves none out', async () => {
    const db = await folder()
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'account', value: NUMBER },
      T1,
      { allBanks: true },
    )
    expect(answer.source).toBe('online')
    expect(answer.banks).toHaveLength(38)
    // The banks it fits first.
    expect(answer.banks?.slice(0, 2).map((bank) => bank.slug)).toEqual([
      'heritage-bank',
      'rand-merchant-bank',
    ])
    expect(answer.banksNotSearched).toBe(0)
    expect(answer.reports.map((report) => report.id).sort()).toEqual([elsewhere, ours].sort())
    expect(answer.matchedAs[`report:${elsewhere}`]).toEqual([`${NUMBER}_zenith-bank`])
    expect(answer.foundHere).toEqual([])
  })

  it('finds the demo’s public report at Access Bank, which 0123456789 does not fit, at all banks', async () => {
    const db = await folder()
    const first = await searchOnline(
      db,
      registry.client,
      { identifier: 'account', value: '0123456789' },
      T1,
    )
    expect(first.banks?.some((bank) => bank.slug === 'access-bank')).toBe(false)
    expect(first.publicReports).toEqual([])
    expect(first.banksNotSearched).toBeGreaterThan(0)
    const all = await searchOnline(
      db,
      registry.client,
      { identifier: 'account', value: '0123456789' },
      T1,
      { allBanks: true },
    )
    expect(all.publicReports.map((report) => report.id)).toContain('pub-0001')
    expect(all.matchedAs['public_report:pub-0001']).toEqual(['0123456789_access-bank'])
  })
})
