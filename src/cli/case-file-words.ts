import {
  fingerprintProblem,
  type FingerprintProblem,
  type SignatureVerdict,
  type VerifyResult,
} from '../core/case-file/case-file'

/*
 * What `casefile case verify` says of a case file's signature and fingerprint: the core's codes
 * and facts (SignatureVerdict, FingerprintProblem) in words that name --ca and --fingerprint, as
 * the CLI always has; the core's own words name neither, and the window shows them. Apart from
 * core-words.ts, which every command's context loads, so that only case commands load these.
 */

/** A signature checked by `case verify`, naming --ca where the organization's certificate was given. */
export function signatureSaid(verdict: SignatureVerdict): string {
  const { problem, signer, againstCa } = verdict
  if (problem === 'unsigned' && againstCa)
    return 'This case file is unsigned (it has no SHA256SUMS.p7s), so it cannot be checked against the certificate given with --ca.'
  if (problem === 'no-ca')
    return 'The file given with --ca is not a certificate (PEM or DER), so the signature was not checked against it.'
  if (problem === 'not-from-ca' && signer)
    return `The signature is by ${signer.subject}, whose certificate is not the one given with --ca nor issued by it: this case file was not signed by that organization.`
  if (verdict.ok && signer)
    return againstCa
      ? `Signed by ${signer.subject}, with the certificate given with --ca or one it issued.`
      : `Signed by ${signer.subject} (certificate fingerprint ${signer.fingerprint}); give the organization's certificate with --ca to check it is theirs.`
  return verdict.message
}

/** A fingerprint that is not the case file's, naming --fingerprint. */
export function fingerprintSaid(problem: FingerprintProblem): string {
  return problem.code === 'not_hex'
    ? 'The fingerprint given (--fingerprint) is not 64 hexadecimal digits, so it was not compared.'
    : `The fingerprint given (--fingerprint ${problem.given}) is not this case file's (${problem.actual}): this is not the case file whose fingerprint is on the signed paper.`
}

/**
 * A case file's check with its signature, and the fingerprint `given` with --fingerprint, in the
 * CLI's words.
 */
export function verifiedSaid(result: VerifyResult, given: string | null): VerifyResult {
  // The same check the core made (it made one only with a fingerprint given), as code and facts.
  const mismatch =
    given && result.fingerprintMismatch !== null
      ? fingerprintProblem(given, result.fingerprint)
      : null
  return {
    ...result,
    signature: { ...result.signature, message: signatureSaid(result.signature) },
    fingerprintMismatch: mismatch ? fingerprintSaid(mismatch) : result.fingerprintMismatch,
  }
}
