/*
 * The PNGs Casefile makes itself (drawing.ts: 8-bit RGB, not interlaced, no palette or
 * transparency), handed to pdfkit as an image it embeds as they are: their compressed rows
 * become the image's FlateDecode stream with the PNG predictor, as pdfkit's own PNG image does,
 * but without png-js, which copies the rows into a JavaScript array one byte at a time (5 s and
 * hundreds of megabytes for a case of 150 drawn pages). Any other PNG is left to pdfkit.
 */

/** What pdfkit's `image()` takes as an opened image (PDFDocument's own PNGImage's face). */
interface PdfkitDocument {
  _imageCount: number
  ref(data: Record<string, unknown>): { data: Record<string, unknown>; end(bytes?: Buffer): void }
}

export interface OwnPngImage {
  label: string
  width: number
  height: number
  obj: unknown
  embed(document: unknown): void
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The size and compressed rows of a PNG Casefile made; null for any other. */
export function ownPngRows(bytes: Buffer): { width: number; height: number; rows: Buffer } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null
  if (bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) return null
  const [depth, colour, compression, filter, interlace] = bytes.subarray(24, 29)
  if (depth !== 8 || colour !== 2 || compression !== 0 || filter !== 0 || interlace !== 0)
    return null
  const idat: Buffer[] = []
  for (let at = 33; at + 12 <= bytes.length;) {
    const size = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    if (at + 12 + size > bytes.length) return null
    if (type === 'IEND') break
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + size))
    // Anything that changes how the pixels read (a palette, transparency) is pdfkit's to handle.
    else if (type === 'PLTE' || type === 'tRNS') return null
    at += 12 + size
  }
  if (idat.length === 0) return null
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    rows: idat.length === 1 ? idat[0]! : Buffer.concat(idat),
  }
}

/** `bytes` as an image for pdfkit's `image()`, when Casefile made it; null: let pdfkit open it. */
export function openOwnPng(doc: unknown, bytes: Buffer): OwnPngImage | null {
  const png = ownPngRows(bytes)
  if (!png) return null
  const pdf = doc as PdfkitDocument
  let rows: Buffer | null = png.rows
  const image: OwnPngImage = {
    label: `I${++pdf._imageCount}`,
    width: png.width,
    height: png.height,
    obj: null,
    embed(document) {
      if (image.obj || !rows) return
      const target = document as PdfkitDocument
      const obj = target.ref({
        Type: 'XObject',
        Subtype: 'Image',
        BitsPerComponent: 8,
        Width: png.width,
        Height: png.height,
        Filter: 'FlateDecode',
        ColorSpace: 'DeviceRGB',
      })
      const params = target.ref({
        Predictor: 15,
        Colors: 3,
        BitsPerComponent: 8,
        Columns: png.width,
      })
      obj.data['DecodeParms'] = params
      params.end()
      obj.end(rows)
      image.obj = obj
      rows = null
    },
  }
  return image
}
