import {
  keyAccount,
  registryOrigins,
  sameOrigins,
  type ProfileId,
  type RegistryAddresses,
  type RegistryOrigins,
} from '../../shared/registry-address'
import type { Settings } from './settings-schema'

/**
 * The keychain account of a profile's key under these settings: the Registry's is bound to the
 * origin of its base URL (`registry@https://host[:port]`), so a changed address has no key
 * until the user gives one; null while the Registry has no address. The Sandbox's own
 * registry keeps `sandbox`.
 */
export function profileKeyAccount(settings: Settings, profileId: ProfileId): string | null {
  if (profileId === 'sandbox') return keyAccount('sandbox', null)
  return settings.registry ? keyAccount('registry', settings.registry.baseUrl) : null
}

/** A change of registry that must be confirmed by the person, in main, before anything is sent. */
export interface RegistryChange {
  from: RegistryOrigins
  to: RegistryOrigins
}

/**
 * Whether saving `next` moves the Registry profile to other origins than `current`. The first
 * address (none before) is not a change (nothing was ever sent or keyed for any registry) but is
 * confirmed too, with main's registryFirstDialog (main/ipc/registry-dialogs.ts). A new path on the same origins is not a change: the
 * key and the queue stay with the same hosts.
 */
export function registryChange(
  current: RegistryAddresses | null,
  next: RegistryAddresses,
): RegistryChange | null {
  if (current === null) return null
  const from = registryOrigins(current)
  const to = registryOrigins(next)
  return sameOrigins(from, to) ? null : { from, to }
}
