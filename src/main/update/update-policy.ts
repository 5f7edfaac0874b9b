/**
 * When Casefile checks for, downloads and installs an update: every decision, as a pure
 * function of the state and what just happened, so the tests can walk it with a fake clock.
 * The shell (auto-update.ts) feeds it events from electron-updater, the network and the core,
 * and carries out the effects it returns; it decides nothing itself.
 *
 * The rules:
 * - check at start and every 6 hours, only when online;
 * - download in the background when an update is found, unless the organization turned
 *   automatic download off (then the window offers "Download");
 * - a failed check or download is tried again later (30 minutes, doubling, at most 6 hours);
 * - never install while a report is being sent or an import runs: "Restart to update" waits
 *   for that work to end; otherwise the update is applied when the app next quits (after the
 *   core has stopped);
 * - changing the channel (stable / beta) checks again at once.
 */

export const UPDATE_CHANNELS = ['stable', 'beta'] as const
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number]

export interface UpdatePreferences {
  autoDownload: boolean
  channel: UpdateChannel
}

export const DEFAULT_UPDATE_PREFERENCES: UpdatePreferences = Object.freeze({
  autoDownload: true,
  channel: 'stable',
})

export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000
export const RETRY_FIRST_MS = 30 * 60 * 1000

export type UpdatePhase =
  'unsupported' | 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'failed'

export interface UpdateState {
  phase: UpdatePhase
  /** Why this copy is not updated by the app (a .deb install, a development build). */
  unsupportedReason: string | null
  prefs: UpdatePreferences
  online: boolean
  /** A report is being sent or an import runs: no install now. */
  busy: boolean
  /** The version on offer (found, downloading or downloaded). */
  version: string | null
  percent: number | null
  lastCheckAt: number | null
  nextCheckAt: number | null
  /** Consecutive failed checks or downloads, for the back-off. */
  failures: number
  /** The failure of the last check or download, in words. */
  error: string | null
  /** The user asked to restart while work was running: restart when it ends. */
  restartWhenIdle: boolean
}

export type UpdateEvent =
  | { type: 'started'; now: number }
  | { type: 'timer'; now: number }
  | { type: 'online-changed'; online: boolean; now: number }
  | { type: 'busy-changed'; busy: boolean }
  | { type: 'check-requested'; now: number }
  | { type: 'download-requested' }
  | { type: 'restart-requested' }
  | { type: 'preferences-changed'; prefs: UpdatePreferences; now: number }
  | { type: 'update-not-available'; now: number }
  | { type: 'update-available'; version: string; now: number }
  | { type: 'download-progress'; percent: number }
  | { type: 'update-downloaded'; version: string }
  | { type: 'failed'; message: string; now: number }

export type UpdateEffect =
  | { type: 'check' }
  | { type: 'download' }
  | { type: 'install' }
  | { type: 'set-channel'; channel: UpdateChannel }

export interface UpdateStep {
  state: UpdateState
  effects: UpdateEffect[]
}

export function initialUpdateState(options: {
  prefs: UpdatePreferences
  online: boolean
  unsupportedReason: string | null
}): UpdateState {
  return {
    phase: options.unsupportedReason ? 'unsupported' : 'idle',
    unsupportedReason: options.unsupportedReason,
    prefs: options.prefs,
    online: options.online,
    busy: false,
    version: null,
    percent: null,
    lastCheckAt: null,
    nextCheckAt: null,
    failures: 0,
    error: null,
    restartWhenIdle: false,
  }
}

