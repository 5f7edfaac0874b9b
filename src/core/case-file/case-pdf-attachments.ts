import { CASE_PDF_WORDS } from './case-file-names'
import type { CaseAttachment } from './case-model'
import { drawEvidence } from './evidence-drawing'
import { drawPdfPages, MAX_DRAWN_PAGES, type DrawnPages } from './pdf-pages-drawing'
import type { Drawing } from './drawing'
import type { Detail, PdfWriter, Picture } from './pdf-writer'

/*
 * case.pdf's attachments: each one's details, then its pictures on the page of those details
 * (pdf-writer.ts's exhibit): an image as a picture, a PDF page by page, each at the text's full
 * width, up to MAX_DRAWN_PAGES pages (the cap said when a file has more). Every picture is drawn
 * in a worker (evidence-drawing.ts) within its bounds; the file itself is in the zip unchanged.
 */

/** What case.pdf shows of each attachment, by its number: an image as one page. */
export type AttachmentDrawings = ReadonlyMap<number, DrawnPages>

/** Each PDF attachment's pages and each image, one at a time, in workers; others not drawn. */
export async function drawAttachments(
  attachments: readonly CaseAttachment[],
): Promise<AttachmentDrawings> {
  const drawings = new Map<number, DrawnPages>()
  for (const a of attachments) {
    if (!a.bytes) continue
    if (a.kind === 'pdf') drawings.set(a.number, await drawPdfPages(a.bytes))
    else if (a.kind === 'image')
      drawings.set(a.number, { pages: [await drawEvidence('image', a.bytes)], total: 1 })
  }
  return drawings
}

function attachmentWords(a: CaseAttachment): string {
  if (a.from === 'registry')
    return `Fetched from its link for this case file; kept as ${a.zipName}.`
  if (a.from === 'kept')
    return `The link could not be fetched (${a.linkProblem ?? 'no answer'}). Included instead: the sealed copy this computer kept when the file was attached and uploaded here, kept as ${a.zipName}. It is the file this computer sent, not a copy fetched from the registry now.`
  return `Not included. The link could not be fetched (${a.linkProblem ?? 'no answer'}), and ${a.keptProblem ?? 'this computer keeps no copy of it'}`
}

const IN_THE_ZIP = 'the file itself is in the zip unchanged'

/** Why an attachment (or a page of it) is not drawn, in words; the file is in the zip either way. */
function notDrawnWords(what: string, drawing: Exclude<Drawing, { drawn: true }>): string {
  const open = 'open the file in the zip to read it'
  if (drawing.why === 'unavailable')
    return `${what} could not be drawn, because this copy of Casefile cannot load its renderer (${drawing.detail}); ${open}.`
  if (drawing.why === 'timeout')
    return `${what} could not be drawn (${drawing.detail}, the time allowed); ${open}.`
  if (drawing.why === 'too-large') return `${what} was not drawn: ${drawing.detail}; ${IN_THE_ZIP}.`
  return what.startsWith('A PDF')
    ? `${what} could not be drawn (the file cannot be read as a PDF: ${drawing.detail}); ${open}.`
    : `${what} was not drawn: ${drawing.detail}; ${IN_THE_ZIP}.`
}

/** The pictures of one attachment, and what is said of pages not drawn. */
function pictures(a: CaseAttachment, drawn: DrawnPages): { pictures: Picture[]; notes: string[] } {
  const out: Picture[] = []
  const notes: string[] = []
  const total = drawn.total
  drawn.pages.forEach((drawing, i) => {
    const page = i + 1
    if (!drawing.drawn) {
      const what =
        a.kind !== 'pdf'
          ? 'The image'
          : page === 1
            ? 'A PDF: its first page'
            : `A PDF: its page ${page} and those after it`
      notes.push(notDrawnWords(what, drawing))
      return
    }
    out.push({
      bytes: drawing.jpeg,
      caption:
        a.kind === 'pdf'
          ? `Attachment ${a.number}, ${a.fileName}: page ${page} of ${total ?? '?'}, drawn by Casefile (pdf.js); the file itself is in the zip.`
          : `Attachment ${a.number}, ${a.fileName}, as a picture drawn by Casefile; the file itself is in the zip.`,
      otherwise: `It could not be drawn; ${IN_THE_ZIP}.`,
    })
  })
  if (a.kind === 'pdf' && total !== null && total > MAX_DRAWN_PAGES)
    notes.push(
      `It has ${total} pages: only its first ${MAX_DRAWN_PAGES} are drawn here (Casefile draws at most ${MAX_DRAWN_PAGES} pages of an attachment); ${IN_THE_ZIP}, every page of it.`,
    )
  return { pictures: out, notes }
}

/** Each attachment: its name, link, type, size, name in the zip, SHA-256, how it was had, its pictures. */
export function attachmentsSection(
  pdf: PdfWriter,
  attachments: readonly CaseAttachment[],
  drawings: AttachmentDrawings,
  formatSize: (bytes: number) => string,
) {
  pdf.heading(`Attachments (${attachments.length})`)
  if (attachments.length === 0) pdf.paragraph('The report has no attachments.')
  for (const a of attachments) {
    const details: Detail[] = [
      { text: `Attachment ${a.number}: ${a.fileName}`, bold: true },
      { label: 'Link', value: a.url },
      {
        label: 'Type',
        value:
          a.typeLabel ?? (a.size !== null ? 'A file of a type Casefile does not name' : '\u2014'),
      },
      { label: 'Size', value: a.size === null ? '\u2014' : formatSize(a.size) },
    ]
    // The name and the hash on lines of their own, for a person and for `case verify`.
    if (a.zipName) details.push({ label: CASE_PDF_WORDS.inZip, value: a.zipName })
    details.push({ label: CASE_PDF_WORDS.hash, value: a.sha256 ?? '\u2014 (not had)' })
    details.push({ label: 'Obtained', value: attachmentWords(a) })
    const drawn = drawings.get(a.number)
    const shown = drawn ? pictures(a, drawn) : { pictures: [], notes: [] }
    for (const note of shown.notes) details.push({ text: note, muted: true })
    pdf.exhibit(details, shown.pictures)
  }
}
