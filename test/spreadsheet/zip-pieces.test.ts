import yazl from 'yazl'
import { describe, expect, it } from 'vitest'
import { INFLATE_PIECE_BYTES, ZipArchive } from '../../src/core/spreadsheet/zip-archive'
import { DEFAULT_TABLE_LIMITS } from '../../src/core/spreadsheet/table-limits'

/** A zip of one deflated part, as bytes. */
function zipOf(name: string, text: string): Promise<Uint8Array> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(text), name, { compress: true })
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    zip.outputStream.on('error', reject)
  })
}

describe("a workbook's part, unpacked", () => {
  it('comes in pieces of INFLATE_PIECE_BYTES, each a turn of the event loop, not in zlib’s 16 KB', async () => {
    // A megabyte of rows, as a sheet's XML: a piece of text each.
    const row = (i: number) => `<row r="${i}"><c t="inlineStr"><is><t>Row ${i}</t></is></c></row>`
    const text = Array.from({ length: 20_000 }, (_, i) => row(i + 1)).join('')
    const zip = await ZipArchive.open(
      { bytes: await zipOf('sheet.xml', text) },
      {
        ...DEFAULT_TABLE_LIMITS,
      },
    )
    const pieces: string[] = []
    for await (const piece of (await zip.openText('sheet.xml')) ?? []) pieces.push(piece)
    zip.close()
    expect(pieces.join('')).toBe(text)
    const sizes = pieces.map((piece) => Buffer.byteLength(piece)).filter((n) => n > 0)
    expect(Math.max(...sizes)).toBe(INFLATE_PIECE_BYTES)
    // zlib may end a piece early where its input's pieces end: a few more, never 16 KB ones.
    expect(sizes.length).toBeLessThanOrEqual(Math.ceil(text.length / INFLATE_PIECE_BYTES) + 2)
  })
})
