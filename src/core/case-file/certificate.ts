import type { Signer, CertificateFacts } from '../signing/signing'
import { CERTIFICATE_WORDS } from './case-file-names'
import { ACT, ACT_TITLE, COMBINATION, CONDITIONS, SUBSECTION_4 } from './certificate-law'
import type { DeviceParticulars } from './device-particulars'
import type { ProducedDocument } from './case-model'
import { lagosShortTime, lagosTime } from './case-time'
import { createPdfWriter } from './pdf-writer'

/*
 * A certificate under section 84(4) of the Evidence Act 2011 as amended in 2023, as a template:
 * the documents and their hashes, the device that produced them and the period it was used, the
 * bundle's fingerprint and signature, the s.84(2) conditions for this device only, the officer
 * (pre-filled from the folder's settings, signature and date by hand), and an annex for the
 * registry operator's own certificate for its servers. The same blocks make the PDF and the ODT.
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
  /** The device's particulars; absent in callers that do not know them (they are then not stated). */
  device?: DeviceParticulars
  /** Who signs by hand, from the folder's settings. */
  signer?: Signer
  /** The certificate that signed SHA256SUMS (SHA256SUMS.p7s), or null: unsigned. */
  signature?: CertificateFacts | null
}

/** A field filled in from the folder's settings, or a line for the hand when it is not set. */
const filled = (label: string, value: string | null | undefined): CertificateBlock =>
  value ? { kind: 'field', label, value } : { kind: 'blank', label }

function deviceBlocks(input: CertificateInput): CertificateBlock[] {
  const d = input.device
  const field = (label: string, value: string): CertificateBlock => ({
    kind: 'field',
    label,
    value,
  })
  return [
    field('Software', input.system.software),
    ...(d
      ? [
          field('Operating system and version', d.operatingSystem),
          field('Machine name', d.machine),
          field('Casefile data folder id', d.dataFolderId),
          field('Route to the registry', d.route),
        ]
      : [field('Computer (name on the network)', input.system.computer)]),
    field(
      'Source of the information',
      `The fraud report registry at ${input.registry}, read through its API`,
    ),
    ...(d
      ? [
          field(
            'TLS certificate the registry showed (SHA-256)',
            d.registryCertificate ??
              'Not recorded: no encrypted connection to the registry was made while this case file was produced (a plain http address, or answers already kept)',
          ),
          field(
            'Period of use of this data folder',
            d.firstUse && d.lastUse
              ? `From its first exchange with the registry, ${lagosTime(Date.parse(d.firstUse))}, to its last, ${lagosTime(Date.parse(d.lastUse))} (this computer\u2019s log)`
              : 'No exchange with the registry is logged in this data folder',
          ),
        ]
      : []),
    field('Date and time of production', lagosTime(input.exportedAt)),
  ]
}

function signatureBlocks(input: CertificateInput): CertificateBlock[] {
  const signed = input.signature
  if (!signed)
    return [
      {
        kind: 'paragraph',
        text: 'This case file is UNSIGNED: it has no SHA256SUMS.p7s. Only the fingerprint above, on this paper signed by hand, identifies it.',
      },
    ]
  return [
    {
      kind: 'paragraph',
      text: `SHA256SUMS is signed digitally: SHA256SUMS.p7s is a detached CMS (PKCS#7) signature over it, which \u201copenssl cms -verify -binary -inform DER -content SHA256SUMS -in SHA256SUMS.p7s -CAfile ORG-CA.pem\u201d or \u201ccasefile case verify --ca ORG-CA.pem\u201d checks against the organization\u2019s certificate.`,
    },
    { kind: 'field', label: 'Signing certificate (subject)', value: signed.subject },
    { kind: 'field', label: 'Signing certificate (its SHA-256)', value: signed.fingerprint },
  ]
}

export function certificateBlocks(input: CertificateInput): CertificateBlock[] {
  const at = lagosTime(input.exportedAt)
  const signer = input.signer
  return [
    { kind: 'title', text: ACT_TITLE },
    {
      kind: 'notice',
      text: 'TEMPLATE \u2014 to be reviewed by the organization\u2019s counsel before it is signed or relied on. Casefile filled in what the computer knows; the officer completes the rest, and counsel adapts the wording to the case.',
    },
    { kind: 'heading', text: '1. The documents' },
    {
      kind: 'paragraph',
      text: `The documents listed below are computer-produced statements (documents and electronic records) of ${input.caseId.startsWith('case-') ? `the case ${input.caseId}, an investigation's reports, searches, alerts and notes` : `the report ${input.caseId}`}, produced on ${at} from the records of the fraud report registry at ${input.registry}, retrieved through the device named in part 2. Each is identified by its SHA-256 hash: ${CERTIFICATE_WORDS.listFollows}`,
    },
    ...input.documents.map((d): CertificateBlock => ({
      kind: 'field',
      label: `${d.name} \u2014 ${d.description} (${d.size.toLocaleString('en-GB')} bytes)`,
      value: `${CERTIFICATE_WORDS.hash} ${d.sha256}`,
    })),
    { kind: 'field', label: CERTIFICATE_WORDS.fingerprint, value: input.fingerprint },
    { kind: 'paragraph', text: CERTIFICATE_WORDS.howToCheck },
    ...signatureBlocks(input),
    { kind: 'heading', text: CERTIFICATE_WORDS.nextPart },
    ...deviceBlocks(input),
    { kind: 'heading', text: '3. The conditions of section 84(2), for this device' },
    { kind: 'paragraph', text: SUBSECTION_4 },
    {
      kind: 'paragraph',
      text: `I certify, to the best of my knowledge and belief, as to the device named in part 2 (and not as to the registry\u2019s servers: see the annex), the conditions of section 84(2) of ${ACT}:`,
    },
    { kind: 'paragraph', text: CONDITIONS.a },
    { kind: 'paragraph', text: CONDITIONS.b },
    { kind: 'paragraph', text: CONDITIONS.c },
    { kind: 'paragraph', text: CONDITIONS.d },
    {
      kind: 'paragraph',
      text: 'The activities are the detection, reporting and investigation of fraud by the organization named in part 4.',
    },
    { kind: 'heading', text: '4. The officer who certifies' },
    {
      kind: 'paragraph',
      text: 'I occupy a responsible position in relation to the operation of the relevant device or the management of the relevant activities, and I state the above to the best of my knowledge and belief.',
    },
    filled('Name of the officer', signer?.name),
    filled('Position held in the organization', signer?.position),
    filled('Organization', signer?.organization),
    { kind: 'blank', label: 'Signature' },
    { kind: 'blank', label: 'Date' },
    { kind: 'heading', text: 'Annex: the registry operator\u2019s certificate for its servers' },
    { kind: 'paragraph', text: COMBINATION },
    {
      kind: 'notice',
      text: `TO BE REQUESTED FROM THE OPERATOR of the registry at ${input.registry}: its own certificate under section 84(4), signed by a person in a responsible position in relation to the operation of its servers, as to the conditions of section 84(2) for the period covering the retrievals listed in retrieval-log.json. Attach it here.`,
    },
  ]
}

/** certificate-s84.pdf: the blocks in the case file's fonts, its footer on every page. */
export async function writeCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const pdf = createPdfWriter({
    title: `${ACT_TITLE}: ${input.caseId}`,
    subject: 'Template to be reviewed by counsel',
    // Dated as case.pdf is: the export's time on the registry's clock, not this computer's.
    createdAt: input.exportedAt,
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
