import type { ConfirmDialog } from '../../shared/confirm-dialog'
import type { RegistryOrigins } from '../../shared/registry-address'
import type { RegistryChange } from '../../core/settings'

/*
 * The window's native dialogs for a change of registry and for its first address: main shows
 * them before anything is sent, in the window's words (the CLI asks for
 * --confirm-registry-change instead).
 */

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
      `The API key for ${describe(change.from)} stays with that registry: ${describe(change.to)} needs its own key, which you paste in Settings, under API key.`,
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
