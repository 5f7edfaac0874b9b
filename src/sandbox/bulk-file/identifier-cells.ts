import type { IdentifierType } from '../../shared/domain/identifiers'

/** What people put between a phone number's digits: spaces, brackets, dots, dashes of any width. */
const PHONE_PUNCTUATION = /[\s().\u2010-\u2015-]/g
/**
 * A Nigerian mobile number: ten digits after the trunk 0 (70…, 80…, 81…, 90…, 91…), written
 * with the 0 (08031234567), the country code (+2348031234567, 2348031234567, 002348031234567),
 * the country code and the 0 kept (+23408031234567, 23408031234567), or neither (8031234567).
 */
const NIGERIAN_MOBILE = /^(?:0|\+?2340?|00234)?([789][01]\d{8})$/
const SPACES_AND_DASHES = /[\s-]/g

/**
 * How the registry files an identifier written in a cell of the bulk template (the sandbox's
 * decision: src/sandbox/README.md, "Row rules"), so that a spreadsheet's spelling of a value
 * files the value a create's body would carry: a Nigerian mobile number as its 11 local digits
 * (08031234567, the form the registry's examples use) whichever way it was written, another
 * number without its punctuation and with a leading 00 as +; an email in lower case; an account
 * number, BVN or NIN without spaces and dashes; the rest as written, trimmed. A create's or a
 * search's value is never rewritten: the registry matches what it is sent exactly.
 */
export function fileableIdentifierValue(type: IdentifierType, cell: string): string {
  const written = cell.trim()
  if (type === 'phone') {
    const digits = written.replace(PHONE_PUNCTUATION, '')
    const mobile = NIGERIAN_MOBILE.exec(digits)
    if (mobile) return `0${mobile[1]}`
    return digits.startsWith('00') ? `+${digits.slice(2)}` : digits
  }
  if (type === 'email') return written.toLowerCase()
  if (type === 'bvn' || type === 'nin') return written.replace(SPACES_AND_DASHES, '')
  if (type === 'account') {
    // `<account_number>_<bank_slug>`, split at the first underscore.
    const at = written.indexOf('_')
    if (at <= 0 || at === written.length - 1) return written.replace(SPACES_AND_DASHES, '')
    const number = written.slice(0, at).replace(SPACES_AND_DASHES, '')
    return `${number.trim()}_${written
      .slice(at + 1)
      .toLowerCase()
      .trim()}`
  }
  return written
}
