import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bankSlugs,
  savedBanksAt,
  findBankByNameOrSlug,
  listBanks,
  replaceBanks,
} from '../../../src/core/banks/banks-cache'
import { fetchAndSaveBanks } from '../../../src/core/banks/refresh-banks'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import { RegistryError } from '../../../src/core/registry-error'
import { checkIdentifierValue } from '../../../src/shared/domain/identifiers'
import {
  closedPortUrl,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from '../cache/cache-fixtures'

const T1 = Date.parse('2026-03-01T08:00:00.000Z')
const T2 = Date.parse('2026-03-02T08:00:00.000Z')

const banks = [
  { id: 'b1', name: 'Access Bank', slug: 'access-bank', code: '044' },
  { id: 'b2', name: 'Guaranty Trust Bank', slug: 'gtbank', code: '058' },
  { id: 'b3', name: 'Stanbic IBTC Bank', slug: 'stanbic-ibtc', code: null },
]

describe('banks cache', () => {
  it('is empty, with no time, before the first refresh', () => {
    const db = tempDatabase()
    expect(listBanks(db)).toEqual([])
    expect(bankSlugs(db)).toEqual(new Set())
    expect(savedBanksAt(db)).toBeUndefined()
    expect(findBankByNameOrSlug(db, 'Access Bank')).toBeNull()
  })

  it('replaces the list whole, keeps the registry order and says when', () => {
    const db = tempDatabase()
    replaceBanks(db, [...banks, { id: 'old', name: 'Gone Bank', slug: 'gone-bank' }], T1)
    expect(replaceBanks(db, banks, T2)).toBe(3)
    expect(listBanks(db).map((b) => b.slug)).toEqual(['access-bank', 'gtbank', 'stanbic-ibtc'])
    expect(listBanks(db)[0]).toEqual(banks[0])
    expect(bankSlugs(db)).toEqual(new Set(['access-bank', 'gtbank', 'stanbic-ibtc']))
    expect(savedBanksAt(db)).toBe('2026-03-02T08:00:00.000Z')
  })

  it("keeps a slug the registry wrote in capitals lower-cased, as accounts' slugs are", () => {
    const db = tempDatabase()
    replaceBanks(db, [{ id: '7', name: 'Guaranty Trust Bank', slug: ' GTBank ', code: '058' }], 1)
    expect([...bankSlugs(db)]).toEqual(['gtbank'])
    expect(findBankByNameOrSlug(db, 'GTBank')?.name).toBe('Guaranty Trust Bank')
  })

  it('skips a bank without a slug and keeps the first of a repeated slug', () => {
    const db = tempDatabase()
    const stored = replaceBanks(
      db,
      [
        banks[0]!,
        { id: 'x', name: 'No Slug', slug: '  ' },
        { id: 'dup', name: 'Access again', slug: 'access-bank' },
      ],
      T1,
    )
    expect(stored).toBe(1)
    expect(listBanks(db)).toEqual([banks[0]])
  })

  it('finds a bank by slug, by name, and loosely when only one bank fits', () => {
    const db = tempDatabase()
    replaceBanks(db, banks, T1)
    expect(findBankByNameOrSlug(db, 'GTBANK')?.id).toBe('b2')
    expect(findBankByNameOrSlug(db, '  guaranty   trust bank ')?.id).toBe('b2')
    expect(findBankByNameOrSlug(db, 'Stanbic-IBTC bank.')?.id).toBe('b3')
    expect(findBankByNameOrSlug(db, 'access_bank')?.id).toBe('b1')
    expect(findBankByNameOrSlug(db, 'Bank')).toBeNull()
    expect(findBankByNameOrSlug(db, '')).toBeNull()
    expect(findBankByNameOrSlug(db, '---')).toBeNull()
  })

  it('gives the slugs checkIdentifierValue needs', () => {
    const db = tempDatabase()
    replaceBanks(db, banks, T1)
    const options = { bankSlugs: bankSlugs(db) }
    expect(checkIdentifierValue('account', '0123456789_gtbank', options)).toBeNull()
    expect(checkIdentifierValue('account', '0123456789_nobank', options)).toMatch(
      /not in the bank list/,
    )
  })
})

describe('refreshBanks', () => {
  let registry: TestRegistry
  beforeAll(async () => {
    registry = await startTestRegistry()
  })
  afterAll(() => registry.stop())

  it('fills the cache from the sandbox registry', async () => {
    const db = tempDatabase()
    const result = await fetchAndSaveBanks(db, registry.client, T1)
    expect(result.keptPrevious).toBe(false)
    expect(result.banks).toBeGreaterThan(20)
    expect(result.refreshedAt).toBe('2026-03-01T08:00:00.000Z')
    expect(bankSlugs(db).has('access-bank')).toBe(true)
    expect(findBankByNameOrSlug(db, 'Guaranty Trust Bank')?.slug).toBe('gtbank')
  })

  it('stays usable offline: a failed refresh throws and leaves the list as it was', async () => {
    const db = tempDatabase()
    await fetchAndSaveBanks(db, registry.client, T1)
    const before = listBanks(db)
    const down = createRegistryClient(
      { baseUrl: await closedPortUrl(), uploadUrl: await closedPortUrl() },
      { getApiKey: () => undefined },
    )
    const failure = await fetchAndSaveBanks(db, down, T2).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RegistryError)
    expect((failure as RegistryError).kind).toBe('offline')
    expect(listBanks(db)).toEqual(before)
    expect(savedBanksAt(db)).toBe('2026-03-01T08:00:00.000Z')
    expect(findBankByNameOrSlug(db, 'access-bank')?.name).toBe('Access Bank')
  })

  it('keeps the list it has when the registry answers with no bank', async () => {
    const db = tempDatabase()
    replaceBanks(db, banks, T1)
    const result = await fetchAndSaveBanks(db, { listBanks: async () => [] }, T2)
    expect(result).toEqual({
      banks: 3,
      refreshedAt: '2026-03-01T08:00:00.000Z',
      keptPrevious: true,
    })
  })
})
