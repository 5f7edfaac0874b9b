import { IDENTIFIER_TYPES, normalizeIdentifierValue, type IdentifierType } from './identifiers'

export interface FingerprintSource {
  fraudType: string
  fraudReason: string
  identifiers: readonly { label: string; value: string }[]
}

/**
 * What makes two reports "the same report": fraud type, reason (trimmed, inner white space
 * folded) and the set of identifiers (normalized, order ignored). Used to spot a duplicate
 * row in a spreadsheet, a report already queued, and a create the registry already has.
 */
export function reportIdentityKey(report: FingerprintSource): string {
  const identifiers = report.identifiers
    .map(({ label, value }) => {
      const type = (IDENTIFIER_TYPES as readonly string[]).includes(label)
        ? (label as IdentifierType)
        : null
      return `${label}:${type ? normalizeIdentifierValue(type, value) : value.trim()}`
    })
    .sort()
  return JSON.stringify([
    report.fraudType.trim(),
    report.fraudReason.trim().replace(/\s+/g, ' '),
    identifiers,
  ])
}

/** A short hash of reportIdentityKey (cyrb53: fast, well spread; not for security). */
export function reportFingerprint(report: FingerprintSource): string {
  const text = reportIdentityKey(report)
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}
