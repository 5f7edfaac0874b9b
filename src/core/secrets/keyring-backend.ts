import type * as Keyring from '@napi-rs/keyring'
import { createRequire } from 'node:module'
import type { SecretBackend } from './secret-backend'

/** The keychain service every Casefile key is filed under; the account is the profile id. */
export const KEYCHAIN_SERVICE = 'Casefile'

let keyringModule: typeof Keyring | undefined

/**
 * require(), not import(): the app's main bundle is CommonJS and loads the package from inside
 * app.asar, where require is what Electron has always supported.
 */
function loadKeyring(): typeof Keyring {
  keyringModule ??= createRequire(import.meta.url)('@napi-rs/keyring') as typeof Keyring
  return keyringModule
}

/**
 * The OS keychain through @napi-rs/keyring: the macOS Keychain, Windows Credential Manager,
 * or a Secret Service (GNOME Keyring, KWallet, KeePassXC) on Linux.
 *
 * Loaded on first use, so a missing native binary becomes a keychain failure (and the memory
 * fallback) rather than a crash at start-up. On Linux the entry is pinned to the Secret
 * Service: the library would otherwise fall back to the kernel keyring, which forgets the key
 * at reboot while looking like a real keychain; better to say plainly that there is none.
 */
export function keyringBackend(service: string = KEYCHAIN_SERVICE): SecretBackend {
  const entry = async (account: string) =>
    new (loadKeyring().AsyncEntry)(service, account, { linux: { store: 'secret-service' } })
  return {
    description: keychainName(process.platform),
    read: async (account) => (await (await entry(account)).getPassword()) ?? null,
    write: async (account, secret) => (await entry(account)).setPassword(secret),
    remove: async (account) => (await entry(account)).deleteCredential(),
  }
}

export function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain'
  if (platform === 'win32') return 'Windows Credential Manager'
  return 'the Secret Service'
}
