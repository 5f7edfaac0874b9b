import { setImmediate as nextTurn } from 'node:timers/promises'
import PDFDocument from 'pdfkit'
import { caseFonts } from './case-resources'

/*
 * A small layout over pdfkit for the case file's documents: headings, labelled fields,
 * paragraphs, pictures, and a footer on every page (the case, the export time, "page i of n").
 * pdfkit shapes text with fontkit (GSUB and GPOS), so a combining tone mark sits on its letter.
 * Text is written in NFC, canonically the same text, so a letter that has a precomposed glyph
 * uses it and a PDF reader's copy gives the letters back as typed.
 *
 * Laying text out is work for the core's thread (fontkit shapes every word; the first text of a
 * document reads the font's tables): a case file's pages took 300 to 700 ms at once. So the
 * calls are kept in order and played when the file is finished, in slices of about SLICE_MS with
 * the event loop let through between them: the outbox, the watcher and the window's calls wait
 * for one slice at most.
 */

const SLICE_MS = 20

const MARGIN = 56
const FOOTER_SPACE = 28

export interface PdfWriter {
  title(text: string, subtitle?: string): void
  heading(text: string): void
  field(label: string, value: string): void
  paragraph(text: string, options?: { muted?: boolean; bold?: boolean }): void
  /**
   * An image's bytes (a PNG Casefile made) fitted to the page, with its caption; `otherwise`
   * written instead when pdfkit cannot read it.
   */
  picture(bytes: Buffer, caption: string, otherwise: string): void
  /** A line to write on: a blank for a person to fill in by hand. */
  blank(label: string): void
  /** The finished file, with each page's footer. */
  finish(footer: (page: number, pages: number) => string): Promise<Buffer>
}

const nfc = (text: string) => text.normalize('NFC')

export function createPdfWriter(info: { title: string; subject: string }): PdfWriter {
  const fonts = caseFonts()
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: nfc(info.title), Subject: nfc(info.subject), Creator: 'Casefile' },
    pdfVersion: '1.7',
  })
  doc.registerFont('body', fonts.regular)
  doc.registerFont('bold', fonts.bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right
  const bottom = () => doc.page.height - doc.page.margins.bottom
  /** A new page when fewer than `points` are left: a label is never left alone at a page's foot. */
  const keep = (points: number) => {
    if (doc.y + points > bottom()) doc.addPage()
  }
  const left = () => doc.page.margins.left

  const now: Omit<PdfWriter, 'finish'> = {
    title(text, subtitle) {
      doc.font('bold').fontSize(17).fillColor('#111111').text(nfc(text), left(), doc.y, {
        width: width(),
      })
      if (subtitle)
        doc.font('body').fontSize(9.5).fillColor('#444444').text(nfc(subtitle), { width: width() })
      doc.moveDown(0.6)
    },
    heading(text) {
      keep(60)
      doc.moveDown(0.5)
      doc.font('bold').fontSize(12.5).fillColor('#111111').text(nfc(text), left(), doc.y, {
        width: width(),
      })
      const y = doc.y + 2
      doc
        .moveTo(left(), y)
        .lineTo(left() + width(), y)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke()
      doc.y = y + 5
    },
    field(label, value) {
      keep(34)
      doc.font('bold').fontSize(8.5).fillColor('#555555').text(nfc(label), left(), doc.y, {
        width: width(),
      })
      doc
        .font('body')
        .fontSize(10)
        .fillColor('#111111')
        .text(nfc(value || '\u2014'), { width: width(), lineGap: 1 })
      doc.moveDown(0.35)
    },
    paragraph(text, options = {}) {
      keep(24)
      doc
        .font(options.bold ? 'bold' : 'body')
        .fontSize(options.muted ? 8.5 : 10)
        .fillColor(options.muted ? '#555555' : '#111111')
        .text(nfc(text), left(), doc.y, { width: width(), lineGap: 1 })
      doc.moveDown(0.35)
    },
    picture(bytes, caption, otherwise) {
      let image: { width: number; height: number }
      try {
        // pdfkit opens (and checks) an image once; its typings leave this method out.
        const opener = doc as unknown as { openImage(src: Buffer): typeof image }
        image = opener.openImage(bytes)
      } catch {
        now.paragraph(otherwise, { muted: true })
        return
      }
      const maxHeight = 320
      const scale = Math.min(1, width() / image.width, maxHeight / image.height)
      const w = image.width * scale
      const h = image.height * scale
      keep(h + 24)
      doc.image(image as unknown as Buffer, left(), doc.y, { width: w, height: h })
      doc.y += h + 3
      doc
        .font('body')
        .fontSize(8)
        .fillColor('#555555')
        .text(nfc(caption), left(), doc.y, { width: width() })
      doc.moveDown(0.5)
    },
    blank(label) {
      keep(40)
      doc.font('bold').fontSize(9).fillColor('#111111').text(nfc(label), left(), doc.y, {
        width: width(),
      })
      const y = doc.y + 18
      doc
        .moveTo(left(), y)
        .lineTo(left() + width(), y)
        .lineWidth(0.5)
        .strokeColor('#333333')
        .stroke()
      doc.y = y + 8
    },
  }

  const ops: (() => void)[] = []
  /** The calls in order, each a small piece of work, played in slices with the loop let through. */
  async function play(): Promise<void> {
    let slice = performance.now()
    for (const op of ops) {
      op()
      if (performance.now() - slice > SLICE_MS) {
        await nextTurn()
        slice = performance.now()
      }
    }
    ops.length = 0
  }
  const later =
    <A extends unknown[]>(write: (...args: A) => void) =>
    (...args: A) =>
      void ops.push(() => write(...args))

  return {
    title: later(now.title),
    heading: later(now.heading),
    field: later(now.field),
    paragraph: later(now.paragraph),
    picture: later(now.picture),
    blank: later(now.blank),
    async finish(footer) {
      await play()
      const range = doc.bufferedPageRange()
      for (let i = range.start; i < range.start + range.count; i++)
        ops.push(() => {
          doc.switchToPage(i)
          // Written in the bottom margin: without lifting it, pdfkit would start a new page.
          const margin = doc.page.margins.bottom
          doc.page.margins.bottom = 0
          doc
            .font('body')
            .fontSize(7.5)
            .fillColor('#555555')
            .text(nfc(footer(i + 1, range.count)), left(), doc.page.height - MARGIN, {
              width: width(),
              align: 'center',
              lineBreak: true,
            })
          doc.page.margins.bottom = margin
        })
      await play()
      doc.end()
      return done
    },
  }
}
