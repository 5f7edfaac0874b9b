import type { CasefileCore } from '../../core/casefile-core'
import type { ProfileId } from '../../shared/contract'
import {
  APP_CORE_EVENTS,
  type AppCore,
  type AppCoreEvents,
  type AppCoreProfile,
  type CreateAppCore,
} from './app-core'

export interface CoreHostOptions {
  createCore: CreateAppCore
  /** Every event of the running core, for the window and notifications. */
  onEvent: <E extends keyof AppCoreEvents>(event: E, payload: AppCoreEvents[E]) => void
}

interface Running {
  profileId: ProfileId
  core: AppCore
  unsubscribe: () => void
}

/**
 * Runs at most one core at a time: `run` stops the current one (if any) and starts the core of
 * the given profile; `stop` stops it before the app quits. Calls are queued, so a profile switch
 * during start-up or quit never leaves two cores on one data folder.
 */
export class CoreHost {
  private running: Running | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: CoreHostOptions) {}

  get activeProfile(): ProfileId | null {
    return this.running?.profileId ?? null
  }

  run(profile: AppCoreProfile): Promise<void> {
    return this.enqueue(async () => {
      await this.stopRunning()
      const core = this.options.createCore(profile)
      const forward = <E extends keyof AppCoreEvents>(event: E) =>
        core.events.on(event, (payload) => this.options.onEvent(event, payload))
      const unsubscribes = APP_CORE_EVENTS.map((event) => forward(event))
      const unsubscribe = () => unsubscribes.forEach((off) => off())
      try {
        await core.start()
      } catch (error) {
        unsubscribe()
        await core.stop().catch(() => undefined)
        throw new Error(
          `Casefile could not start on the ${profile.id} profile: ${(error as Error).message}`,
          { cause: error },
        )
      }
      this.running = { profileId: profile.id, core, unsubscribe }
    })
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.stopRunning())
  }

  /**
   * The running core's work API, read by the work handlers at each call (so a profile switch
   * swaps it underneath them); throws a plain error while none is running.
   */
  casefileCore(): CasefileCore {
    const casefile = this.running?.core.casefile
    if (!casefile)
      throw new Error(
        this.running
          ? "Casefile's core is not wired into the app yet: drafts, the outbox and search are not available in this build."
          : "Casefile's core is not running (it is starting, switching profile or stopping): try again in a moment.",
      )
    return casefile
  }

  /** Tells the running core its key changed, if it is that profile's core. */
  keyChanged(profileId: ProfileId): void {
    if (this.running?.profileId === profileId) this.running.core.keyChanged()
  }

  /** Tells the running core the network came back or went. */
  connectivityChanged(online: boolean): void {
    this.running?.core.connectivityChanged(online)
  }

  private async stopRunning(): Promise<void> {
    const running = this.running
    if (!running) return
    this.running = null
    running.unsubscribe()
    await running.core.stop()
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task)
    this.queue = result.catch(() => undefined)
    return result
  }
}
