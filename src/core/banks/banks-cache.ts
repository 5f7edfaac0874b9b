import type { Bank } from '../../shared/domain/responses'
import { type Db, prepare, writeTransaction, type ReadQuery } from '../store/store'
import { isoTime } from '../cache/cache'

interface BankRow {
  slug: string
  id: string
  name: string
  code: string | null
}

const toBank = (row: BankRow): Bank => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  code: row.code,
})

/**
 * Replaces the cached bank list with the registry's, in one transaction, keeping the
 * registry's order. A bank without a usable slug cannot build an account identifier, so it is
 * left out; a slug the list repeats keeps its first entry. Returns how many banks were stored.
 */
export function replaceBanks(db: Db, banks: readonly Bank[], now: number): number {
  const insert = prepare(
    db,
    `INSERT INTO cached_banks (slug, id, name, code, position, refreshed_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (slug) DO NOTHING`,
  )
  return writeTransaction(db, () => {
    prepare(db, 'DELETE FROM cached_banks').run()
    let stored = 0
    banks.forEach((bank, position) => {
      // Lower-cased as account identifiers' slugs are (identifiers.ts), so the two always match.
      const slug = bank.slug.trim().toLowerCase()
      if (slug === '') return
      const name = bank.name.trim() || slug
      stored += insert.run(
        slug,
        bank.id,
        name,
        bank.code ?? null,
        position,
        Math.floor(now),
      ).changes
    })
    return stored
  })
}

/** The cached banks in the registry's order; empty when the list was never fetched. */
export function listBanks(db: Db): Bank[] {
  return prepare<[], BankRow>(
    db,
    'SELECT slug, id, name, code FROM cached_banks ORDER BY position, slug',
  )
    .all()
    .map(toBank)
}

/** The known slugs, for checkIdentifierValue's `bankSlugs`; empty when never refreshed. */
/** The cached bank's name for a slug, or undefined when the list does not know it. */
export function bankNameOf(db: Db, slug: string): string | undefined {
  return prepare<[string], { name: string }>(
    db,
    'SELECT name FROM cached_banks WHERE slug = ?',
  ).get(slug)?.name
}

export function bankSlugs(db: Db): Set<string> {
  return new Set(
    prepare<[], { slug: string }>(db, 'SELECT slug FROM cached_banks')
      .all()
      .map((row) => row.slug),
  )
}

/** When the cached list was last replaced from the registry (ISO), or undefined if never. */
export function savedBanksAt(db: Db): string | undefined {
  const row = prepare<[], { at: number | null }>(
    db,
    'SELECT max(refreshed_at) AS at FROM cached_banks',
  ).get()
  return row?.at == null ? undefined : isoTime(row.at)
}

/** Lower case, accents and punctuation dropped: "Access Bank PLC." and "access-bank plc" agree. */
function looseKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * The bank a person (or a spreadsheet cell) named, by slug or by name: exact slug first, then
 * exact name (case and spacing ignored), then a loose match of either that must point to one
 * bank only. Null when nothing matches or the loose match is ambiguous.
 */
export function findBankByNameOrSlug(db: Db, text: string): Bank | null {
  const wanted = text.trim()
  if (wanted === '') return null
  const banks = listBanks(db)
  const lower = wanted.toLowerCase()
  const folded = lower.replace(/\s+/g, ' ')
  const exact =
    banks.find((bank) => bank.slug.toLowerCase() === lower) ??
    banks.find((bank) => bank.name.toLowerCase().replace(/\s+/g, ' ') === folded)
  if (exact) return exact
  const key = looseKey(wanted)
  if (key === '') return null
  const loose = banks.filter((bank) => looseKey(bank.slug) === key || looseKey(bank.name) === key)
  return loose.length === 1 ? (loose[0] ?? null) : null
}

/** Row { n }: how many banks the saved list holds (Insights reads it with its other counts). */
export const bankListSize = (): ReadQuery => ({
  sql: `SELECT count(*) AS n FROM cached_banks`,
  get: true,
})
