import { foldWord, type FtsTerm } from '../cache/cache'

/** A piece of a hit's reason: the words that matched are `match: true`. */
export interface SnippetPart {
  text: string
  match: boolean
}

const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu
const WORDS_BEFORE_FIRST_MATCH = 4

/**
 * A window of about `maxWords` words of the reason, starting just before the first match,
 * with the matching words marked. Built here rather than with FTS5's snippet(), which would
 * have to be computed for every ranked candidate, not just the hits shown.
 */
export function reasonSnippet(
  text: string,
  terms: readonly FtsTerm[],
  maxWords = 24,
): SnippetPart[] {
  const exact = new Set<string>()
  const prefixes: string[] = []
  for (const term of terms)
    for (const word of term.words) {
      if (term.prefix) prefixes.push(word)
      else exact.add(word)
    }
  const isMatch = (word: string) => {
    const folded = foldWord(word)
    return exact.has(folded) || prefixes.some((prefix) => folded.startsWith(prefix))
  }

  const words = [...text.matchAll(WORD)].map((m) => ({ at: m.index, word: m[0] }))
  if (words.length === 0) return text ? [{ text, match: false }] : []
  const first = Math.max(
    0,
    words.findIndex((w) => isMatch(w.word)),
  )
  const start = Math.max(0, first - WORDS_BEFORE_FIRST_MATCH)
  const end = Math.min(words.length, start + maxWords)

  const parts: SnippetPart[] = []
  const push = (piece: string, match: boolean) => {
    if (piece === '') return
    const previous = parts.at(-1)
    if (previous && previous.match === match && !match) previous.text += piece
    else parts.push({ text: piece, match })
  }
  if (start > 0) push('…', false)
  let cursor = start > 0 ? (words[start]?.at ?? 0) : 0
  for (let i = start; i < end; i++) {
    const { at, word } = words[i] as { at: number; word: string }
    push(text.slice(cursor, at), false)
    push(word, isMatch(word))
    cursor = at + word.length
  }
  if (end < words.length) {
    push(text.slice(cursor, words[end]?.at).trimEnd(), false)
    push('…', false)
  } else push(text.slice(cursor), false)
  return parts
}
