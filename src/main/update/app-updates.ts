import type { UpdateView } from '../../shared/contracts/update'
import { BusyTracker } from './busy-tracker'
import { UpdateController, type UpdateBackend } from './update-controller'
import type { UpdatePreferences } from './update-policy'
import { whyNoSelfUpdate } from './update-support'

/** A backend for copies that never update themselves: the policy never calls it. */
const NO_BACKEND: UpdateBackend = {
  check: () => Promise.resolve(null),
  download: () => Promise.resolve(),
  install: () => undefined,
  setChannel: () => undefined,
}

export interface AppUpdates {
  updates: UpdateController
  busy: BusyTracker
}

/**
 * The update controller and the busy tracker that holds installs back, wired to each other.
 * `backend` is only asked for when this copy updates itself (electron-updater is not even
 * loaded for a .deb install or a development build).
 */
export function createAppUpdates(options: {
  env: Parameters<typeof whyNoSelfUpdate>[0]
  currentVersion: string
  prefs: UpdatePreferences
  online: boolean
  backend: () => UpdateBackend
  onChange: (view: UpdateView) => void
  onError: (error: Error) => void
}): AppUpdates {
  const unsupportedReason = whyNoSelfUpdate(options.env)
  const updates = new UpdateController({
    backend: unsupportedReason ? NO_BACKEND : options.backend(),
    currentVersion: options.currentVersion,
    prefs: options.prefs,
    online: options.online,
    unsupportedReason,
    onChange: options.onChange,
    onError: options.onError,
  })
  const busy = new BusyTracker((isBusy) => updates.busyChanged(isBusy))
  return { updates, busy }
}
