export {
  ApiKeyStore,
  createKeychainKeyStore,
  type KeyState,
  type KeyStorage,
} from './api-key-store'
export { KEYCHAIN_SERVICE, keyringBackend } from './keyring-backend'
export type { SecretBackend } from './secret-backend'
