/**
 * The front door of src/core/signing: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export {
  SigningKeyError,
  certificateDer,
  certificateFacts,
  certificatePem,
  colonHex,
  createSelfSignedKey,
  readPkcs12,
} from './signing-key'
export type { CertificateFacts, SigningKey } from './signing-key'
export { signDetached, verifyDetached } from './cms-signature'
export type { SignatureCheck } from './cms-signature'
export { setSigner, signer, signerFieldProblem } from './signer'
export type { Signer } from './signer'
export { keepSigningKey, keptSigningKey } from './signing-key-store'

// What the rest of the app uses of this folder's other files.
export { signingHandlers } from './signing-handlers'
export type { SigningKeychain } from './signing-handlers'
