import type { SignerView } from '../../shared/contracts/case-file'
import type { CoreContext, FeatureHandlers } from '../core-context'
import type { SecretBackend } from '../secrets/index'
import { setSigner, signer, signerFieldProblem, type Signer } from './signer'
import { certificateFacts, colonHex, SigningKeyError } from './signing-key'
import { keptSigningKey } from './signing-key-store'

/*
 * Settings → Case files: the officer the s.84 certificate names (the same fields as `casefile
 * config set --signer-name … --signer-position … --organization …`), checked here with the
 * words the CLI uses, and whether a signing key is kept for this folder. Only the key's
 * certificate is told: its private key never leaves the core.
 */

const FIELDS = ['name', 'position', 'organization'] as const

/** The certificate's own labels, so the window says which line of it a refusal is about. */
const LABEL: Record<keyof Signer, string> = {
  name: 'Name of the officer',
  position: 'Position held in the organization',
  organization: 'Organization',
}

/** Where the app's core reads the signing key: the OS keychain, or null where there is none. */
export type SigningKeychain = () => SecretBackend | null

async function signingKeyView(
  core: CoreContext,
  keychain: SecretBackend | null,
): Promise<SignerView['signingKey']> {
  try {
    const kept = await keptSigningKey(core.dataDir, keychain)
    if (!kept) return { kept: false, problem: null }
    const facts = certificateFacts(kept.key.certificate)
    return {
      kept: true,
      where: kept.where,
      subject: facts.subject,
      fingerprint: colonHex(facts.fingerprint),
      validTo: facts.validTo,
    }
  } catch (error) {
    if (error instanceof SigningKeyError) return { kept: false, problem: error.message }
    throw error
  }
}

async function signerView(core: CoreContext, keychain: SigningKeychain): Promise<SignerView> {
  return { ...signer(core.db), signingKey: await signingKeyView(core, keychain()) }
}

/** The officer's fields and the signing key kept, for Settings (case-file.ts's contract). */
export const signingHandlers =
  (
    keychain: SigningKeychain = () => null,
  ): FeatureHandlers<'caseFileSigner' | 'caseFileSetSigner'> =>
  (core) => ({
    caseFileSigner: () => signerView(core(), keychain),
    caseFileSetSigner: async (change) => {
      const problems = FIELDS.flatMap((field) => {
        const value = change[field]
        const problem = value === undefined ? null : signerFieldProblem(value)
        return problem ? [{ field, message: `${LABEL[field]}: ${problem}` }] : []
      })
      // Nothing is kept when one field is refused: the person fixes it and saves them together.
      if (problems.length > 0) return { ok: false, problems }
      setSigner(core(), change)
      return { ok: true, signer: await signerView(core(), keychain) }
    },
  })
