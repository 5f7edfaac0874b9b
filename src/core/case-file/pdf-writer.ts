import { setImmediate as nextTurn } from 'node:timers/promises'
import PDFDocument from 'pdfkit'
import { caseFontFaces } from './case-resources'
import { widestWord, wrapAtSpaces } from './pdf-line-wrap'
import { placePicture, type PictureRoom } from './pdf-picture-place'
import { CAPTION, FIELD_LABEL, FIELD_VALUE, paragraphStyle, type Style } from './pdf-text-styles'
import { openOwnPng } from './pdf-own-png'

/*
 * A small layout over pdfkit for the case file's documents: headings, labelled fields,
 * paragraphs, pictures, and a footer on every page (the case, the export time, "page i of n").
 * pdfkit shapes text with fontkit (GSUB and GPOS), so a combining tone mark sits on its letter.
 * Text is written in NFC, canonically the same text, so a letter that has a precomposed glyph
 * uses it and a PDF reader's copy gives the letters back as typed.
 *
 * Laying text out is work for the core's thread (fontkit shapes every word; the first text of a
 * document reads the font's tables): a case file's pages took 300 to 700 ms at once. So the
 * calls are kept in order and played when the file is finished (or flushed), in slices of about
 * SLICE_MS with the event loop let through between them: the outbox, the watcher and the
 * window's calls wait for one slice at most.
 */

const SLICE_MS = 20
const MARGIN = 56
const FOOTER_SPACE = 28
/** Points of room pdfkit is given past the text's width, so it never breaks a line again. */
const OVERRUN = 48

/** A line of an exhibit's details: a labelled field, or a paragraph. */
export type Detail =
  { label: string; value: string } | { text: string; bold?: boolean; muted?: boolean }

/** A picture (a JPEG Casefile drew), its caption, and what to write when pdfkit cannot read it. */
export interface Picture {
  bytes: Buffer
  caption: string
  otherwise: string
}

export interface PdfWriter {
  title(text: string, subtitle?: string): void
  heading(text: string): void
  field(label: string, value: string): void
  paragraph(text: string, options?: { muted?: boolean; bold?: boolean }): void
  /**
   * An image's bytes (a JPEG Casefile drew, or a PNG) fitted to the page, with its caption;
   * `otherwise` written instead when pdfkit cannot read it.
   */
  picture(bytes: Buffer, caption: string, otherwise: string): void
  /**
   * Details and their pictures kept together: the first picture on the page of the details (a
   * new page started before them when it would not fit, or drawn smaller where the page is
   * more than half empty), each later one on the page it fits.
   */
  exhibit(details: Detail[], pictures: Picture[]): void
  /** A line to write on: a blank for a person to fill in by hand. */
  blank(label: string): void
  /** The calls so far played now (in slices): their pictures written into the file, let go. */
  flush(): Promise<void>
  /** The finished file, with each page's footer (empty when it was given to `onData`). */
  finish(footer: (page: number, pages: number) => string): Promise<Buffer>
}

const nfc = (text: string) => text.normalize('NFC')

/**
 * `info.createdAt`: the file's CreationDate and ModDate (the registry's time the body states,
 * never this computer's clock, which may be an hour off).
 */
