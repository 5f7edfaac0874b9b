import { createHash } from 'node:crypto'
import type { CoreContext } from '../core-context'
import {
  signDetached,
  signer,
  certificateFacts,
  type CertificateFacts,
  type SigningKey,
} from '../signing/signing'
import { CERTIFICATE_ODT, CERTIFICATE_PDF, SIGNATURE_NAME, SUMS_NAME } from './case-file-names'
import type { ProducedDocument } from './case-model'
import type { ProducingSystem } from './case-resources'
import { certificateBlocks, writeCertificatePdf, type CertificateInput } from './certificate'
import { writeCertificateOdt } from './certificate-odt'
import { deviceParticulars } from './device-particulars'
import type { StagedPart } from './staged-file'
import { zipBytes, type ZipPart } from './zip-bytes'
import { writeZipFile } from './zip-file'
import { timedStage } from './stage-times'

/*
 * The tail every case file shares, whether of one report or of a case of many items: SHA256SUMS
 * over the evidence, its fingerprint, the s.84 certificate (PDF and ODT) that states it, and the
 * zip of them all. What goes into the evidence is the caller's; what seals it is here.
 */

export interface SealInput<Part extends ZipPart | StagedPart = ZipPart> {
  /** The report id, or the case's id: what the certificate and the zip's name say it is of. */
  caseId: string
  /** The files SHA256SUMS lists, in the zip's order: in memory, or staged (summed already). */
  evidence: Part[]
  /** The same files, each with the words the certificate describes it in. */
  documents: ProducedDocument[]
  /** Registry time (ms) of the export, as every date of the case file states it. */
  exportedAt: number
  /** The registry's address. */
  registry: string
  system: ProducingSystem
}

export interface SealOptions {
  signal?: AbortSignal
  /** The organization's signing key: SHA256SUMS.p7s is written with it. Without: unsigned. */
  sign?: SigningKey | null
}

export interface SealedCaseFile {
  bytes: Buffer
  /** Every file of the zip but SHA256SUMS, with its hash. */
  files: { name: string; sha256: string; size: number }[]
  /** The SHA-256 of SHA256SUMS, as the certificate states it. */
  fingerprint: string
  /** The certificate that signed SHA256SUMS.p7s; null: unsigned. */
  signedBy: CertificateFacts | null
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** A part's hash and size: summed now when in memory, as staged when staged. */
const digest = (part: ZipPart | StagedPart | Buffer) =>
  Buffer.isBuffer(part)
    ? { sha256: sha256(part), size: part.length }
    : 'path' in part
      ? { sha256: part.sha256, size: part.size }
      : { sha256: sha256(part.bytes), size: part.bytes.length }

/** `<hash>  <name>` lines, as `sha256sum -c` reads them (names in the zip have no newline). */
export function sha256Sums(parts: readonly (ZipPart | StagedPart)[]): string {
  return parts.map((p) => `${digest(p).sha256}  ${p.name}\n`).join('')
}

/** A file of the zip as the certificate lists it: its name, words for it, hash and size. */
export const producedDocument = (
  name: string,
  description: string,
  bytes: Buffer | StagedPart,
): ProducedDocument => ({ name, description, ...digest(bytes) })

/** SHA256SUMS, its signature and the certificate: every part of the zip, in its order. */
async function sealedParts<Part extends ZipPart | StagedPart>(
  core: CoreContext,
  input: SealInput<Part>,
  options: SealOptions,
) {
  options.signal?.throwIfAborted()
  const at = new Date(input.exportedAt)
  // SHA256SUMS lists every file but the certificates, which state its hash: a person compares
  // that one figure on the signed paper with `sha256sum SHA256SUMS` of the copy in hand.
  const sums = Buffer.from(sha256Sums(input.evidence), 'utf8')
  const fingerprint = sha256(sums)
  const signature = options.sign ? await signDetached(sums, options.sign, at) : null
  const signedBy = options.sign ? certificateFacts(options.sign.certificate) : null
  const certificate: CertificateInput = {
    caseId: input.caseId,
    exportedAt: input.exportedAt,
    registry: input.registry,
    system: input.system,
    documents: input.documents,
    fingerprint,
    device: await deviceParticulars(core),
    signer: signer(core.db),
    signature: signedBy,
  }
  const parts: (Part | ZipPart)[] = [
    ...input.evidence,
    { name: CERTIFICATE_PDF, bytes: await writeCertificatePdf(certificate), store: true },
    {
      name: CERTIFICATE_ODT,
      bytes: await writeCertificateOdt(certificateBlocks(certificate), at),
      store: true,
    },
  ]
  return {
    at,
    parts,
    all: [
      ...parts,
      { name: SUMS_NAME, bytes: sums },
      ...(signature ? [{ name: SIGNATURE_NAME, bytes: signature }] : []),
    ],
    files: parts.map((p) => ({ name: p.name, ...digest(p) })),
    fingerprint,
    signedBy,
  }
}

/**
 * SHA256SUMS over the evidence, the certificate stating its fingerprint, and the zip: in memory,
 * for the CLI or main to write where the person says.
 */
export async function sealCaseFile(
  core: CoreContext,
  input: SealInput,
  options: SealOptions = {},
): Promise<SealedCaseFile> {
  const sealed = await sealedParts(core, input, options)
  const bytes = await zipBytes(sealed.all, sealed.at)
  return { bytes, files: sealed.files, fingerprint: sealed.fingerprint, signedBy: sealed.signedBy }
}

/**
 * The same, its evidence staged on disk (a case's bundle): the zip written to a new file at
 * `path`, copied from the staged files; nothing summed twice, nothing whole in memory.
 */
export async function sealCaseFileTo(
  core: CoreContext,
  input: SealInput<ZipPart | StagedPart>,
  path: string,
  options: SealOptions = {},
): Promise<Omit<SealedCaseFile, 'bytes'> & { size: number }> {
  const sealed = await timedStage('seal: SHA256SUMS, signature, certificate', () =>
    sealedParts(core, input, options),
  )
  const size = await timedStage('seal: zip written', () =>
    writeZipFile(sealed.all, sealed.at, path),
  )
  return { size, files: sealed.files, fingerprint: sealed.fingerprint, signedBy: sealed.signedBy }
}
