import type { SignedBy } from '../../../shared/contracts/case-file'

/**
 * Whether a zip the window exported is signed, in words: by which certificate (its subject and
 * fingerprint, as Settings → Case files shows them), or, unsigned, how to have the next signed.
 */
export function signedWords(signedBy: SignedBy | null): string {
  return signedBy
    ? `Signed with the key kept for this data folder: ${signedBy.subject}, whose certificate’s fingerprint (SHA-256) is ${signedBy.fingerprint}.`
    : 'Unsigned: no signing key is kept for this data folder. Settings → Case files says how to keep one; what is exported after that is signed with it.'
}
