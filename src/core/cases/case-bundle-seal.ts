import {
  producedDocument,
  sealCaseFileTo,
  type SealOptions,
  type ProducingSystem,
  type StagedPart,
  type ZipPart,
} from '../case-file/case-file'
import type { CoreContext } from '../core-context'

/*
 * The tail of a case's bundle is a report's case file's own (case-seal.ts): SHA256SUMS over the
 * evidence, the s.84 certificate listing each document and stating SHA256SUMS's hash, the
 * signature when the organization's key is given, and the zip. So a case's bundle is checked by
 * `sha256sum -c`, `openssl cms -verify` and `casefile case verify` as a case file is.
 */

/** A file of the bundle, in memory or staged, and what the certificate says it is. */
export type EvidencePart = (ZipPart | StagedPart) & { description: string }

export interface SealInput {
  caseId: string
  exportedAt: number
  registry: string
  system: ProducingSystem
  evidence: EvidencePart[]
}

/** The bundle sealed and zipped into a new file at `path`. */
export function sealBundle(
  core: CoreContext,
  input: SealInput,
  path: string,
  options: SealOptions = {},
) {
  return sealCaseFileTo(
    core,
    {
      caseId: input.caseId,
      exportedAt: input.exportedAt,
      registry: input.registry,
      system: input.system,
      evidence: input.evidence.map(({ description, ...part }) => (void description, part)),
      documents: input.evidence.map((p) =>
        producedDocument(p.name, p.description, 'path' in p ? p : p.bytes),
      ),
    },
    path,
    options,
  )
}
