import type { KeyStatus } from '../../shared/contracts/shell'
import { describeKeychainFailure } from './keychain-failure'
import { keyringBackend } from './keyring-backend'
import type { SecretBackend } from './secret-backend'

/** What may be told about a stored key: whether there is one, its tail, and where it lives. */
export type KeyState = Omit<KeyStatus, 'profileId'>

/** Where keys live right now: the keychain, or (when it cannot be used) this process's memory. */
export type KeyStorage = { storage: 'keychain' } | { storage: 'memory'; reason: string }

export interface ApiKeyStoreOptions {
  backend: SecretBackend
  platform?: NodeJS.Platform
  /** Called once, when the keychain fails and keys move to memory for the rest of the session. */
  onFallbackToMemory?: (reason: string) => void
}

/** Keys shorter than this show no tail: four characters of a short key give too much of it away. */
const MIN_LENGTH_TO_SHOW_TAIL = 12

/**
 * The API key of each connection profile (the account), kept in the OS keychain. Only main and
 * the CLI read a key back (`getKey`); what goes anywhere else is a KeyState.
 *
 * When the keychain cannot be used (no Secret Service on Linux, a locked or refused keychain),
 * the store says so once, with the reason, and from then on keeps keys in memory for this
 * session only. It never writes a key to disk itself.
 */
export class ApiKeyStore {
  private readonly memory = new Map<string, string>()
  private fallbackReason: string | null = null

  constructor(private readonly options: ApiKeyStoreOptions) {}

  get storage(): KeyStorage {
    return this.fallbackReason === null
      ? { storage: 'keychain' }
      : { storage: 'memory', reason: this.fallbackReason }
  }

  /** The key itself, for the registry client; null when none is set. */
  async getKey(account: string): Promise<string | null> {
    if (this.fallbackReason === null) {
      try {
        return await this.options.backend.read(account)
      } catch (error) {
        this.fallBackToMemory(error)
      }
    }
    return this.memory.get(account) ?? null
  }

  async setKey(account: string, key: string): Promise<KeyState> {
    if (this.fallbackReason === null) {
      try {
        await this.options.backend.write(account, key)
        return stateOf(key, this.storage)
      } catch (error) {
        this.fallBackToMemory(error, key)
      }
    }
    this.memory.set(account, key)
    return stateOf(key, this.storage)
  }

  async removeKey(account: string): Promise<KeyState> {
    this.memory.delete(account)
    if (this.fallbackReason === null) {
      try {
        await this.options.backend.remove(account)
      } catch (error) {
        this.fallBackToMemory(error)
      }
    }
    return stateOf(null, this.storage)
  }

  async status(account: string): Promise<KeyState> {
    const key = await this.getKey(account)
    return stateOf(key, this.storage)
  }

  private fallBackToMemory(error: unknown, secret?: string): void {
    if (this.fallbackReason !== null) return
    this.fallbackReason = describeKeychainFailure(
      error,
      this.options.platform ?? process.platform,
      secret,
    )
    this.options.onFallbackToMemory?.(this.fallbackReason)
  }
}

/** The last four characters of a key, as the window may show them; null for a short key. */
export function keyTail(key: string): string | null {
  return key.length >= MIN_LENGTH_TO_SHOW_TAIL ? key.slice(-4) : null
}

function stateOf(key: string | null, storage: KeyStorage): KeyState {
  return {
    set: key !== null,
    last4: key !== null ? keyTail(key) : null,
    storage: storage.storage,
    reason: storage.storage === 'memory' ? storage.reason : null,
  }
}

/** The store the app and the CLI use: keys in the OS keychain under the service "Casefile". */
export function createKeychainKeyStore(
  options: Omit<ApiKeyStoreOptions, 'backend'> & { service?: string } = {},
): ApiKeyStore {
  return new ApiKeyStore({ ...options, backend: keyringBackend(options.service) })
}
