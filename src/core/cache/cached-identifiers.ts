import {
  IDENTIFIER_TYPES,
  normalizeIdentifierValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'

export interface CachedIdentifier {
  label: string
  value: string
}

function isIdentifierType(label: string): label is IdentifierType {
  return (IDENTIFIER_TYPES as readonly string[]).includes(label)
}

/**
 * An identifier as the cache indexes it: the label trimmed and lower-cased, the value in the
 * one written form normalizeIdentifierValue gives (search input goes through the same
 * function, so "0803 123 4567" finds "08031234567"). A label the registry has not told us
 * about is kept, with the value only trimmed. Null when there is nothing to look up.
 */
export function cachedIdentifier(
  label: string | null | undefined,
  value: string | null | undefined,
): CachedIdentifier | null {
  const type = (label ?? '').trim().toLowerCase()
  if (type === '' || typeof value !== 'string') return null
  const normalized = isIdentifierType(type) ? normalizeIdentifierValue(type, value) : value.trim()
  return normalized === '' ? null : { label: type, value: normalized }
}