export function createPdfWriter(info: {
  title: string
  subject: string
  createdAt?: number
  /** Where the file's bytes go as they are written (a staging file); else kept for `finish`. */
  onData?: (chunk: Buffer) => void
}): PdfWriter {
  const at = info.createdAt === undefined ? {} : { CreationDate: new Date(info.createdAt) }
  const fonts = caseFontFaces()
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: nfc(info.title), Subject: nfc(info.subject), Creator: 'Casefile', ...at },
    pdfVersion: '1.7',
  })
  doc.registerFont('body', fonts.regular as unknown as Buffer)
  doc.registerFont('bold', fonts.bold as unknown as Buffer)
  // pdfkit writes CreationDate itself; ModDate, only when given: the same time.
  if (info.createdAt !== undefined) doc.info.ModDate = new Date(info.createdAt)
  const chunks: Buffer[] = []
  doc.on('data', info.onData ?? ((chunk: Buffer) => chunks.push(chunk)))
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
  /** `text` in `style`, its lines broken at spaces only (pdf-line-wrap.ts), from the left margin. */
  const lines = (text: string, style: Style): { lines: string[]; size: number } => {
    doc.font(style.font)
    let size = style.size
    const measure = (s: string) => doc.fontSize(size).widthOfString(s)
    // A word that does not fit (an id in a narrow place, a hash): smaller, down to `smallest`.
    while (style.smallest && size > style.smallest && widestWord(nfc(text), measure) > width())
      size -= 0.5
    return { lines: wrapAtSpaces(nfc(text), width(), measure), size }
  }
  const write = (text: string, style: Style) => {
    const { lines: broken, size } = lines(text, style)
    doc
      .font(style.font)
      .fontSize(size)
      .fillColor(style.color)
      // Wider than the text by OVERRUN (centred lines shifted back by half): the lines fit the
      // text's width already, and pdfkit, which sums its own pieces' widths, must break none.
      .text(broken.join('\n'), left() - (style.align === 'center' ? OVERRUN / 2 : 0), doc.y, {
        width: width() + OVERRUN,
        lineGap: style.lineGap ?? 0,
        align: style.align ?? 'left',
      })
  }
  /** How tall `text` is in `style`, and the space after it. */
  const heightOf = (text: string, style: Style, after: number) => {
    const { lines: broken, size } = lines(text, style)
    doc.font(style.font).fontSize(size)
    const tall = doc.heightOfString(broken.join('\n'), {
      width: width() + OVERRUN,
      lineGap: style.lineGap ?? 0,
    })
    return tall + after * doc.currentLineHeight(true)
  }
  const detailHeight = (d: Detail) =>
    'label' in d
      ? heightOf(d.label, FIELD_LABEL, 0) + heightOf(d.value || '\u2014', FIELD_VALUE, 0.35)
      : heightOf(d.text, paragraphStyle(d), 0.35)
  /** An image opened once: Casefile's own PNGs here, others (a JPEG: as it is) by pdfkit. */
  const open = (bytes: Buffer): { width: number; height: number } | null => {
    type Opener = { openImage(src: Buffer): { width: number; height: number } }
    try {
      return openOwnPng(doc, bytes) ?? (doc as unknown as Opener).openImage(bytes)
    } catch {
      return null
    }
  }
  const room = (): PictureRoom => ({
    below: bottom() - doc.y,
    page: bottom() - doc.page.margins.top,
    width: width(),
  })
  /** An opened image at `w`×`h`, its caption under it. */
  const drawPicture = (
    image: { width: number; height: number },
    size: { w: number; h: number },
    caption: string,
  ) => {
    doc.image(image as unknown as Buffer, left(), doc.y, { width: size.w, height: size.h })
    // A thin frame: a page drawn white on white paper shows where it ends.
    doc.rect(left(), doc.y, size.w, size.h).lineWidth(0.5).strokeColor('#999999').stroke()
    doc.y += size.h + 3
    write(caption, CAPTION)
    doc.moveDown(0.5)
  }

  const now: Omit<PdfWriter, 'finish' | 'flush'> = {
    title(text, subtitle) {
      write(text, { font: 'bold', size: 17, color: '#111111', smallest: 11 })
      if (subtitle) write(subtitle, { font: 'body', size: 9.5, color: '#444444' })
      doc.moveDown(0.6)
    },
    heading(text) {
      keep(60)
      doc.moveDown(0.5)
      write(text, { font: 'bold', size: 12.5, color: '#111111', smallest: 9 })
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
      write(label, FIELD_LABEL)
      write(value || '\u2014', FIELD_VALUE)
      doc.moveDown(0.35)
    },
    paragraph(text, options = {}) {
      keep(24)
      write(text, paragraphStyle(options))
      doc.moveDown(0.35)
    },
    picture(bytes, caption, otherwise) {
      const image = open(bytes)
      if (!image) return now.paragraph(otherwise, { muted: true })
      const caption_ = heightOf(caption, CAPTION, 0.5) + 3
      const place = placePicture(image, room(), { before: 0, caption: caption_, keepHere: false })
      if (place.newPage) doc.addPage()
      drawPicture(image, place, caption)
    },
    exhibit(details, pictures) {
      const opened = pictures.map((p) => ({ ...p, image: open(p.bytes) }))
      const before = details.reduce((sum, d) => sum + detailHeight(d), 0)
      const first = opened.find((p) => p.image)
      if (first?.image) {
        const caption = heightOf(first.caption, CAPTION, 0.5) + 3
        const place = placePicture(first.image, room(), { before, caption, keepHere: false })
        if (place.newPage) doc.addPage()
      } else keep(Math.min(before, 60))
      for (const d of details)
        if ('label' in d) now.field(d.label, d.value)
        else now.paragraph(d.text, d)
      for (const p of opened) {
        if (!p.image) {
          now.paragraph(p.otherwise, { muted: true })
          continue
        }
        const caption = heightOf(p.caption, CAPTION, 0.5) + 3
        const place = placePicture(p.image, room(), {
          before: 0,
          caption,
          keepHere: p === first,
        })
        if (place.newPage) doc.addPage()
        drawPicture(p.image, place, p.caption)
      }
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
    <A extends unknown[]>(op: (...args: A) => void) =>
    (...args: A) =>
      void ops.push(() => op(...args))

  return {
    title: later(now.title),
    heading: later(now.heading),
    field: later(now.field),
    paragraph: later(now.paragraph),
    picture: later(now.picture),
    exhibit: later(now.exhibit),
    blank: later(now.blank),
    flush: play,
    async finish(footer) {
      await play()
      const range = doc.bufferedPageRange()
      for (let i = range.start; i < range.start + range.count; i++)
        ops.push(() => {
          doc.switchToPage(i)
          // Written in the bottom margin: without lifting it, pdfkit would start a new page.
          const margin = doc.page.margins.bottom
          doc.page.margins.bottom = 0
          doc.y = doc.page.height - MARGIN
          write(footer(i + 1, range.count), {
            font: 'body',
            size: 7.5,
            color: '#555555',
            align: 'center',
          })
          doc.page.margins.bottom = margin
        })
      await play()
      doc.end()
      return done
    },
  }
}
