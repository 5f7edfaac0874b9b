import type { SecretBackend } from '../../src/core/secrets'

/**
 * A SecretBackend kept in this process's memory: the harness runs the real ApiKeyStore over it,
 * so the page sees exactly what the app's key calls answer, without touching a keychain.
 */
export function memorySecretBackend(): SecretBackend {
  const secrets = new Map<string, string>()
  return {
    description: 'the harness memory',
    read: async (account) => secrets.get(account) ?? null,
    write: async (account, secret) => void secrets.set(account, secret),
    remove: async (account) => secrets.delete(account),
  }
}
