import { describe, expect, it } from 'vitest'
import { MAX_TERMS, toFtsQuery } from '../../../src/core/cache/fts-query'

const match = (text: string) => toFtsQuery(text)?.match ?? null

describe('toFtsQuery', () => {
  it('quotes every word, keeps quoted phrases, and makes the last word a prefix', () => {
    expect(match('mule lag')).toBe('"mule" "lag"*')
    expect(match('mule lagos ')).toBe('"mule" "lagos"')
    expect(match('"your account" blocked')).toBe('"your account" "blocked"*')
    expect(match('"your account"')).toBe('"your account"')
    expect(match('say "unclosed phrase')).toBe('"say" "unclosed" "phrase"*')
    expect(match('NEAR(a b) OR NOT x')).toBe('"NEAR" "b" "NOT" "x"')
    expect(match('Adébáyọ̀')).toBe('"Adébáyọ̀"*')
  })

  it('does not make a single letter a prefix: it would stand for most words', () => {
    expect(match('mule b')).toBe('"mule" "b"')
    expect(match('mule bo')).toBe('"mule" "bo"*')
  })

  it('leaves out common words when others remain, but keeps them in phrases', () => {
    expect(match('the mule was in Lagos ')).toBe('"mule" "Lagos"')
    expect(match('"the funds were moved"')).toBe('"the funds were moved"')
    expect(toFtsQuery('The was ')).toEqual({
      match: '"The" "was"',
      terms: [
        { words: ['the'], prefix: false },
        { words: ['was'], prefix: false },
      ],
      onlyCommonWords: true,
    })
    // A common word being typed is a prefix of others, so it is kept.
    expect(match('mule the')).toBe('"mule" "the"*')
  })

  it('gives the folded terms for highlighting', () => {
    expect(toFtsQuery('Café "Ọlá Adébáyọ̀" lag')?.terms).toEqual([
      { words: ['cafe'], prefix: false },
      { words: ['ola', 'adebayo'], prefix: false },
      { words: ['lag'], prefix: true },
    ])
  })

  it('returns null when there is no word to search', () => {
    for (const text of ['', '   ', '"', '""', '*', '-', '()', '^:', '😀 🙈', '\u0301'])
      expect(toFtsQuery(text), text).toBeNull()
  })

  it('bounds the number of terms', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')
    expect(match(many)?.split(' ')).toHaveLength(MAX_TERMS)
  })
})
