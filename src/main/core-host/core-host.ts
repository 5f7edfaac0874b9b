import type { CoreStatus, ProfileId } from '../../shared/contracts/shell'
import { coreWorkContract, type WorkHandlers } from '../../shared/contracts/work'
import {
  APP_CORE_EVENTS,
  type AppCore,
  type AppCoreEvents,
  type AppCoreProfile,
  type CreateAppCore,
} from '../../shared/app-core'
import { coreStartErrorOf } from '../../shared/core-start-error'

export interface CoreHostOptions {
  createCore: CreateAppCore
  /** Every event of the running core, for the window and notifications. */
  onEvent: <E extends keyof AppCoreEvents>(event: E, payload: AppCoreEvents[E]) => void
  /** The core stopped on its own and is restarting, is running again, or could not be restarted. */
  onStatus?: (status: CoreStatus) => void
  /** Waits before restart n (1, 2, …) after a crash; defaults to 1 s, 2 s, 4 s… up to 30 s. */
  restartDelayMs?: (attempt: number) => number
}

/** Crashes in a row (each within a minute of its restart) before the host stops restarting. */
const MAX_QUICK_CRASHES = 5

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
  /** What the window was last told, while it is not "running": asked for by a window that loads later. */
  private trouble: CoreStatus | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private quickCrashes = 0
  /** Counts run and stop requests: a restart after a crash yields to any made since. */
  private generation = 0

  constructor(private readonly options: CoreHostOptions) {}

  get activeProfile(): ProfileId | null {
    return this.running?.profileId ?? null
  }

  /** Why no core runs (restarting, given up on, or its data folder shut); null while one runs. */
  get status(): CoreStatus | null {
    return this.trouble
  }

  run(profile: AppCoreProfile): Promise<void> {
    this.generation++
    return this.enqueue(async () => {
      await this.stopRunning()
      const core = this.options.createCore(profile)
      const forward = <E extends keyof AppCoreEvents>(event: E) =>
        core.events.on(event, (payload) => this.options.onEvent(event, payload))
      const unsubscribes = APP_CORE_EVENTS.map((event) => forward(event))
      const startedAt = Date.now()
      // A restart after a crash opens the folder as it is: the way out taken now is not taken again.
      const { recover: _taken, ...again } = profile
      const offCrash = core.onCrash?.((detail) => this.crashed(core, again, detail, startedAt))
      const unsubscribe = () => {
        unsubscribes.forEach((off) => off())
        offCrash?.()
      }
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
      // A core runs again (after a crash, a key found, a folder set aside, another profile).
      if (this.trouble)
        this.tell({ state: 'running', message: "Casefile's background work is running." })
    })
  }

  private tell(status: CoreStatus): void {
    this.trouble = status.state === 'running' ? null : status
    this.options.onStatus?.(status)
  }

  /**
   * The app's first start of a core: as run, and a failure (a data folder whose key is lost, a
   * damaged database) is also told to the window, which has nothing else to show it with.
   */
  async start(profile: AppCoreProfile): Promise<void> {
    try {
      await this.run(profile)
    } catch (error) {
      const failed = coreStartErrorOf(error)
      // A way out that failed (a wrong passphrase) left the folder, and what the window shows, as they were.
      if (failed?.recoveryFailed) throw error
      const folderProblem = failed?.folderProblem
      this.tell({
        state: 'stopped',
        // The folder's own sentence says what to do; "could not start on…" adds nothing to it.
        message: folderProblem && failed ? failed.message : (error as Error).message,
        ...(folderProblem ? { folderProblem } : {}),
      })
      throw error
    }
  }

  stop(): Promise<void> {
    this.generation++
    return this.enqueue(() => this.stopRunning())
  }

  /**
   * The running core ended without being asked to (its process crashed or was killed): the
   * window is told, and the same profile's core is started again after a short wait. The outbox
   * is in the profile's database, so nothing queued is lost; what was being sent is recovered
   * as "outcome unknown" and checked with the registry before it is sent again.
   */
  private crashed(core: AppCore, profile: AppCoreProfile, detail: string, startedAt: number): void {
    if (this.running?.core !== core) return
    this.running.unsubscribe()
    this.running = null
    this.quickCrashes = Date.now() - startedAt < 60_000 ? this.quickCrashes + 1 : 1
    const status = (next: CoreStatus) => this.tell(next)
    if (this.quickCrashes > MAX_QUICK_CRASHES) {
      status({
        state: 'stopped',
        message: `Casefile's background work keeps stopping (${detail}), so it was not restarted again. Nothing queued is lost: quit and open Casefile to try again.`,
      })
      return
    }
    status({
      state: 'restarting',
      message: `Casefile's background work stopped unexpectedly (${detail}) and is restarting. Nothing queued is lost.`,
    })
    const delay = (this.options.restartDelayMs ?? ((n) => Math.min(30_000, 1000 * 2 ** (n - 1))))(
      this.quickCrashes,
    )
    const generation = this.generation
    setTimeout(() => {
      // A profile switch or quit asked for meanwhile wins over the restart.
      if (this.generation !== generation) return
      this.run(profile).then(
        () => undefined, // run() tells the window it runs again.
        (error: unknown) =>
          status({
            state: 'stopped',
            message: `Casefile's background work could not be restarted: ${(error as Error).message} Quit and open Casefile to try again.`,
          }),
      )
    }, delay).unref?.()
  }

  /**
   * The running core's work handlers (each call forwarded to the core process), read at each
   * call so a profile switch or a restart swaps them underneath; throws a plain error while none runs.
   */
  workHandlers(): WorkHandlers {
    const work = this.running?.core.work
    if (!work)
      throw new Error(
        "Casefile's core is not running (it is starting, switching profile or stopping): try again in a moment.",
      )
    return work
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

/**
 * Work handlers that look up the running core's at each call (a profile switch or a restart
 * swaps them underneath), for registering once with the contract.
 */
export function delegateWorkHandlers(current: () => WorkHandlers): WorkHandlers {
  return Object.fromEntries(
    (Object.keys(coreWorkContract) as (keyof WorkHandlers)[]).map((method) => [
      method,
      (input: never) => (current()[method] as (input: never) => unknown)(input),
    ]),
  ) as unknown as WorkHandlers
}
