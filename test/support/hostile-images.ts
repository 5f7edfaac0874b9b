import { readFileSync } from 'node:fs'
import { constants, deflateRawSync } from 'node:zlib'
import { pngFile } from '../../src/core/case-file/drawing'

/*
 * Decompression bombs, made here byte by byte and never inflated here: small files whose headers
 * or streams declare far more than they hold, as anyone with a registry key could upload them.
 */

/**
 * A zlib stream that inflates to `size` zero bytes (valid: its checksum is right), made without
 * holding them: one megabyte of zeros compressed once (about a kilobyte, ending byte-aligned and
 * not final), repeated, then the rest and an empty final block. About 1 KB per MB.
 */
export function zerosZlib(size: number): Buffer {
  const CHUNK = 1 << 20
  const piece = (n: number) =>
    deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const whole = piece(CHUNK)
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])]
  for (let i = 0; i < Math.floor(size / CHUNK); i++) parts.push(whole)
  if (size % CHUNK) parts.push(piece(size % CHUNK))
  parts.push(Buffer.from([0x03, 0x00])) // a final fixed-Huffman block holding nothing
  // Adler-32 of `size` zeros: a stays 1, b adds 1 per byte.
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE(((size % 65521) * 0x10000 + 1) >>> 0)
  parts.push(adler)
  return Buffer.concat(parts)
}

/**
 * A valid RGBA PNG of `width`×`height` transparent pixels: 16000×16000 is 1 GB of pixels in a
 * 1 MB file.
 */
export function pngBomb(width: number, height: number): Buffer {
  return pngFile(width, height, 'rgba', zerosZlib((width * 4 + 1) * height))
}

/** The case file's test photo (a real JPEG), its frame header (SOF0) saying `width`×`height`. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const photo = Buffer.from(
    readFileSync(new URL('../fixtures/case-file/photo.jpg', import.meta.url)),
  )
  const sof = photo.indexOf(Buffer.from([0xff, 0xc0]))
  if (sof < 0) throw new Error('the test photo has no SOF0')
  photo.writeUInt16BE(height, sof + 5)
  photo.writeUInt16BE(width, sof + 7)
  return photo
}

/** A one-page PDF (A4) from its objects (4 on), with a correct cross-reference table. */
function pdfOf(page: string, objects: readonly Buffer[]): Buffer {
  const all = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${page} >>`),
    ...objects,
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0]!.length
  const offsets: number[] = []
  all.forEach((object, i) => {
    offsets.push(length)
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')])
    parts.push(part)
    length += part.length
  })
  let tail = `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`
  tail += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`
  return Buffer.concat([...parts, Buffer.from(tail)])
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ])

/**
 * A PDF whose page's content stream is a Flate bomb: `size` zero bytes (whitespace to a PDF
 * reader, which keeps every byte it inflates), 1.5 GB in a 1.5 MB file.
 */
export function pdfContentBomb(size: number): Buffer {
  return pdfOf('/Contents 4 0 R /Resources << >>', [
    stream('/Filter /FlateDecode', zerosZlib(size)),
  ])
}

/**
 * A PDF whose page draws one image XObject of `side`×`side` grey pixels (within the pixel cap)
 * whose stream inflates to `size` zero bytes: far more than the image needs.
 */
export function pdfImageBomb(side: number, size: number): Buffer {
  return pdfOf('/Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >>', [
    stream('', Buffer.from('q 500 0 0 700 48 70 cm /Im1 Do Q')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      zerosZlib(size),
    ),
  ])
}
