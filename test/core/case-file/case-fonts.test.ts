import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { caseFonts } from '../../../src/core/case-file/case-resources'

/* The case file's fonts carry every letter of Yoruba, Igbo and Hausa, the tone marks and ₦. */

// fontkit is the font engine pdfkit lays text out with: the same reading of the font.
const fontkit = createRequire(import.meta.url)('fontkit') as {
  create(bytes: Buffer): { hasGlyphForCodePoint(cp: number): boolean }
}

const LETTERS =
  'ẸẹỌọṢṣỊịỤụṄṅƁɓƊɗƘƙƳƴŊŋÀàÁáÈèÉéÌìÍíÒòÓóÙùÚúǸǹŃńĀāĒēĪīŌōŪū' +
  '\u0300\u0301\u0302\u0304\u030c\u0323\u0329' + // combining grave, acute, circumflex, macron, caron, dot below, vertical line below
  '₦'

describe('the case file fonts', () => {
  it.each(['regular', 'bold'] as const)('%s has a glyph for every letter and mark', (weight) => {
    const font = fontkit.create(caseFonts()[weight])
    const missing = [...LETTERS].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0)!))
    expect(missing).toEqual([])
  })
})
