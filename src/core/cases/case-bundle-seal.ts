import { createHash } from 'node:crypto'
import { sha256Sums } from '../case-file/case-file'
import { CERTIFICATE_ODT, CERTIFICATE_PDF, SUMS_NAME } from '../case-file/case-file-names'
import type { ProducedDocument } from '../case-file/case-model'
import { certificateBlocks, writeCertificatePdf } from '../case-file/certificate'
import { writeCertificateOdt } from '../case-file/certificate-odt'
import { zipBytes, type ZipPart } from '../case-file/zip-bytes'

/*
 * The tail of a bundle, as a report's case file ends (case-file.ts): SHA256SUMS over the
 * evidence, the s.84 certificate (PDF and ODT) listing each document and stating SHA256SUMS's
 * own hash, and the zip. The same steps in the same order over the same writers, so a case's
 * bundle is checked by `sha256sum -c` and `casefile case verify` as a case file is; when the
 * case file's tail becomes a function of its own, this calls it instead.
 */

export interface EvidencePart extends ZipPart {
  /** What the certificate says the file is. */
  description: string
}

export interface SealInput {
  caseId: string
  exportedAt: number
  registry: string
  system: { software: string; computer: string }
  evidence: EvidencePart[]
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export async function sealBundle(
  input: SealInput,
): Promise<{ bytes: Buffer; fingerprint: string }> {
  const evidence: ZipPart[] = input.evidence.map(({ name, bytes, store }) => ({
    name,
    bytes,
    store,
  }))
  const documents: ProducedDocument[] = input.evidence.map((p) => ({
    name: p.name,
    description: p.description,
    sha256: sha256(p.bytes),
    size: p.bytes.length,
  }))
  const sums = Buffer.from(sha256Sums(evidence), 'utf8')
  const fingerprint = sha256(sums)
  const at = new Date(input.exportedAt)
  const certificate = {
    caseId: input.caseId,
    exportedAt: input.exportedAt,
    registry: input.registry,
    system: input.system,
    documents,
    fingerprint,
  }
  const parts: ZipPart[] = [
    ...evidence,
    { name: CERTIFICATE_PDF, bytes: await writeCertificatePdf(certificate), store: true },
    {
      name: CERTIFICATE_ODT,
      bytes: await writeCertificateOdt(certificateBlocks(certificate), at),
      store: true,
    },
  ]
  return { bytes: await zipBytes([...parts, { name: SUMS_NAME, bytes: sums }], at), fingerprint }
}
