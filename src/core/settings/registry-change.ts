import {
  keyAccount,
  registryOrigins,
  sameOrigins,
  type ProfileId,
  type RegistryAddresses,
  type RegistryOrigins,
} from '../../shared/registry-address'
import type { Settings } from './settings-schema'
import type { ConfirmDialog } from '../../shared/confirm-dialog'

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
 * confirmed too, with registryFirstDialog. A new path on the same origins is not a change: the
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

const hostOf = (origin: string) => new URL(origin).host

function describe(origins: RegistryOrigins): string {
  return origins.base === origins.upload
    ? hostOf(origins.base)
    : `${hostOf(origins.base)} (uploads to ${hostOf(origins.upload)})`
}

/** The native dialog's words: it names both hosts and says what moving means. Cancel is the default. */
export function registryChangeDialog(change: RegistryChange): ConfirmDialog {
  return {
    title: 'Change of registry',
    message: `Send Casefile's work to ${describe(change.to)} instead of ${describe(change.from)}?`,
    detail: [
      `Reports waiting in the outbox, with the identifiers in them, will be sent to ${describe(change.to)}.`,
      `The API key for ${describe(change.from)} stays with that registry: ${describe(change.to)} needs its own key, which you paste in Settings.`,
      'If you did not ask for this change, choose Keep the current registry.',
    ].join('\n\n'),
    buttons: [`Use ${hostOf(change.to.base)}`, 'Keep the current registry'],
    defaultId: 1,
    cancelId: 1,
  }
}

/**
 * The native dialog's words for the Registry profile's first address: reports queued there go
 * to it, so a page must not set it unseen. Cancel is the default.
 */
export function registryFirstDialog(to: RegistryOrigins): ConfirmDialog {
  return {
    title: 'Registry address',
    message: `Send the Registry profile's reports to ${describe(to)}?`,
    detail: [
      `Reports queued on the Registry profile, with the identifiers in them, will be sent to ${describe(to)}, with the API key you paste for it.`,
      "Check the address with your organization's IT. If you did not ask for this, choose Cancel.",
    ].join('\n\n'),
    buttons: [`Use ${hostOf(to.base)}`, 'Cancel'],
    defaultId: 1,
    cancelId: 1,
  }
}
