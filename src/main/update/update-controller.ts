import type { UpdateView } from '../../shared/contracts/update'
import {
  initialUpdateState,
  installsOnQuit,
  nextWakeAt,
  stepUpdate,
  type UpdateChannel,
  type UpdateEvent,
  type UpdatePreferences,
  type UpdateState,
} from './update-policy'

/** What carries out the policy's effects: electron-updater in the app, a double in tests. */
export interface UpdateBackend {
  /** The newer version on the channel, or null when this one is the newest. */
  check(): Promise<string | null>
  /** Downloads the version the last check found; progress in percent. */
  download(onProgress: (percent: number) => void): Promise<void>
  /** Quits and installs the downloaded update, then starts the new version. */
  install(): void
  setChannel(channel: UpdateChannel): void
}

export interface UpdateClock {
  now(): number
  setTimer(callback: () => void, ms: number): () => void
}

export const systemClock: UpdateClock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => {
    const timer = setTimeout(callback, ms)
    timer.unref?.()
    return () => clearTimeout(timer)
  },
}

export interface UpdateControllerOptions {
  backend: UpdateBackend
  currentVersion: string
  prefs: UpdatePreferences
  online: boolean
  unsupportedReason: string | null
  clock?: UpdateClock
  /** Every change of what the window shows. */
  onChange?: (view: UpdateView) => void
  onError?: (error: Error) => void
}

/**
 * Runs the update policy: feeds it what happens, carries out its effects through the backend,
 * and keeps one timer for its next check. Holds no decision of its own.
 */
export class UpdateController {
  private state: UpdateState
  private readonly clock: UpdateClock
  private cancelTimer: (() => void) | null = null
  private disposed = false

  constructor(private readonly options: UpdateControllerOptions) {
    this.clock = options.clock ?? systemClock
    this.state = initialUpdateState(options)
  }

  start(): UpdateView {
    this.options.backend.setChannel(this.state.prefs.channel)
    return this.dispatch({ type: 'started', now: this.clock.now() })
  }

  view(): UpdateView {
    const s = this.state
    return {
      currentVersion: this.options.currentVersion,
      phase: s.phase,
      unsupportedReason: s.unsupportedReason,
      version: s.version,
      percent: s.percent === null ? null : Math.round(s.percent),
      lastCheckAt: s.lastCheckAt === null ? null : new Date(s.lastCheckAt).toISOString(),
      error: s.error,
      restartWhenIdle: s.restartWhenIdle,
      installsOnQuit: installsOnQuit(s),
      preferences: { ...s.prefs },
    }
  }

  setPreferences(prefs: UpdatePreferences): UpdateView {
    return this.dispatch({ type: 'preferences-changed', prefs, now: this.clock.now() })
  }

  checkNow(): UpdateView {
    return this.dispatch({ type: 'check-requested', now: this.clock.now() })
  }

  download(): UpdateView {
    return this.dispatch({ type: 'download-requested' })
  }

  restart(): UpdateView {
    return this.dispatch({ type: 'restart-requested' })
  }

  connectivityChanged(online: boolean): void {
    if (online !== this.state.online)
      this.dispatch({ type: 'online-changed', online, now: this.clock.now() })
  }

  busyChanged(busy: boolean): void {
    if (busy !== this.state.busy) this.dispatch({ type: 'busy-changed', busy })
  }

  dispose(): void {
    this.disposed = true
    this.cancelTimer?.()
    this.cancelTimer = null
  }

  private dispatch(event: UpdateEvent): UpdateView {
    if (this.disposed) return this.view()
    const before = this.state
    const { state, effects } = stepUpdate(before, event)
    this.state = state
    for (const effect of effects) {
      switch (effect.type) {
        case 'check':
          void this.run(async () => {
            const version = await this.options.backend.check()
            const now = this.clock.now()
            this.dispatch(
              version
                ? { type: 'update-available', version, now }
                : { type: 'update-not-available', now },
            )
          })
          break
        case 'download': {
          const version = state.version ?? ''
          void this.run(async () => {
            await this.options.backend.download((percent) =>
              this.dispatch({ type: 'download-progress', percent }),
            )
            this.dispatch({ type: 'update-downloaded', version })
          })
          break
        }
        case 'install':
          this.options.backend.install()
          break
        case 'set-channel':
          this.options.backend.setChannel(effect.channel)
          break
      }
    }
    this.schedule()
    const view = this.view()
    if (state !== before) this.options.onChange?.(view)
    return view
  }

  private async run(work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      this.options.onError?.(error as Error)
      this.dispatch({ type: 'failed', message: updateFailureText(error), now: this.clock.now() })
    }
  }

  private schedule(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    const wakeAt = nextWakeAt(this.state)
    if (wakeAt === null || this.disposed) return
    const delay = Math.max(0, wakeAt - this.clock.now())
    this.cancelTimer = this.clock.setTimer(
      () => this.dispatch({ type: 'timer', now: this.clock.now() }),
      delay,
    )
  }
}

const NETWORK_CODES =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|net::ERR_[A-Z_]+)\b/

/** What the window says when a check or a download fails: a sentence, not a stack. */
export function updateFailureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (NETWORK_CODES.test(message))
    return 'The update server could not be reached. Casefile tries again later.'
  if (/signature|not signed|publisher/i.test(message))
    return 'The downloaded update is not signed by Casefile\u2019s publisher, so it was not installed. Casefile tries again later.'
  if (/\b404\b|latest[^ ]*\.yml/i.test(message))
    return 'No update information was found for this channel. Casefile tries again later.'
  return 'The update could not be checked or downloaded. Casefile tries again later.'
}
