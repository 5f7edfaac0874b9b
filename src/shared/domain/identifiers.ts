import { z } from 'zod'

/** Identifier types the registry accepts as `label` (registry-notes.md: search body). */
export const IDENTIFIER_TYPES = [
  'account',
  'bvn',
  'nin',
  'drivers_license',
  'international_passport',
  'email',
  'phone',
  'account_name',
  'social_handle',
] as const

export type IdentifierType = (typeof IDENTIFIER_TYPES)[number]

export const IDENTIFIER_TYPE_LABELS: Record<IdentifierType, string> = {
  account: 'Bank account',
  bvn: 'BVN',
  nin: 'NIN',
  drivers_license: "Driver's licence",
  international_passport: 'International passport',
  email: 'Email',
  phone: 'Phone',
  account_name: 'Account name',
  social_handle: 'Social media handle',
}

export const identifierTypeSchema = z.enum(IDENTIFIER_TYPES, {
  error: (issue) =>
    `Identifier type ${JSON.stringify(issue.input)} is not one the registry knows. Use one of: ${IDENTIFIER_TYPES.join(', ')}.`,
})

export const NUBAN_LENGTH = 10
const ACCOUNT_NUMBER = /^\d{10}$/
/** A bank's slug as the registry's bank list writes them: lower-case words joined by hyphens. */
export const BANK_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const ELEVEN_DIGITS = /^\d{11}$/
// Pragmatic email shape: one @, no spaces, a dot in the domain, no leading/trailing dot in parts.
const EMAIL = /^[^\s@.][^\s@]*@[^\s@.-][^\s@]*\.[a-z]{2,63}$/i
const INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/
/**
 * The spellings of one Nigerian mobile number people and spreadsheets use, around its 10 digits
 * after the trunk 0 (70…, 80…, 81…, 90…, 91…): 08031234567, +2348031234567, 2348031234567,
 * 8031234567, +23408031234567 and 23408031234567 (the trunk 0 kept after the country code) and
 * 002348031234567. One list: the rule that accepts a number (NIGERIAN_PHONE) and the spellings
 * it is searched under (nigerianPhoneSpellings) are both made from it, so every spelling
 * accepted as a number is searched, and none that is not. The canonical one (0…) first.
 */
export const NIGERIAN_PHONE_PREFIXES = ['0', '+234', '234', '', '+2340', '2340', '00234'] as const
const escapeRegExp = (text: string) => text.replace(/[+]/g, '\\+')
const NIGERIAN_PHONE = new RegExp(
  `^(?:${NIGERIAN_PHONE_PREFIXES.map(escapeRegExp).join('|')})([789][01]\\d{8})$`,
)
const PHONE_SEPARATORS = /[\s().\u2010-\u2015-]/g
export const MAX_FREE_TEXT_IDENTIFIER = 200

export interface AccountParts {
  accountNumber: string
  bankSlug: string
}

/** Splits `<account_number>_<bank_slug>` at the first underscore; null when there is none. */
export function splitAccountValue(value: string): AccountParts | null {
  const at = value.indexOf('_')
  if (at <= 0 || at === value.length - 1) return null
  return { accountNumber: value.slice(0, at), bankSlug: value.slice(at + 1) }
}

/**
 * An identifier as a person reads it: an account as "0123456789 · Access Bank" (the bank's name
 * when the list knows its slug), anything else as it is.
 */
export function displayIdentifierValue(
  label: string | null | undefined,
  value: string,
  bankName: (slug: string) => string | undefined,
): string {
  if (label !== 'account') return value
  const parts = splitAccountValue(value)
  if (!parts) return value
  return `${parts.accountNumber} · ${bankName(parts.bankSlug) ?? parts.bankSlug}`
}

export function joinAccountValue(parts: AccountParts): string {
  return `${parts.accountNumber.trim()}_${parts.bankSlug.trim()}`
}

/**
 * Puts a value in the one written form Casefile stores and sends, so the same person is found
 * whichever way it was typed: trims, writes phones as canonicalPhone does, lower-cases emails
 * and slugs, drops spaces and dashes from account numbers, BVNs and NINs.
 */
export function normalizeIdentifierValue(type: IdentifierType, raw: string): string {
  const value = raw.trim()
  switch (type) {
    case 'phone':
      return canonicalPhone(value)
    case 'email':
      return value.toLowerCase()
    case 'account': {
      const parts = splitAccountValue(value)
      return parts
        ? joinAccountValue({
            accountNumber: parts.accountNumber.replace(/[\s-]/g, ''),
            bankSlug: parts.bankSlug.toLowerCase(),
          })
        : value.replace(/[\s-]/g, '')
    }
    case 'bvn':
    case 'nin':
      return value.replace(/[\s-]/g, '')
    default:
      return value
  }
}

/**
 * A phone number in the one form Casefile stores and sends: a Nigerian mobile number as its 11
 * local digits (08031234567, as the registry's examples and the sandbox write it), whichever of
 * its spellings was typed; any other number with its separators dropped and a leading 00 as +.
 */
export function canonicalPhone(raw: string): string {
  const compact = raw.trim().replace(PHONE_SEPARATORS, '')
  const nigerian = NIGERIAN_PHONE.exec(compact)
  if (nigerian) return `0${nigerian[1]}`
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact
}

