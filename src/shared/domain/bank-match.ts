/** What matching needs of a bank of the list (registry-api.md 2.7). */
export interface MatchableBank {
  name: string
  slug: string
  code?: string | null
}

/** Case, spaces, dots and dashes do not tell two bank names apart ("Access Bank Plc." = "access-bank plc"). */
const fold = (text: string) => text.toLowerCase().replace(/[\s.-]+/g, '')

/**
 * The banks a person's typing points to, in list order: a part of the name or the slug, or
 * the start of the CBN code (044, 058: the codes the bulk import accepts in a bank cell).
 */
export function banksMatching<B extends MatchableBank>(banks: readonly B[], text: string): B[] {
  const query = text.trim()
  if (query === '') return [...banks]
  const lower = query.toLowerCase()
  const folded = fold(query)
  const digits = /^\d+$/.test(query)
  return banks.filter(
    (bank) =>
      bank.name.toLowerCase().includes(lower) ||
      (folded !== '' && fold(bank.name).includes(folded)) ||
      bank.slug.includes(lower) ||
      (digits && (bank.code ?? '').trim().startsWith(query)),
  )
}

/**
 * The one bank typed text names, for a picker left with text in it: its slug, its name (case,
 * spaces and dots ignored) or its code exactly; else the only bank the text matches. Null when
 * nothing matches or several banks do.
 */
export function bankNamedBy<B extends MatchableBank>(banks: readonly B[], text: string): B | null {
  const query = text.trim()
  if (query === '') return null
  const lower = query.toLowerCase()
  const exact =
    banks.find((bank) => bank.slug === lower) ??
    banks.find((bank) => fold(bank.name) === fold(query)) ??
    banks.find((bank) => (bank.code ?? '').trim() === query)
  if (exact) return exact
  const found = banksMatching(banks, query)
  return found.length === 1 ? (found[0] ?? null) : null
}
