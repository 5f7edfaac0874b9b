import { CERTIFICATE_WORDS } from './case-file-names'
import type { ProducedDocument } from './case-model'
import { lagosShortTime, lagosTime } from './case-time'
import { createPdfWriter } from './pdf-writer'

/*
 * A certificate under section 84(4) of the Evidence Act 2011 (Nigeria), as a template: the
 * system, the registry, the documents and their hashes, and the s.84(2) conditions written out,
 * with blanks for the officer who signs. The same blocks make certificate-s84.pdf and .odt.
 */

export type CertificateBlock =
  | { kind: 'title'; text: string }
  | { kind: 'notice'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'blank'; label: string }

export interface CertificateInput {
  caseId: string
  exportedAt: number
  registry: string
  system: { software: string; computer: string }
  documents: ProducedDocument[]
  /** The SHA-256 of the case file's SHA256SUMS, which lists the documents. */
  fingerprint: string
}

export function certificateBlocks(input: CertificateInput): CertificateBlock[] {
  const at = lagosTime(input.exportedAt)
  return [
    { kind: 'title', text: 'Certificate under section 84(4) of the Evidence Act 2011' },
    {
      kind: 'notice',
      text: 'TEMPLATE \u2014 to be reviewed by the organization\u2019s counsel before it is signed or relied on. Casefile filled in what the computer knows; the officer completes the rest, and counsel adapts the wording to the case.',
    },
    { kind: 'heading', text: '1. The documents' },
    {
      kind: 'paragraph',
      text: `The documents listed below are computer-produced statements of fraud report ${input.caseId}, produced on ${at} from the records of the fraud report registry at ${input.registry}, retrieved through the computer and software named in part 2. Each is identified by its SHA-256 hash: ${CERTIFICATE_WORDS.listFollows}`,
    },
    ...input.documents.map((d): CertificateBlock => ({
      kind: 'field',
      label: `${d.name} \u2014 ${d.description} (${d.size.toLocaleString('en-GB')} bytes)`,
      value: `${CERTIFICATE_WORDS.hash} ${d.sha256}`,
    })),
    { kind: 'field', label: CERTIFICATE_WORDS.fingerprint, value: input.fingerprint },
    { kind: 'paragraph', text: CERTIFICATE_WORDS.howToCheck },
    { kind: 'heading', text: CERTIFICATE_WORDS.nextPart },
    { kind: 'field', label: 'Software', value: input.system.software },
    { kind: 'field', label: 'Computer (name on the network)', value: input.system.computer },
    {
      kind: 'field',
      label: 'Source of the information',
      value: `The fraud report registry at ${input.registry}, read through its API`,
    },
    { kind: 'field', label: 'Date and time of production', value: at },
    { kind: 'heading', text: '3. The conditions of section 84(2)' },
    { kind: 'paragraph', text: 'I certify, to the best of my knowledge and belief, that:' },
    {
      kind: 'paragraph',
      text: '(a) the documents were produced by the computer during a period over which the computer was used regularly to store or process information for the purposes of activities regularly carried on over that period by the organization, namely the detection, reporting and investigation of fraud;',
    },
    {
      kind: 'paragraph',
      text: '(b) over that period there was regularly supplied to the computer, in the ordinary course of those activities, information of the kind contained in the documents, or of the kind from which that information is derived;',
    },
    {
      kind: 'paragraph',
      text: '(c) throughout the material part of that period the computer was operating properly or, if not, any respect in which it was not operating properly or was out of operation during that part of the period was not such as to affect the production of the documents or the accuracy of their contents;',
    },
    {
      kind: 'paragraph',
      text: '(d) the information contained in the documents reproduces or is derived from information supplied to the computer in the ordinary course of those activities.',
    },
    { kind: 'heading', text: '4. The officer who certifies' },
    {
      kind: 'paragraph',
      text: 'I occupy a responsible position in relation to the operation of the relevant device or the management of the relevant activities, and I state the above to the best of my knowledge and belief.',
    },
    { kind: 'blank', label: 'Name of the officer' },
    { kind: 'blank', label: 'Position held in the organization' },
    { kind: 'blank', label: 'Organization' },
    { kind: 'blank', label: 'Signature' },
    { kind: 'blank', label: 'Date' },
  ]
}

/** certificate-s84.pdf: the blocks in the case file's fonts, its footer on every page. */
export async function writeCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const pdf = createPdfWriter({
    title: `Certificate under section 84(4), Evidence Act 2011: case ${input.caseId}`,
    subject: 'Template to be reviewed by counsel',
  })
  for (const block of certificateBlocks(input)) {
    if (block.kind === 'title') pdf.title(block.text)
    else if (block.kind === 'notice') pdf.paragraph(block.text, { bold: true })
    else if (block.kind === 'heading') pdf.heading(block.text)
    else if (block.kind === 'paragraph') pdf.paragraph(block.text)
    else if (block.kind === 'field') pdf.field(block.label, block.value)
    else pdf.blank(block.label)
  }
  return pdf.finish(
    (page, pages) =>
      `Case ${input.caseId} \u00b7 certificate template, produced ${lagosShortTime(input.exportedAt)} \u00b7 page ${page} of ${pages}`,
  )
}
