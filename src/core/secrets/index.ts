export {
  ApiKeyStore,
  createKeychainKeyStore,
  keyTail,
  type KeyState,
  type KeyStorage,
} from './api-key-store'
export { KEYCHAIN_SERVICE, keyringBackend } from './keyring-backend'
export { ProxyCredentialStore, proxyCredentialsAccount } from './proxy-credentials'
export type { SecretBackend } from './secret-backend'

// What the rest of the app uses of this folder's other files.
export { keychainName } from './keyring-backend'
export { redactKey } from './redact-key'
