import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { opaquePng, pngFile } from '../../../src/core/case-file/drawing'
import { ownPngRows } from '../../../src/core/case-file/pdf-own-png'
import { createPdfWriter } from '../../../src/core/case-file/pdf-writer'
import { pdfImages } from './case-file-support'

/*
 * The pictures Casefile draws (drawing.ts's PNGs) go into case.pdf as their compressed rows,
 * without pdfkit's png-js copying them a byte at a time; any other PNG is still pdfkit's.
 */

const drawn = (width: number, height: number) => {
  const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 37) & 0xff)
  return opaquePng(rgba, width, height)
}

describe('a PNG Casefile drew, in case.pdf', () => {
  it('is read as its size and compressed rows; a PNG with alpha is left to pdfkit', () => {
    const png = drawn(30, 20)
    expect(ownPngRows(png)).toMatchObject({ width: 30, height: 20 })
    const rgba = pngFile(2, 2, 'rgba', deflateSync(Buffer.alloc(2 * 9)))
    expect(ownPngRows(rgba)).toBeNull()
    expect(ownPngRows(Buffer.from('not a png at all, not at all, no'))).toBeNull()
  })

  it('is embedded at its own size, beside a PNG pdfkit opens itself', async () => {
    const pdf = createPdfWriter({ title: 'pictures', subject: 'test' })
    const rgba = pngFile(4, 3, 'rgba', deflateSync(Buffer.alloc(3 * 17)))
    pdf.exhibit(
      [{ text: 'Two pictures', bold: true }],
      [
        { bytes: drawn(300, 200), caption: 'drawn by Casefile', otherwise: 'not drawn' },
        { bytes: rgba, caption: 'with alpha', otherwise: 'not drawn' },
      ],
    )
    const path = join(mkdtempSync(join(tmpdir(), 'casefile-own-png-')), 'p.pdf')
    writeFileSync(path, await pdf.finish((page, pages) => `page ${page} of ${pages}`))
    const images = pdfImages(path)
    expect(images).toContainEqual({ width: 300, height: 200, type: 'image' })
    expect(images).toContainEqual({ width: 4, height: 3, type: 'image' })
  })
})
