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