/**
 * Every compact spelling the registry may hold one Nigerian mobile number under (its records are
 * matched exactly, and other organizations write numbers their own way): each spelling the
 * identifier rules accept as that number, the canonical 080… first. Null for a number that is
 * not Nigerian.
 */
export function nigerianPhoneSpellings(raw: string): string[] | null {
  const nigerian = NIGERIAN_PHONE.exec(raw.trim().replace(PHONE_SEPARATORS, ''))
  if (!nigerian) return null
  const subscriber = nigerian[1] as string
  return NIGERIAN_PHONE_PREFIXES.map((prefix) => `${prefix}${subscriber}`)
}

/** Types whose values are free text: matched by the registry as written, letter for letter. */
export const FREE_TEXT_TYPES: readonly IdentifierType[] = [
  'drivers_license',
  'international_passport',
  'account_name',
  'social_handle',
]

/** Each value once, in order. */
const distinct = (values: readonly string[]) => [...new Set(values)]

/**
 * The values to look for one identifier under, the stored (normalized) form first: a Nigerian
 * phone in each of its spellings; an email in lower case and, when typed otherwise, as typed
 * (the registry may hold it with capitals another organization used; any other capitalization
 * cannot be found); a free-text value also in Unicode's composed (NFC) and decomposed (NFD)
 * forms where they differ (a name with accents looks the same on screen either way, but the
 * registry compares the code points); anything else in its one normalized form.
 */
export function identifierSpellings(type: IdentifierType, raw: string): string[] {
  const canonical = normalizeIdentifierValue(type, raw)
  if (type === 'phone') return nigerianPhoneSpellings(raw) ?? [canonical]
  if (type === 'email') return distinct([canonical, raw.trim()])
  if (FREE_TEXT_TYPES.includes(type))
    return distinct([canonical, canonical.normalize('NFC'), canonical.normalize('NFD')])
  return [canonical]
}

/**
 * The value as typed, kept beside the normalized one where it adds a spelling to search: an
 * email typed with capitals (its stored form is lower case). Null where the stored form says
 * it all (every other type's spellings follow from its stored form).
 */
export function typedSpelling(type: IdentifierType, raw: string): string | null {
  if (type !== 'email') return null
  const typed = raw.trim().replace(/^mailto:/i, '')
  return typed !== normalizeIdentifierValue('email', typed) ? typed : null
}

export interface IdentifierCheckOptions {
  /** Slugs of the known bank list; when given, an account's slug must be one of them. */
  bankSlugs?: ReadonlySet<string>
}

/** Checks one identifier value for its type; returns a message saying what is wrong and how to fix it, or null. */
export function checkIdentifierValue(
  type: IdentifierType,
  value: string,
  options: IdentifierCheckOptions = {},
): string | null {
  if (value.trim() === '') return `${IDENTIFIER_TYPE_LABELS[type]} is empty: enter a value.`
  if (value !== value.trim())
    return `${IDENTIFIER_TYPE_LABELS[type]} has spaces at its start or end: remove them.`
  switch (type) {
    case 'account': {
      const parts = splitAccountValue(value)
      if (!parts)
        return 'A bank account is written <account_number>_<bank_slug>, e.g. 0123456789_access-bank: pick the bank from the list.'
      if (!ACCOUNT_NUMBER.test(parts.accountNumber))
        return `Account number "${parts.accountNumber}" must be ${NUBAN_LENGTH} digits (NUBAN), with no spaces or letters.`
      if (!BANK_SLUG.test(parts.bankSlug))
        return `Bank slug "${parts.bankSlug}" is not a slug (lower-case letters, digits and dashes): pick the bank from the list.`
      if (options.bankSlugs && !options.bankSlugs.has(parts.bankSlug))
        return `Bank "${parts.bankSlug}" is not in the bank list: pick the bank from the list, or refresh the list if the bank is new.`
      return null
    }
    case 'bvn':
      return ELEVEN_DIGITS.test(value) ? null : 'A BVN is 11 digits, with no spaces or letters.'
    case 'nin':
      return ELEVEN_DIGITS.test(value) ? null : 'A NIN is 11 digits, with no spaces or letters.'
    case 'email':
      return value.length <= 254 && EMAIL.test(value)
        ? null
        : `"${value}" is not an email address (name@example.com).`
    case 'phone':
      if (NIGERIAN_PHONE.test(value) || INTERNATIONAL_PHONE.test(value)) return null
      return 'A phone number is a Nigerian mobile number (08031234567, +2348031234567, 2348031234567 or 8031234567) or an international number starting with + (e.g. +447911123456), without spaces.'
    default:
      return [...value].length <= MAX_FREE_TEXT_IDENTIFIER
        ? null
        : `${IDENTIFIER_TYPE_LABELS[type]} is longer than ${MAX_FREE_TEXT_IDENTIFIER} characters: shorten it.`
  }
}

export const identifierInputShape = {
  label: identifierTypeSchema,
  value: z.string({ error: 'An identifier value must be text.' }),
}

export function createIdentifierInputSchema(options: IdentifierCheckOptions = {}) {
  return z.strictObject(identifierInputShape).superRefine((identifier, ctx) => {
    const problem = checkIdentifierValue(identifier.label, identifier.value, options)
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem })
  })
}

export const identifierInputSchema = createIdentifierInputSchema()
export type IdentifierInput = z.infer<typeof identifierInputSchema>
