import { createHash } from 'node:crypto'
import {
  CASE_PDF_NAME,
  CERTIFICATE_FILES,
  CERTIFICATE_ODT,
  CERTIFICATE_PDF,
  LOG_NAME,
  SIGNATURE_NAME,
  SUMS_NAME,
} from './case-file-names'
import {
  checkSignature,
  fingerprintProblem,
  fingerprintWords,
  type SignatureVerdict,
} from './verify-signature'
import { odtText, OdtUnreadable } from './odt-text'
import { certificateDisagreements, logDisagreements, type Bundle } from './verify-claims'
import { casePdfDisagreements, certificatePdfDisagreements } from './verify-pdfs'
import { readCaseZip, VERIFY_LIMITS } from './verify-zip'
import { CaseVerifyRefused, checkName } from './zip-entry-checks'

/*
 * `casefile case verify FILE.zip`: every file of a case file hashed again and compared with its
 * SHA256SUMS, as `sha256sum -c` would after `unzip`, with the zip read as hostile (verify-zip.ts)
 * so that both check the same files. Then what the case file states about itself (the retrieval
 * log's hashes, the list of documents and fingerprint of both certificates, the PDF's as a person
 * reads it, and case.pdf's hash of each attachment: verify-pdfs.ts) held against SHA256SUMS and
 * the files. And the fingerprint, the SHA-256 of SHA256SUMS: the one figure a person compares
 * with the signed certificate, since a zip can always be made again with a new SHA256SUMS.
 */

export { CaseVerifyRefused } from './zip-entry-checks'
export { VERIFY_LIMITS } from './verify-zip'

/**
 * certificate: one of the two certificate files, which SHA256SUMS does not list; signature:
 * SHA256SUMS.p7s, the signature over SHA256SUMS, which it cannot list either.
 */
export type FileVerdict = 'ok' | 'changed' | 'missing' | 'added' | 'certificate' | 'signature'

export interface VerifyResult {
  ok: boolean
  /** The SHA-256 of SHA256SUMS's bytes, as `sha256sum SHA256SUMS` prints it. */
  fingerprint: string
  files: { name: string; verdict: FileVerdict }[]
  /** What a file of the case file states that the files or SHA256SUMS do not bear out. */
  disagreements: string[]
  /** SHA256SUMS.p7s checked against SHA256SUMS (and the CA given), or why there is none. */
  signature: SignatureVerdict
  /**
   * With a fingerprint given: null when it is this one, else what differs, in words that name
   * no option (its code and facts: fingerprintProblem, for a front that words it itself).
   */
  fingerprintMismatch: string | null
}

export interface VerifyOptions {
  /** The organization's certificate (DER or PEM bytes) the signature must lead to. */
  ca?: Buffer | null
  /** The fingerprint on the signed paper, to be compared with this SHA256SUMS's. */
  fingerprint?: string | null
}

const KEEP = {
  [SUMS_NAME]: VERIFY_LIMITS.maxSumsBytes,
  /** The signer's certificate and a chain of a few more. */
  [SIGNATURE_NAME]: 256 * 1024,
  [LOG_NAME]: 4 * 1024 * 1024,
  [CERTIFICATE_ODT]: 2 * 1024 * 1024,
  /** Its fonts' subsets and a few pages of text. */
  [CERTIFICATE_PDF]: 8 * 1024 * 1024,
  /** Held whole for its text: the report and each attachment's picture (2 million pixels each). */
  [CASE_PDF_NAME]: 128 * 1024 * 1024,
}

/** SHA256SUMS's lines, as `sha256sum -c` reads them; refused where it would read them otherwise. */
function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>()
  const folded = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (!match)
      throw new CaseVerifyRefused(
        `${SUMS_NAME} has a line that is not "<hash>  <file>": ${JSON.stringify(line.slice(0, 80))}.`,
      )
    const name = match[2]!
    checkName(name)
    const key = name.normalize('NFC').toUpperCase().toLowerCase()
    if (folded.has(key))
      throw new CaseVerifyRefused(
        folded.get(key) === name
          ? `${SUMS_NAME} lists ${name} twice; it cannot say which hash is the file's. It was not read.`
          : `${SUMS_NAME} lists both ${folded.get(key)} and ${name}, which are the same file on Windows and macOS; it was not read.`,
      )
    folded.set(key, name)
    sums.set(name, match[1]!)
  }
  if (sums.size === 0)
    throw new CaseVerifyRefused(
      `${SUMS_NAME} lists no files, so it vouches for nothing; it was not read.`,
    )
  return sums
}

async function odtDisagreements(bytes: Buffer | undefined, bundle: Bundle, listed: boolean) {
  if (!bytes) return []
  try {
    return certificateDisagreements(CERTIFICATE_ODT, await odtText(bytes), bundle, {
      listedInSums: listed,
    })
  } catch (error) {
    if (!(error instanceof OdtUnreadable)) throw error
    return [
      `${CERTIFICATE_ODT} cannot be read (${error.message}), so what it states was not checked.`,
    ]
  }
}

export async function verifyCaseFile(
  path: string,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const { hashes, kept } = await readCaseZip(path, KEEP)
  const sumsBytes = kept.get(SUMS_NAME)
  if (!sumsBytes)
    throw new CaseVerifyRefused(
      `The zip has no ${SUMS_NAME}, so it is not a case file Casefile made.`,
    )
  const sums = parseSums(sumsBytes.toString('utf8'))
  const fingerprint = createHash('sha256').update(sumsBytes).digest('hex')
  const files: VerifyResult['files'] = []
  for (const [name, expected] of sums) {
    const actual = hashes.get(name)
    files.push({
      name,
      verdict: actual === undefined ? 'missing' : actual === expected ? 'ok' : 'changed',
    })
  }
  const certificates = new Set<string>(CERTIFICATE_FILES.filter((name) => !sums.has(name)))
  for (const name of hashes.keys())
    if (name !== SUMS_NAME && !sums.has(name))
      files.push({
        name,
        verdict: certificates.has(name)
          ? 'certificate'
          : name === SIGNATURE_NAME
            ? 'signature'
            : 'added',
      })
  for (const name of certificates) if (!hashes.has(name)) files.push({ name, verdict: 'missing' })
  const bundle: Bundle = { sums, hashes, fingerprint }
  const logBytes = kept.get(LOG_NAME)
  const certificatePdf = kept.get(CERTIFICATE_PDF)
  const casePdf = kept.get(CASE_PDF_NAME)
  const disagreements = [
    ...(logBytes ? logDisagreements(logBytes, bundle) : []),
    ...(await odtDisagreements(kept.get(CERTIFICATE_ODT), bundle, sums.has(CERTIFICATE_ODT))),
    ...(certificatePdf
      ? await certificatePdfDisagreements(certificatePdf, bundle, sums.has(CERTIFICATE_PDF))
      : []),
    ...(casePdf ? await casePdfDisagreements(casePdf, bundle) : []),
  ]
  const signature = await checkSignature(kept.get(SIGNATURE_NAME) ?? null, sumsBytes, options.ca)
  const mismatch = options.fingerprint ? fingerprintProblem(options.fingerprint, fingerprint) : null
  const fingerprintMismatch = mismatch ? fingerprintWords(mismatch) : null
  const filesOk = files.every(
    (f) => f.verdict !== 'changed' && f.verdict !== 'missing' && f.verdict !== 'added',
  )
  return {
    ok: filesOk && disagreements.length === 0 && signature.ok && fingerprintMismatch === null,
    fingerprint,
    files,
    disagreements,
    signature,
    fingerprintMismatch,
  }
}
