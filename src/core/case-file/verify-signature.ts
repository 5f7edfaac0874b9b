import {
  verifyDetached,
  type SignatureCheck,
  certificateDer,
  SigningKeyError,
} from '../signing/signing'
import { SIGNATURE_NAME } from './case-file-names'

/*
 * A case file's check of SHA256SUMS.p7s: the signature over SHA256SUMS, and with the
 * organization's certificate given (the CLI's --ca) that it is the organization's; and of a
 * fingerprint given (--fingerprint), the figure on the signed paper. Each a code and its facts,
 * with words that name no option: the CLI words them with its options (src/cli/case-file-words.ts).
 */

export interface SignatureVerdict extends Omit<SignatureCheck, 'problem'> {
  /** unsigned: no SHA256SUMS.p7s; no-ca: the certificate given is not a certificate. */
  problem: SignatureCheck['problem'] | 'unsigned' | 'no-ca'
  /** Whether it was checked against the organization's certificate given; else only that it is whole. */
  againstCa: boolean
}

export async function checkSignature(
  signature: Buffer | null,
  sums: Buffer,
  ca: Buffer | null | undefined,
): Promise<SignatureVerdict> {
  const againstCa = Boolean(ca)
  if (!signature)
    return {
      ok: !againstCa,
      problem: 'unsigned',
      message: againstCa
        ? `This case file is unsigned (it has no ${SIGNATURE_NAME}), so it cannot be checked against the organization's certificate given.`
        : `This case file is unsigned (it has no ${SIGNATURE_NAME}): only the fingerprint on the signed paper identifies it.`,
      signer: null,
      againstCa,
    }
  let caDer: Buffer | null = null
  if (ca)
    try {
      caDer = certificateDer(ca)
    } catch (error) {
      if (!(error instanceof SigningKeyError)) throw error
      return {
        ok: false,
        problem: 'no-ca',
        message: `The file given as the organization's certificate is not a certificate (PEM or DER), so the signature was not checked against it.`,
        signer: null,
        againstCa,
      }
    }
  return { ...(await verifyDetached(signature, sums, caDer, SIGNATURE_NAME)), againstCa }
}

/**
 * A fingerprint given that is not the case file's: not one at all (`not_hex`), or another
 * (`differs`: `given` as 64 digits in lower case, `actual` the case file's).
 */
export type FingerprintProblem =
  { code: 'not_hex' } | { code: 'differs'; given: string; actual: string }

/** Null when `given` (hex, any case, colons or spaces allowed) is `actual`; else which problem. */
export function fingerprintProblem(given: string, actual: string): FingerprintProblem | null {
  const compact = given.replace(/[\s:]/g, '').toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(compact)) return { code: 'not_hex' }
  return compact === actual ? null : { code: 'differs', given: compact, actual }
}

/** A fingerprint's problem in words that name no option (the CLI's: src/cli/case-file-words.ts). */
export function fingerprintWords(problem: FingerprintProblem): string {
  return problem.code === 'not_hex'
    ? 'The fingerprint given is not 64 hexadecimal digits, so it was not compared.'
    : `The fingerprint given (${problem.given}) is not this case file's (${problem.actual}): this is not the case file whose fingerprint is on the signed paper.`
}
