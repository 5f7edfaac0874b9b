/** A bank of the sandbox's list, as the bank list endpoint gives it. */
export interface ListedBank {
  name: string
  slug: string
  code: string
}

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * Finds the slug of the bank a bank cell names: by its slug, its name as the bank list spells it
 * (case and runs of spaces not minding) or its CBN code. Null when none matches.
 */
export function createBankLookup(banks: readonly ListedBank[]): (written: string) => string | null {
  const slugOf = new Map<string, string>()
  for (const bank of banks) {
    slugOf.set(`slug:${bank.slug}`, bank.slug)
    slugOf.set(`name:${fold(bank.name)}`, bank.slug)
    slugOf.set(`code:${bank.code}`, bank.slug)
  }
  return (written) => {
    const text = written.trim()
    return (
      slugOf.get(`slug:${text.toLowerCase()}`) ??
      slugOf.get(`name:${fold(text)}`) ??
      slugOf.get(`code:${text}`) ??
      null
    )
  }
}
