import {
  verifyDetached,
  type SignatureCheck,
  certificateDer,
  SigningKeyError,
} from '../signing/signing'
import { SIGNATURE_NAME } from './case-file-names'

/*
 * `casefile case verify`'s check of SHA256SUMS.p7s: the signature over SHA256SUMS, and with
 * --ca that it is the organization's; and of --fingerprint, the figure on the signed paper.
 */

export interface SignatureVerdict extends Omit<SignatureCheck, 'problem'> {
  /** unsigned: no SHA256SUMS.p7s; no-ca: --ca names a file that is not a certificate. */
  problem: SignatureCheck['problem'] | 'unsigned' | 'no-ca'
  /** Whether it was checked against a CA given (--ca); else only that it is whole. */
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
        ? `This case file is unsigned (it has no ${SIGNATURE_NAME}), so it cannot be checked against the certificate given with --ca.`
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
        message: `The file given with --ca is not a certificate (PEM or DER), so the signature was not checked against it.`,
        signer: null,
        againstCa,
      }
    }
  return { ...(await verifyDetached(signature, sums, caDer, SIGNATURE_NAME)), againstCa }
}

/** Null when `given` (hex, any case, colons or spaces allowed) is `actual`; else in words. */
export function fingerprintProblem(given: string, actual: string): string | null {
  const compact = given.replace(/[\s:]/g, '').toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(compact))
    return `The fingerprint given (--fingerprint) is not 64 hexadecimal digits, so it was not compared.`
  return compact === actual
    ? null
    : `The fingerprint given (--fingerprint ${compact}) is not this case file's (${actual}): this is not the case file whose fingerprint is on the signed paper.`
}
