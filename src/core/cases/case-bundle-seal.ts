import {
  producedDocument,
  sealCaseFile,
  type SealOptions,
  type ProducingSystem,
  type ZipPart,
} from '../case-file/case-file'
import type { CoreContext } from '../core-context'

/*
 * The tail of a case's bundle is a report's case file's own (case-seal.ts): SHA256SUMS over the
 * evidence, the s.84 certificate listing each document and stating SHA256SUMS's hash, the
 * signature when the organization's key is given, and the zip. So a case's bundle is checked by
 * `sha256sum -c`, `openssl cms -verify` and `casefile case verify` as a case file is.
 */

export interface EvidencePart extends ZipPart {
  /** What the certificate says the file is. */
  description: string
}

export interface SealInput {
  caseId: string
  exportedAt: number
  registry: string
  system: ProducingSystem
  evidence: EvidencePart[]
}

export function sealBundle(core: CoreContext, input: SealInput, options: SealOptions = {}) {
  return sealCaseFile(
    core,
    {
      caseId: input.caseId,
      exportedAt: input.exportedAt,
      registry: input.registry,
      system: input.system,
      evidence: input.evidence.map(({ name, bytes, store }) => ({ name, bytes, store })),
      documents: input.evidence.map((p) => producedDocument(p.name, p.description, p.bytes)),
    },
    options,
  )
}
