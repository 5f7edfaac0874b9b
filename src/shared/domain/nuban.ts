/*
 * The CBN's NUBAN check digit (the 2010 standard and its revision for other financial
 * institutions, in force since 2020): the account number's 10th digit is computed from the
 * institution's code and the 9-digit serial number, so an account number alone says which
 * banks it can belong to.
 *
 * Revised standard: the institution code takes 6 digits, a 3-digit code of a deposit money bank
 * with "000" before it (011 → 000011), a 5-digit code of a microfinance bank or another
 * financial institution with "9" before it (50211 → 950211). The 15 digits of code and serial
 * number are weighted 3, 7, 3, 3, 7, 3, … and the check digit is (10 − sum mod 10) mod 10. With
 * "000" before a 3-digit code this is the 2010 standard's 12-digit sum exactly.
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const
const ACCOUNT_NUMBER = /^\d{10}$/

/** A 10-digit account number (a NUBAN), spaces and dashes dropped; null when it is not one. */
export function nubanDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '')
  return ACCOUNT_NUMBER.test(digits) ? digits : null
}

/**
 * A bank's code as the revised standard's 6 digits: "000" + a 3-digit code, "9" + a 5-digit
 * code, a 6-digit code as it is. Null when the code is missing or another length (the check
 * digit cannot be computed for it).
 */
export function nubanInstitutionCode(code: string | null | undefined): string | null {
  const digits = (code ?? '').trim()
  if (!/^\d+$/.test(digits)) return null
  if (digits.length === 3) return `000${digits}`
  if (digits.length === 5) return `9${digits}`
  if (digits.length === 6) return digits
  return null
}

/** The check digit of a 9-digit serial number at an institution (its 6-digit code). */
export function nubanCheckDigit(institution: string, serial: string): number {
  const digits = `${institution}${serial}`
  if (!/^\d{15}$/.test(digits))
    throw new Error('A NUBAN check digit needs a 6-digit institution code and 9 digits.')
  let sum = 0
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * (WEIGHTS[i] as number)
  return (10 - (sum % 10)) % 10
}

/** Whether an account number's check digit is the one a bank with this code gives. */
export function nubanFitsBank(accountNumber: string, code: string | null | undefined): boolean {
  const digits = nubanDigits(accountNumber)
  const institution = nubanInstitutionCode(code)
  if (!digits || !institution) return false
  return nubanCheckDigit(institution, digits.slice(0, 9)) === Number(digits[9])
}

/** The banks of a list whose code makes the account number's check digit valid, in list order. */
export function banksFittingNuban<B extends { code?: string | null }>(
  accountNumber: string,
  banks: readonly B[],
): B[] {
  if (!nubanDigits(accountNumber)) return []
  return banks.filter((bank) => nubanFitsBank(accountNumber, bank.code))
}
