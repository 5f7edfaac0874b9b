import { describe, expect, it } from 'vitest'
import PDFDocument from 'pdfkit'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { verifyCaseFile } from '../../../src/core/case-file/case-verify'
import type { ZipPart } from '../../../src/core/case-file/zip-bytes'
import {
  ANSWER,
  CASE_PDF,
  casePdfFor,
  caseZip,
  certificates,
  evidence,
  sha,
  STATEMENT,
} from './case-verify-support'

/*
 * `casefile case verify` reads what the case file's PDFs show (certificate-s84.pdf, case.pdf's
 * attachments) and holds it against SHA256SUMS and the files: a certificate swapped, edited or
 * unreadable, or a case.pdf that states another hash, is refused even where every other file of
 * the zip was made to agree.
 */

const named = (parts: ZipPart[], name: string) => parts.find((p) => p.name === name)!
const without = (parts: ZipPart[], name: string) => parts.filter((p) => p.name !== name)

/** A PDF of these lines, written by pdfkit as any tool might. */
function pdfOf(lines: string[], pages = 1): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (let page = 0; page < pages; page++) {
    if (page > 0) doc.addPage()
    for (const line of lines) doc.text(line)
  }
  doc.end()
  return done
}

describe('certificate-s84.pdf, read as a court reads it', () => {
  it('is refused when swapped for the certificate of another export', async () => {
    const parts = evidence()
    const ours = await certificates(parts)
    const other = evidence({
      casePdf: await casePdfFor(STATEMENT, Buffer.from('{"other":1}\n')),
      statement: STATEMENT,
    })
    const theirs = await certificates(other)
    const path = await caseZip([
      ...parts,
      named(ours, 'certificate-s84.odt'),
      named(theirs, 'certificate-s84.pdf'),
    ])
    const result = await verifyCaseFile(path)
    expect(result.ok).toBe(false)
    expect(result.files.every((f) => f.verdict === 'ok' || f.verdict === 'certificate')).toBe(true)
    expect(result.disagreements).toEqual([
      `certificate-s84.pdf states the fingerprint ${sha(sha256Sums(other))}, but this zip's SHA256SUMS has ${result.fingerprint}: it is not the SHA256SUMS that was certified.`,
      `certificate-s84.pdf states SHA-256 ${sha(other[0]!.bytes)} for "case.pdf", but the file in the zip and SHA256SUMS have ${sha(CASE_PDF)}.`,
    ])
  }, 60_000)

  it('is refused when it states another fingerprint, its list untouched', async () => {
    const parts = evidence()
    const real = await certificates(parts)
    const edited = await certificates(parts, { fingerprint: 'f'.repeat(64) })
    const path = await caseZip([
      ...parts,
      named(real, 'certificate-s84.odt'),
      named(edited, 'certificate-s84.pdf'),
    ])
    const result = await verifyCaseFile(path)
    expect(result.ok).toBe(false)
    expect(result.disagreements).toEqual([
      `certificate-s84.pdf states the fingerprint ${'f'.repeat(64)}, but this zip's SHA256SUMS has ${result.fingerprint}: it is not the SHA256SUMS that was certified.`,
    ])
  }, 60_000)

  it('is refused, case.pdf changed and SHA256SUMS, the ODT and the log made to agree, for the hash it states', async () => {
    const original = evidence()
    const certified = await certificates(original)
    // A page added to case.pdf: still a PDF, its attachment list as it was.
    const forgedCase = Buffer.concat([CASE_PDF, Buffer.from('\n% a forged page\n')])
    const forged = evidence({ casePdf: forgedCase, statement: STATEMENT })
    const remade = await certificates(forged)
    const path = await caseZip([
      ...forged,
      named(remade, 'certificate-s84.odt'),
      named(certified, 'certificate-s84.pdf'),
    ])
    const result = await verifyCaseFile(path)
    expect(result.ok).toBe(false)
    expect(result.disagreements).toEqual([
      `certificate-s84.pdf states the fingerprint ${sha(sha256Sums(original))}, but this zip's SHA256SUMS has ${result.fingerprint}: it is not the SHA256SUMS that was certified.`,
      `certificate-s84.pdf states SHA-256 ${sha(CASE_PDF)} for "case.pdf", but the file in the zip and SHA256SUMS have ${sha(forgedCase)}.`,
    ])
  }, 60_000)

  it('is refused in words when it is not a PDF, or beyond what verify reads', async () => {
    const parts = evidence()
    const certs = await certificates(parts)
    const notPdf = await verifyCaseFile(
      await caseZip([
        ...without(certs, 'certificate-s84.pdf'),
        ...parts,
        { name: 'certificate-s84.pdf', bytes: Buffer.from('<html>a certificate</html>') },
      ]),
    )
    expect(notPdf.ok).toBe(false)
    expect(notPdf.disagreements).toEqual([
      expect.stringMatching(
        /^certificate-s84\.pdf was not accepted: it cannot be read as a PDF \(.+\), so what it states was not checked\.$/,
      ),
    ])
    const long = await pdfOf(['A certificate, one page of many.'], 21)
    const tooLong = await verifyCaseFile(
      await caseZip([
        ...without(certs, 'certificate-s84.pdf'),
        ...parts,
        { name: 'certificate-s84.pdf', bytes: long },
      ]),
    )
    expect(tooLong.disagreements).toEqual([
      "certificate-s84.pdf was not accepted: it is beyond what verify reads of a case file's PDF: it has 21 pages, more than the 20 read, so what it states was not checked.",
    ])
  }, 60_000)

  it('is refused when it is some other PDF that lists nothing', async () => {
    const parts = evidence()
    const certs = await certificates(parts)
    const path = await caseZip([
      ...without(certs, 'certificate-s84.pdf'),
      ...parts,
      { name: 'certificate-s84.pdf', bytes: await pdfOf(['An invoice.']) },
    ])
    expect((await verifyCaseFile(path)).disagreements).toEqual([
      'certificate-s84.pdf does not list the documents once, as the certificate Casefile writes does, so it was not accepted.',
    ])
  }, 60_000)
})

describe("case.pdf's list of attachments", () => {
  it('is refused when it states another hash than the attachment, though all else was made to agree', async () => {
    // The attachment changed; SHA256SUMS, the log and both certificates made again to agree.
    const changed = Buffer.from('%PDF-1.4 another statement')
    const forged = evidence({ casePdf: CASE_PDF, statement: changed })
    const path = await caseZip([...forged, ...(await certificates(forged))])
    const result = await verifyCaseFile(path)
    expect(result.ok).toBe(false)
    expect(result.disagreements).toEqual([
      `case.pdf states SHA-256 ${sha(STATEMENT)} for "attachments/1-statement.pdf", but the file in the zip and SHA256SUMS have ${sha(changed)}.`,
    ])
  }, 60_000)

  it('states the hash of every attachment and of the answer, read back whole', async () => {
    const { readEvidenceText } = await import('../../../src/core/case-file/evidence-drawing')
    const text = await readEvidenceText(CASE_PDF, {
      maxPages: 10,
      maxChars: 100_000,
      timeLimitMs: 10_000,
    })
    expect(text.read).toBe(true)
    const { casePdfStatements } = await import('../../../src/core/case-file/verify-pdfs')
    expect(casePdfStatements(text.read ? text.text : '')).toEqual([
      { name: 'registry-answer.json', sha256: sha(ANSWER) },
      { name: 'attachments/1-statement.pdf', sha256: sha(STATEMENT) },
    ])
  }, 60_000)
})
