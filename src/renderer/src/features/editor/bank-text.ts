const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What is wrong with the bank of an account row when it is text the bank picker kept (typed and
 * left, not picked): not a bank of the list, or, with no list yet, a name that cannot be looked
 * up. Null when it is a bank of the list, or a slug passed on for the registry to check.
 */
export function bankTextProblem(
  bank: string,
  bankSlugs: ReadonlySet<string> | undefined,
): string | null {
  if (bankSlugs ? bankSlugs.has(bank) : SLUG.test(bank)) return null
  return bankSlugs
    ? `“${bank}” is not a bank of the list: pick the bank from the list (by name, slug or CBN code), or refresh the list if the bank is new.`
    : `No bank list is saved on this computer yet, so “${bank}” cannot be looked up: refresh the bank list, or type the bank’s slug (for example zenith-bank).`
}
