/**
 * Where secrets are kept, one per account: the OS keychain in the app and the CLI, something
 * else in tests. Each method may throw when the store cannot be used at all (no keychain, a
 * locked one, access refused); ApiKeyStore turns that into the memory-only fallback.
 */
export interface SecretBackend {
  /** Shown in messages, e.g. "the Secret Service". */
  readonly description: string
  read(account: string): Promise<string | null>
  write(account: string, secret: string): Promise<void>
  /** True when something was removed, false when there was nothing to remove. */
  remove(account: string): Promise<boolean>
}
