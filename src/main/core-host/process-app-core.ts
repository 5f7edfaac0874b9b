import { proxyFromEnvironment } from '../../core/network/network'
import { eventContract } from '../../shared/contracts'
import { coreWorkContract, type WorkHandlers } from '../../shared/contracts/work'
import { fromCoreSchema, type ToCore } from '../../shared/core-protocol'
import type { IpcResult } from '../../shared/ipc-result'
import { describeIssues } from '../../shared/validation-messages'
import {
  APP_CORE_EVENTS,
  type AppCore,
  type AppCoreEvents,
  type AppCoreProfile,
} from '../../shared/app-core'
import { CoreStartError } from '../../shared/core-start-error'
import { EventHub } from '../../shared/event-hub'

/** Main's end of one core process: Electron's utilityProcess in the app, a Node fork elsewhere. */
export interface CoreChild {
  post(message: ToCore): void
  onMessage(listener: (message: unknown) => void): void
  /** Once, when the process is gone: how it ended ("exit code 1", "killed by SIGKILL"). */
  onExit(listener: (detail: string) => void): void
  kill(): void
  /** The process id, where the runtime gives one. */
  readonly pid?: number
}
export type SpawnCore = () => CoreChild

const STOP_GRACE_MS = 15_000
const NOT_RUNNING =
  "Casefile's core is not running (it is starting, switching profile or stopping): try again in a moment."

const isAppCoreEvent = (name: string): name is keyof AppCoreEvents =>
  (APP_CORE_EVENTS as readonly string[]).includes(name)

/**
 * An AppCore whose work runs in its own process (docs/architecture.md "The core in its own
 * process"): main only routes. Calls go over the channel and come back as the core's answer;
 * the core's events come back the same way, each checked against the contract again here; the
 * key is handed over on each request, never stored in the core process. If the process ends
 * without being asked to, calls waiting for it fail with a plain message and onCrash is told.
 */
export function createProcessAppCore(profile: AppCoreProfile, spawn: SpawnCore): AppCore {
  const events = new EventHub<AppCoreEvents>()
  const crashListeners = new Set<(detail: string) => void>()
  const calls = new Map<
    number,
    { resolve: (r: IpcResult<unknown>) => void; reject: (e: Error) => void }
  >()
  let nextCall = 0
  let child: CoreChild | null = null
  let running = false
  let pending: { settle: (error?: Error) => void } | null = null
  let stopping = false

  const onMessage = (raw: unknown) => {
    const parsed = fromCoreSchema.safeParse(raw)
    if (!parsed.success) {
      console.error(`[casefile] refused a message from the core: ${describeIssues(parsed.error)}`)
      return
    }
    const message = parsed.data
    switch (message.type) {
      case 'started':
        pending?.settle()
        return
      case 'startFailed':
        pending?.settle(
          new CoreStartError(message.message, message.folderProblem, message.recoveryFailed),
        )
        return
      case 'stopped':
        pending?.settle()
        return
      case 'result': {
        const call = calls.get(message.id)
        calls.delete(message.id)
        call?.resolve(message.result)
        return
      }
      case 'event': {
        if (!isAppCoreEvent(message.event)) {
          console.error(`[casefile] the core sent an unknown event "${message.event}"`)
          return
        }
        const checked = eventContract[message.event].payload.safeParse(message.payload)
        if (!checked.success) {
          console.error(
            `[casefile] refused ${message.event} from the core: ${describeIssues(checked.error)}`,
          )
          return
        }
        events.emit(message.event, checked.data as never)
        return
      }
      case 'apiKeyWanted': {
        const { id } = message
        profile.getApiKey().then(
          (key) => child?.post({ type: 'apiKey', id, key }),
          () => child?.post({ type: 'apiKey', id, key: null }),
        )
        return
      }
      case 'proxyWanted': {
        const { id, url } = message
        // Only a profile with the computer's resolver says proxyFromMain; the environment else.
        const resolveProxy =
          profile.resolveProxy ??
          (async (target: string) => proxyFromEnvironment(target, process.env))
        resolveProxy(url).then(
          (choice) => child?.post({ type: 'proxy', id, answer: { ok: true, choice } }),
          (error: unknown) =>
            child?.post({
              type: 'proxy',
              id,
              answer: {
                ok: false,
                message: error instanceof Error ? error.message : String(error),
              },
            }),
        )
        return
      }
      case 'refused':
        console.error(`[casefile] the core refused a message: ${message.message}`)
        return
    }
  }

  /** Waits for the answer to a start or stop (or for the process to end first). */
  const awaitReply = (send: () => void) =>
    new Promise<void>((resolve, reject) => {
      pending = {
        settle: (error) => {
          pending = null
          if (error) reject(error)
          else resolve()
        },
      }
      send()
    })

  const call = (method: string, input: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (!child || !running) return reject(new Error(NOT_RUNNING))
      const id = nextCall++
      calls.set(id, {
        resolve: (result) =>
          result.ok ? resolve(result.value) : reject(new Error(result.error.message)),
        reject,
      })
      child.post({ type: 'call', id, method, input })
    })

  const work = Object.fromEntries(
    Object.keys(coreWorkContract).map((method) => [
      method,
      (input: unknown) => call(method, input),
    ]),
  ) as unknown as WorkHandlers

  return {
    events,
    get work() {
      return running ? work : null
    },
    onCrash(listener) {
      crashListeners.add(listener)
      return () => void crashListeners.delete(listener)
    },
    async start() {
      const started = spawn()
      child = started
      started.onMessage(onMessage)
      started.onExit((detail) => {
        if (child !== started) return
        const wasRunning = running && !stopping
        child = null
        running = false
        for (const waiting of calls.values())
          waiting.reject(
            new Error(
              "Casefile's core stopped before it answered. It is being restarted; nothing queued is lost. Try again in a moment.",
            ),
          )
        calls.clear()
        pending?.settle(stopping ? undefined : new Error(`The core process ended (${detail}).`))
        if (wasRunning) for (const listener of [...crashListeners]) listener(detail)
      })
      await awaitReply(() =>
        started.post({
          type: 'start',
          profile: {
            id: profile.id,
            dataDir: profile.dataDir,
            registry: profile.registry,
            sandboxRegistryDir: profile.sandboxRegistryDir ?? null,
            ...(profile.acceptOriginChange ? { acceptOriginChange: true } : {}),
            ...(profile.recover ? { recover: profile.recover } : {}),
            ...(profile.tuning ? { tuning: profile.tuning } : {}),
            ...(profile.resolveProxy ? { proxyFromMain: true } : {}),
            ...(profile.caFile ? { caFile: profile.caFile } : {}),
          },
        }),
      ).catch((error: unknown) => {
        started.kill()
        throw error
      })
      running = true
    },
    async stop() {
      const current = child
      if (!current) return
      stopping = true
      running = false
      const grace = setTimeout(() => pending?.settle(), STOP_GRACE_MS)
      await awaitReply(() => current.post({ type: 'stop' })).catch(() => undefined)
      clearTimeout(grace)
      current.kill()
      child = null
    },
    keyChanged() {
      child?.post({ type: 'keyChanged' })
    },
    connectivityChanged(online) {
      child?.post({ type: 'connectivityChanged', online })
    },
  }
}
