/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error: FTS5 operators
 * (`"`, `*`, `NEAR(`, `-`, `:`, `^`, AND/OR/NOT, parentheses) are never passed through.
 *
 * - Words are runs of letters and digits (with their combining marks); every other character
 *   separates words, as the unicode61 tokenizer does. Each word becomes a quoted string, so
 *   "NOT" or "NEAR" are searched as words.
 * - Text between a pair of double quotes is kept together as a phrase.
 * - All words and phrases must occur (FTS5's implicit AND).
 * - The last word is a prefix when the text does not end in a space or a closing quote, so
 *   results follow typing ("lag" finds "Lagos").
 *
 * Returns null when there is nothing to search for.
 */
export function toFtsQuery(text: string, options: { prefixLast?: boolean } = {}): string | null {
  const parts: string[] = []
  const pieces = text.split('"')
  // An unmatched quote (an even number of pieces) is treated as a plain separator.
  const quotedPairs = Math.floor((pieces.length - 1) / 2)
  pieces.forEach((piece, index) => {
    const inQuotes = index % 2 === 1 && (index + 1) / 2 <= quotedPairs
    const words = piece.match(WORD) ?? []
    if (inQuotes) {
      if (words.length > 0) parts.push(`"${words.join(' ')}"`)
    } else for (const word of words) parts.push(`"${word}"`)
  })
  if (parts.length === 0) return null
  const kept = parts.slice(0, MAX_TERMS)
  const endsInWord = WORD_AT_END.test(text) && kept.length === parts.length
  if ((options.prefixLast ?? true) && endsInWord) kept[kept.length - 1] += '*'
  return kept.join(' ')
}

/** More terms than this add nothing for a person but cost time. */
export const MAX_TERMS = 16

// A word starts with a letter, digit or private-use character; combining marks only follow.
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu
const WORD_AT_END = /[\p{L}\p{N}\p{M}\p{Co}]$/u
