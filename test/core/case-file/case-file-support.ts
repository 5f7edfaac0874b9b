import { drawnPdf } from '../../support/sample-files'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

/** The case file's test pictures: made by pdftoppm from a page, so real PNG and JPEG files. */
export const PHOTO_JPEG = readFileSync(
  new URL('../../fixtures/case-file/photo.jpg', import.meta.url),
)
export const SCREENSHOT_PNG = readFileSync(
  new URL('../../fixtures/case-file/screenshot.png', import.meta.url),
)

/**
 * A one-page A4 PDF, written out here with a correct xref table: a red band and the words
 * "Bank statement" in Helvetica (a standard font, not embedded: pdf.js draws it from its own
 * copy). Its first page is what case.pdf must show.
 */
export const STATEMENT_PDF: Buffer = drawnPdf(
  '1 0 0 rg 56 640 483 140 re f BT /F1 28 Tf 0 g 72 560 Td (Bank statement) Tj ET',
  {
    size: [595, 842],
    resources: '<< /Font << /F1 5 0 R >> >>',
    more: ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
  },
)

/** The images in a PDF, as `pdfimages -list` gives them: width and height of each. */
export function pdfImages(path: string): { width: number; height: number; type: string }[] {
  const out = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.trim().split(/\s+/)
      return { width: Number(cols[3]), height: Number(cols[4]), type: cols[2]! }
    })
}

/** The name the tests put in the fraud reason: combining tone marks (ọ̀) and dotted capitals. */
export const YORUBA_NAME = 'Adébáyọ̀ Ọlánrewájú'

/** Writes the zip and unpacks it with the system's unzip: the files as an investigator gets them. */
export function unpack(bytes: Uint8Array): { zip: string; dir: string; files: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'casefile-case-'))
  const zip = join(root, 'case.zip')
  writeFileSync(zip, bytes)
  const dir = join(root, 'unpacked')
  execFileSync('unzip', ['-q', zip, '-d', dir])
  const files: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.push(relative(dir, path))
    }
  }
  walk(dir)
  return { zip, dir, files: files.sort() }
}

export const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })

export function pdfPages(path: string): number {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
}

/**
 * Every word's box (pdftotext -bbox) against its page's box: the words that run off the page,
 * and the words found, so a test can tell "nothing off the page" from "nothing read".
 */
export function wordsOffPage(path: string): { words: number; off: string[] } {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const off: string[] = []
  let words = 0
  for (const page of html.split('<page ').slice(1)) {
    const width = Number(/width="([\d.]+)"/.exec(page)?.[1])
    const height = Number(/height="([\d.]+)"/.exec(page)?.[1])
    for (const m of page.matchAll(
      /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
    )) {
      words++
      const [xMin, yMin, xMax, yMax] = [m[1], m[2], m[3], m[4]].map(Number) as number[]
      if (xMin! < 0 || yMin! < 0 || xMax! > width || yMax! > height) off.push(m[5]!)
    }
  }
  return { words, off }
}

/** pdftoppm renders every page (small): the files it wrote. */
export function renderPages(path: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-pages-'))
  execFileSync('pdftoppm', ['-r', '20', '-png', path, join(dir, 'page')])
  return readdirSync(dir).filter((name) => name.endsWith('.png'))
}

/** A PDF of `pages` A4 pages, each saying "Statement page N" in Helvetica (pdfkit makes it). */
export async function statementPages(pages: number): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (let n = 1; n <= pages; n++) {
    doc.addPage()
    doc.rect(56, 56, 483, 120).fill('#1f4e9c')
    doc.fillColor('#000000').fontSize(28).text(`Statement page ${n}`, 72, 300)
  }
  doc.end()
  return done
}

/** Each image of a PDF with its page and its x resolution, as `pdfimages -list` gives them. */
export function pdfImagePages(path: string): { page: number; width: number; xPpi: number }[] {
  const out = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === 'image')
    .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), xPpi: Number(cols[12]) }))
}

/** The text of one page (pdftotext -f N -l N). */
export const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
  })

/**
 * The largest blank stretch of each page, as a share of the text's height (from the top margin
 * to the footer: 56 to 758 points of an A4 page): each page rendered by pdftoppm in grey at 36
 * dpi, a row blank when no pixel in it is darker than 235.
 */
export function blankShares(path: string): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-blank-'))
  execFileSync('pdftoppm', ['-gray', '-r', '36', path, join(dir, 'page')])
  return readdirSync(dir)
    .filter((name) => name.endsWith('.pgm'))
    .sort()
    .map((name) => {
      const pgm = readFileSync(join(dir, name))
      // P5\n<width> <height>\n<max>\n then the pixels, a byte each.
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40))!
      const [width, height] = [Number(header[1]), Number(header[2])]
      const pixels = pgm.subarray(header[0].length)
      const toRow = (points: number) => Math.round((points / 842) * height)
      const [top, bottom] = [toRow(56), toRow(758)]
      let longest = 0
      let run = 0
      for (let y = top; y < bottom; y++) {
        const row = pixels.subarray(y * width, (y + 1) * width)
        run = row.some((v) => v < 235) ? 0 : run + 1
        longest = Math.max(longest, run)
      }
      return longest / (bottom - top)
    })
}
