import { FRAUD_TYPES, FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain'

/** Case, spaces, dashes, underscores and slashes aside: "Identity theft" is identity_theft. */
const fold = (text: string) => text.toLowerCase().replace(/[\s_\-/]+/g, '')

/** Each fraud type under its code and its name (the name the user guide tells people to write). */
const FRAUD_TYPE_BY_FOLDED = new Map<string, FraudType>()
for (const type of FRAUD_TYPES) {
  FRAUD_TYPE_BY_FOLDED.set(fold(type), type)
  FRAUD_TYPE_BY_FOLDED.set(fold(FRAUD_TYPE_LABELS[type]), type)
}

/** The names, as the template's list and the user guide write them. */
const NAMES = FRAUD_TYPES.map((type) => `"${FRAUD_TYPE_LABELS[type]}"`).join(', ')

/** A typo of a few letters at most: one in four of the word's letters, never more than 3. */
const maxEdits = (length: number) => Math.min(3, Math.floor(length / 4))

export type FraudTypeCell = { ok: true; type: FraudType } | { ok: false; message: string }

/** The fraud type a cell names, or a message naming the types by name (with the closest one). */
export function readFraudTypeCell(written: string): FraudTypeCell {
  if (written === '')
    return { ok: false, message: `The fraud type is empty: write one of ${NAMES}.` }
  const type = FRAUD_TYPE_BY_FOLDED.get(fold(written))
  if (type) return { ok: true, type }
  const closest = closestFraudType(written)
  const guess = closest ? ` Did you mean "${FRAUD_TYPE_LABELS[closest]}"?` : ''
  return {
    ok: false,
    message: `Fraud type "${written}" is not one Casefile knows.${guess} Write one of ${NAMES}.`,
  }
}

/** The type whose name or code is a plural, singular or small misspelling of the text's, if one. */
function closestFraudType(written: string): FraudType | null {
  const folded = fold(written)
  // Only the first 100 letters are compared: a cell of text is not a typo of a type's name.
  if (folded.length === 0 || folded.length > 100) return null
  let best: { type: FraudType; edits: number } | null = null
  for (const [name, type] of FRAUD_TYPE_BY_FOLDED) {
    // "Romance frauds" and "Money mules": the plural of a name is the nearest of all.
    const edits = folded === `${name}s` ? 0 : editDistance(folded, name)
    if (edits <= maxEdits(name.length) && (!best || edits < best.edits)) best = { type, edits }
  }
  return best?.type ?? null
}

/** Levenshtein distance: insertions, deletions and substitutions of one letter each. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] ?? 0
}
