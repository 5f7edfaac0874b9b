/** A person's search text as FTS5 takes it (see toFtsQuery). */
export interface FtsQuery {
  /** The FTS5 MATCH expression. */
  match: string
  /** What is searched, for highlighting: each word, or the words of a phrase, folded. */
  terms: FtsTerm[]
  /** Only very common words were typed: relevance ranking would mean nothing. */
  onlyCommonWords: boolean
}

export interface FtsTerm {
  words: string[]
  prefix: boolean
}

/** More terms than this add nothing for a person but cost time. */
export const MAX_TERMS = 16
const MIN_PREFIX_LENGTH = 2

// A word starts with a letter, digit or private-use character; combining marks only follow.
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu
const WORD_AT_END = /[\p{L}\p{N}\p{M}\p{Co}]$/u

/** Function words of English, the language reasons are written in. */
const COMMON_WORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i in into is it its ' +
    'of on or our she so that the their them then there they this to was we were which who ' +
    'with you'
  ).split(' '),
)

/** Case and accents dropped, as `unicode61 remove_diacritics 2` does. */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

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
 *   results follow typing ("lag" finds "Lagos"); not a single letter, which would stand for
 *   most of the vocabulary.
 * - Words like "the" or "was" are left out when other words remain: nearly every reason has
 *   them, so they narrow nothing and would only make the search slow.
 */
export function toFtsQuery(text: string, options: { prefixLast?: boolean } = {}): FtsQuery | null {
  const terms: FtsTerm[] = []
  const pieces = text.split('"')
  // An unmatched quote (an even number of pieces) is treated as a plain separator.
  const quotedPairs = Math.floor((pieces.length - 1) / 2)
  pieces.forEach((piece, index) => {
    const inQuotes = index % 2 === 1 && (index + 1) / 2 <= quotedPairs
    const words = piece.match(WORD) ?? []
    if (inQuotes) {
      if (words.length > 0) terms.push({ words, prefix: false })
    } else for (const word of words) terms.push({ words: [word], prefix: false })
  })
  if (terms.length === 0) return null

  const last = terms.at(-1) as FtsTerm
  const lastWord = last.words[0] ?? ''
  if (
    (options.prefixLast ?? true) &&
    last.words.length === 1 &&
    WORD_AT_END.test(text) &&
    [...lastWord].length >= MIN_PREFIX_LENGTH
  )
    last.prefix = true

  const isCommon = (term: FtsTerm) =>
    term.words.length === 1 && !term.prefix && COMMON_WORDS.has(foldWord(term.words[0] ?? ''))
  const meaningful = terms.filter((term) => !isCommon(term))
  const kept = (meaningful.length > 0 ? meaningful : terms).slice(0, MAX_TERMS)
  return {
    match: kept.map((term) => `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`).join(' '),
    terms: kept.map((term) => ({ words: term.words.map(foldWord), prefix: term.prefix })),
    onlyCommonWords: meaningful.length === 0,
  }
}
