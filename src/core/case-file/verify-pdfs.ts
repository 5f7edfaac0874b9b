import { CASE_PDF_NAME, CASE_PDF_WORDS, CERTIFICATE_PDF } from './case-file-names'
import { readEvidenceText } from './evidence-drawing'
import type { PdfText, TextLimits } from './pdf-text'
import {
  against,
  certificateDisagreements,
  compactHash,
  HASH_IN_TEXT,
  sameName,
  shown,
  type Bundle,
} from './verify-claims'

/*
 * What the case file's PDFs state, read back for `casefile case verify`: certificate-s84.pdf's
 * list of documents and fingerprint (what a court reads, so the same check as the ODT's), and
 * case.pdf's hash of each attachment and of the registry's answer. Their text is read by pdf.js
 * in the evidence worker (bounded in pages, characters, time and memory): a zip handed back is
 * anyone's, and so are its PDFs. A certificate whose text cannot be read is not accepted.
 */

export const PDF_TEXT_LIMITS: Record<'certificate' | 'casePdf', TextLimits> = {
  /** A certificate has two or three pages; one listing a hundred attachments, a few more. */
  certificate: { maxPages: 20, maxChars: 200_000, timeLimitMs: 10_000 },
  /** case.pdf: the report, its retrieval and each attachment with its picture. */
  casePdf: { maxPages: 300, maxChars: 2_000_000, timeLimitMs: 30_000 },
}

/** Why a PDF's text was not had, as a sentence. */
function unread(name: string, answer: Exclude<PdfText, { read: true }>): string {
  const why =
    answer.why === 'unavailable'
      ? `this copy of Casefile cannot load its PDF reader (${answer.detail})`
      : answer.why === 'timeout'
        ? `its text was ${answer.detail}, the time allowed`
        : answer.why === 'too-large'
          ? `it is beyond what verify reads of a case file's PDF: ${answer.detail}`
          : `it cannot be read as a PDF (${answer.detail})`
  return `${name} was not accepted: ${why}, so what it states was not checked.`
}

/** certificate-s84.pdf's text held against the bundle, as the ODT's is. */
export async function certificatePdfDisagreements(
  bytes: Buffer,
  bundle: Bundle,
  listedInSums: boolean,
): Promise<string[]> {
  const answer = await readEvidenceText(bytes, PDF_TEXT_LIMITS.certificate)
  if (!answer.read) return [unread(CERTIFICATE_PDF, answer)]
  return certificateDisagreements(CERTIFICATE_PDF, answer.text, bundle, { listedInSums })
}

/** The files case.pdf gives a SHA-256 for: each attachment in the zip, the registry's answer. */
export function casePdfStatements(text: string): { name: string; sha256: string }[] {
  const flat = text.replace(/\s+/g, ' ')
  const { inZip, hash, keptAs } = CASE_PDF_WORDS
  const found: { at: number; name: string; sha256: string }[] = []
  const patterns = [
    new RegExp(`${inZip} (.+?) ${hash} ?${HASH_IN_TEXT}`, 'g'),
    new RegExp(`\\(${keptAs} ([^)]+)\\) ?${HASH_IN_TEXT}`, 'g'),
  ]
  for (const pattern of patterns)
    for (const match of flat.matchAll(pattern))
      found.push({ at: match.index, name: match[1]!.trim(), sha256: compactHash(match[2]!) })
  return found.sort((a, b) => a.at - b.at).map(({ name, sha256 }) => ({ name, sha256 }))
}

/** case.pdf's hashes held against the bundle; every attachment SHA256SUMS lists must be stated. */
export async function casePdfDisagreements(bytes: Buffer, bundle: Bundle): Promise<string[]> {
  const answer = await readEvidenceText(bytes, PDF_TEXT_LIMITS.casePdf)
  if (!answer.read) return [unread(CASE_PDF_NAME, answer)]
  const problems: string[] = []
  const stated = new Set<string>()
  for (const { name: said, sha256 } of casePdfStatements(answer.text)) {
    const name = sameName(said, bundle.sums.keys())
    if (name === null) {
      problems.push(
        `${CASE_PDF_NAME} states SHA-256 ${sha256} for ${shown(said)}, a file SHA256SUMS does not list.`,
      )
      continue
    }
    stated.add(name)
    const differs = against(bundle, name, sha256)
    if (differs)
      problems.push(`${CASE_PDF_NAME} states SHA-256 ${sha256} for ${shown(name)}, but ${differs}.`)
  }
  for (const name of bundle.sums.keys())
    if (name.startsWith('attachments/') && !stated.has(name))
      problems.push(
        `${CASE_PDF_NAME} does not state the SHA-256 of ${shown(name)}, which SHA256SUMS lists.`,
      )
  return problems
}
