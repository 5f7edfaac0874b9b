import { z } from 'zod'
import type { ProxyCredentials } from '../network/network'
import type { ApiKeyStore } from './api-key-store'

/**
 * The keychain account of a proxy's credentials: `proxy@host:port` (IPv6 in brackets), in lower
 * case, so the name a person typed and the one the computer's settings give find the same entry.
 */
export function proxyCredentialsAccount(address: string): string {
  return `proxy@${address.trim().toLowerCase()}`
}

const storedSchema = z.strictObject({ username: z.string().min(1), password: z.string() })

/**
 * The user name and password of a proxy that asks for them, kept as the API key is: in the OS
 * keychain (JSON under `proxy@host:port`), or for this session only when there is no keychain.
 * Never on disk, never sent to the window: main reads them for the core's proxy resolver and
 * for Chromium's own proxy challenges.
 */
export class ProxyCredentialStore {
  constructor(private readonly keys: Pick<ApiKeyStore, 'getKey' | 'setKey' | 'removeKey'>) {}

  /** The credentials kept for the proxy at `address`, or null (none, or an entry not ours). */
  async get(address: string): Promise<ProxyCredentials | null> {
    const stored = await this.keys.getKey(proxyCredentialsAccount(address))
    if (stored === null) return null
    try {
      const parsed = storedSchema.safeParse(JSON.parse(stored))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  /** Keeps them; says where (the keychain, or memory for this session) and why not the keychain. */
  async set(
    address: string,
    credentials: ProxyCredentials,
  ): Promise<{ storage: 'keychain' | 'memory'; reason: string | null }> {
    const state = await this.keys.setKey(
      proxyCredentialsAccount(address),
      JSON.stringify({ username: credentials.username, password: credentials.password }),
    )
    return { storage: state.storage, reason: state.reason }
  }

  async remove(address: string): Promise<void> {
    await this.keys.removeKey(proxyCredentialsAccount(address))
  }
}
