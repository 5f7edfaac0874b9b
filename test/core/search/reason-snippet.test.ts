import { describe, expect, it } from 'vitest'
import { reasonSnippet } from '../../../src/core/search/reason-snippet'
import { toFtsQuery } from '../../../src/core/cache/fts-query'

const terms = (text: string) => toFtsQuery(text)?.terms ?? []
const render = (parts: { text: string; match: boolean }[]) =>
  parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('')

describe('reasonSnippet', () => {
  it('marks the matching words, whatever their case and accents, and prefixes', () => {
    const text = 'Ọlá Adébáyọ̀ met the victim at a café in Lagos; LAGOS police were told.'
    expect(render(reasonSnippet(text, terms('ola cafe lag')))).toBe(
      '[Ọlá] Adébáyọ̀ met the victim at a [café] in [Lagos]; [LAGOS] police were told.',
    )
  })

  it('shows a window around the first match, with ellipses where text was cut', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`)
    words[30] = 'mule'
    const parts = reasonSnippet(words.join(' ') + '.', terms('mule '), 10)
    expect(render(parts)).toBe('…w26 w27 w28 w29 [mule] w31 w32 w33 w34 w35…')
  })

  it('starts at the beginning when nothing matches, and copes with empty text', () => {
    expect(render(reasonSnippet('One two three.', terms('zebra '), 2))).toBe('One two…')
    expect(reasonSnippet('', terms('zebra'))).toEqual([])
    expect(reasonSnippet('—', terms('zebra'))).toEqual([{ text: '—', match: false }])
  })
})