/** How long after the n-th consecutive failure the next try comes. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), CHECK_EVERY_MS)
}

const IDLE_PHASES: ReadonlySet<UpdatePhase> = new Set(['idle', 'failed'])

export function stepUpdate(state: UpdateState, event: UpdateEvent): UpdateStep {
  if (state.phase === 'unsupported') {
    // Only the preferences and the facts are kept; nothing is ever checked or installed.
    if (event.type === 'preferences-changed') return stay({ ...state, prefs: event.prefs })
    if (event.type === 'online-changed') return stay({ ...state, online: event.online })
    if (event.type === 'busy-changed') return stay({ ...state, busy: event.busy })
    return stay(state)
  }

  switch (event.type) {
    case 'started':
      return checkIfDue(state, event.now)

    case 'timer':
      return checkIfDue(state, event.now)

    case 'online-changed': {
      const next = { ...state, online: event.online }
      if (!event.online) return stay(next)
      // Back online: a download that was waiting (found, or failed while offline) goes on first.
      if (next.phase === 'available' && next.prefs.autoDownload) return download(next)
      return checkIfDue(next, event.now)
    }

    case 'busy-changed': {
      const next = { ...state, busy: event.busy }
      if (!event.busy && next.restartWhenIdle && next.phase === 'downloaded') return install(next)
      return stay(next)
    }

    case 'check-requested':
      if (!IDLE_PHASES.has(state.phase) && state.phase !== 'available') return stay(state)
      if (!state.online)
        return stay({ ...state, error: 'No connection: Casefile checks again once it is online.' })
      return check(state)

    case 'download-requested':
      if (state.phase !== 'available' || !state.online) return stay(state)
      return download(state)

    case 'restart-requested':
      if (state.phase !== 'downloaded') return stay(state)
      if (state.busy) return stay({ ...state, restartWhenIdle: true })
      return install(state)

    case 'preferences-changed': {
      const channelChanged = event.prefs.channel !== state.prefs.channel
      const next = { ...state, prefs: event.prefs }
      if (channelChanged) {
        const effects: UpdateEffect[] = [{ type: 'set-channel', channel: event.prefs.channel }]
        // What was found on the other channel is not on offer any more.
        const reset: UpdateState =
          next.phase === 'downloading' || next.phase === 'checking'
            ? next
            : { ...next, phase: 'idle', version: null, percent: null, restartWhenIdle: false }
        if (!reset.online || !IDLE_PHASES.has(reset.phase)) return { state: reset, effects }
        const checked = check(reset)
        return { state: checked.state, effects: [...effects, ...checked.effects] }
      }
      if (event.prefs.autoDownload && next.phase === 'available' && next.online)
        return download(next)
      return stay(next)
    }

    case 'update-not-available':
      return stay({
        ...state,
        phase: 'idle',
        version: null,
        percent: null,
        error: null,
        failures: 0,
        lastCheckAt: event.now,
        nextCheckAt: event.now + CHECK_EVERY_MS,
      })

    case 'update-available': {
      const next: UpdateState = {
        ...state,
        phase: 'available',
        version: event.version,
        error: null,
        failures: 0,
        lastCheckAt: event.now,
        nextCheckAt: event.now + CHECK_EVERY_MS,
      }
      return next.prefs.autoDownload && next.online ? download(next) : stay(next)
    }

    case 'download-progress':
      if (state.phase !== 'downloading') return stay(state)
      return stay({ ...state, percent: Math.max(0, Math.min(100, event.percent)) })

    case 'update-downloaded': {
      const next: UpdateState = {
        ...state,
        phase: 'downloaded',
        version: event.version,
        percent: 100,
        error: null,
        failures: 0,
      }
      if (next.restartWhenIdle && !next.busy) return install(next)
      return stay(next)
    }

    case 'failed': {
      const failures = state.failures + 1
      return stay({
        ...state,
        phase: 'failed',
        percent: null,
        failures,
        error: event.message,
        nextCheckAt: event.now + retryDelay(failures),
      })
    }
  }
}

/** The next moment the shell must wake the policy with a 'timer' event, or null. */
export function nextWakeAt(state: UpdateState): number | null {
  if (!IDLE_PHASES.has(state.phase) || !state.online) return null
  return state.nextCheckAt
}

/** A downloaded update not installed by a restart is installed when the app next quits. */
export function installsOnQuit(state: UpdateState): boolean {
  return state.phase === 'downloaded'
}

function checkIfDue(state: UpdateState, now: number): UpdateStep {
  if (!IDLE_PHASES.has(state.phase) || !state.online) return stay(state)
  if (state.nextCheckAt !== null && now < state.nextCheckAt) return stay(state)
  return check(state)
}

function check(state: UpdateState): UpdateStep {
  return { state: { ...state, phase: 'checking', error: null }, effects: [{ type: 'check' }] }
}

function download(state: UpdateState): UpdateStep {
  return { state: { ...state, phase: 'downloading', percent: 0 }, effects: [{ type: 'download' }] }
}

function install(state: UpdateState): UpdateStep {
  return { state: { ...state, restartWhenIdle: false }, effects: [{ type: 'install' }] }
}

function stay(state: UpdateState): UpdateStep {
  return { state, effects: [] }
}
