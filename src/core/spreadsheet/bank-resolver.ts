/** A bank as the bank list gives it (registry-api.md 2.7); `code` is the CBN code. */
export interface BulkBank {
  name: string
  slug: string
  code?: string | null
}

/** Case, spaces and dots do not tell two bank names apart ("Access Bank Plc." = "ACCESS BANK PLC"). */
const fold = (text: string) => text.toLowerCase().replace(/[\s.]+/g, '')

export type BankResolver = (written: string) => string | null

/**
 * Turns what a user wrote in a bank cell (the bank's name, its slug or its code) into its slug,
 * or null when no bank in the list matches. A Map: a bank called "constructor" is just a name.
 */
export function createBankResolver(banks: readonly BulkBank[]): BankResolver {
  const bySlug = new Map<string, string>()
  const byName = new Map<string, string>()
  const byCode = new Map<string, string>()
  for (const bank of banks) {
    const slug = bank.slug.trim().toLowerCase()
    if (!slug) continue
    bySlug.set(slug, slug)
    if (!byName.has(fold(bank.name))) byName.set(fold(bank.name), slug)
    const code = bank.code?.trim()
    if (code && !byCode.has(code)) byCode.set(code, slug)
  }
  return (written) => {
    const text = written.trim()
    if (!text) return null
    return bySlug.get(text.toLowerCase()) ?? byName.get(fold(text)) ?? byCode.get(text) ?? null
  }
}
