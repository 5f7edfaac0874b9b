import { ProxySettingError, type ProxyChoice } from '../core/network/network'
import { eventContract } from '../shared/contracts'
import { coreWorkContract } from '../shared/contracts/work'
import { toCoreSchema, type CoreProfile, type FromCore } from '../shared/core-protocol'
import { describeIssues } from '../shared/validation-messages'
import { APP_CORE_EVENTS, type AppCore, type AppCoreProfile } from '../shared/app-core'
import { CoreStartError } from '../shared/core-start-error'
import { callSpec } from '../shared/call-contract'
import { createCasefileAppCore } from './casefile-app-core'

/** One end of the channel between main and the core process (a utilityProcess port, a fork's IPC). */
export interface CoreChannel {
  post(message: FromCore): void
  onMessage(listener: (message: unknown) => void): void
}

/**
 * How long the core waits for main to say which proxy a URL goes through. Chromium may fetch a
 * PAC script or look for WPAD first, which takes a few seconds at worst; past this, the request
 * fails with words instead of waiting for ever.
 */
export const PROXY_ANSWER_TIMEOUT_MS = 30_000

/** A work channel's name (cases:list…); main's own calls have none but their method's. */
const channelOf = (method: keyof typeof coreWorkContract): string => {
  const spec = coreWorkContract[method]
  return 'channel' in spec ? spec.channel : method
}

/** The window's work channels, and what main alone asks (a case's zip written where it chose). */
const isWorkMethod = (method: string): method is keyof typeof coreWorkContract =>
  Object.hasOwn(coreWorkContract, method)

/**
 * The core process's side: runs one AppCore (Casefile's core over a profile's data folder and,
 * for the Sandbox profile, its registry) and answers main over the channel. Every message is
 * parsed with the protocol's envelopes; every call goes through callSpec (its input parsed
 * and its answer checked with the contract's schemas, as main does again on its side) and every
 * event is checked against its eventContract schema before it leaves. No Electron here: the same
 * code runs in Electron's utilityProcess and in a child process forked by Node.
 */
export function serveCore(
  channel: CoreChannel,
  createCore: (profile: AppCoreProfile) => AppCore = (profile) => createCasefileAppCore(profile),
): void {
  let core: AppCore | null = null
  let nextKeyRequest = 0
  const keyRequests = new Map<number, (key: string | null) => void>()

  const askKey = () =>
    new Promise<string | null>((resolve) => {
      const id = nextKeyRequest++
      keyRequests.set(id, resolve)
      channel.post({ type: 'apiKeyWanted', id })
    })

  let nextProxyRequest = 0
  const proxyRequests = new Map<number, (answer: ProxyChoice | Error) => void>()
  /** The computer's proxy for a URL, as main reads it (Chromium's resolveProxy and the keychain). */
  const askProxy = (url: string) =>
    new Promise<ProxyChoice>((resolve, reject) => {
      const id = nextProxyRequest++
      const timer = setTimeout(
        () =>
          settle(
            new ProxySettingError(
              "This computer's proxy settings gave no answer in time. Check them, or ask IT whether the proxy's configuration script can be reached.",
            ),
          ),
        PROXY_ANSWER_TIMEOUT_MS,
      )
      timer.unref?.()
      const settle = (answer: ProxyChoice | Error) => {
        clearTimeout(timer)
        proxyRequests.delete(id)
        if (answer instanceof Error) reject(answer)
        else resolve(answer)
      }
      proxyRequests.set(id, settle)
      channel.post({ type: 'proxyWanted', id, url })
    })

  const start = async (profile: CoreProfile) => {
    if (core) throw new Error('A core is already running in this process.')
    const { proxyFromMain, caFile, ...rest } = profile
    const started = createCore({
      ...rest,
      getApiKey: askKey,
      ...(proxyFromMain ? { resolveProxy: askProxy } : {}),
      ...(caFile ? { caFile } : {}),
    })
    for (const event of APP_CORE_EVENTS)
      started.events.on(event, (payload) => {
        const parsed = eventContract[event].payload.safeParse(payload)
        if (parsed.success) channel.post({ type: 'event', event, payload: parsed.data })
        else console.error(`[core] did not send ${event}: ${describeIssues(parsed.error)}`)
      })
    await started.start()
    core = started
  }

  channel.onMessage((raw) => {
    const parsed = toCoreSchema.safeParse(raw)
    if (!parsed.success) {
      channel.post({ type: 'refused', message: describeIssues(parsed.error) })
      return
    }
    const message = parsed.data
    switch (message.type) {
      case 'start':
        start(message.profile).then(
          () => channel.post({ type: 'started' }),
          (error: unknown) =>
            channel.post({
              type: 'startFailed',
              message: error instanceof Error ? error.message : String(error),
              ...(error instanceof CoreStartError && error.folderProblem
                ? { folderProblem: error.folderProblem }
                : {}),
              ...(error instanceof CoreStartError && error.recoveryFailed
                ? { recoveryFailed: true }
                : {}),
            }),
        )
        return
      case 'stop': {
        const running = core
        core = null
        void (running?.stop() ?? Promise.resolve())
          .catch((error: unknown) => console.error('[core] did not stop cleanly', error))
          .finally(() => channel.post({ type: 'stopped' }))
        return
      }
      case 'call': {
        const { id, method, input } = message
        const work = core?.work
        if (!isWorkMethod(method) || !work) {
          channel.post({
            type: 'result',
            id,
            result: {
              ok: false,
              error: {
                code: isWorkMethod(method) ? 'failed' : 'bad_input',
                message: isWorkMethod(method)
                  ? "Casefile's core is not running (it is starting, switching profile or stopping): try again in a moment."
                  : `${method} is not something the core does.`,
              },
            },
          })
          return
        }
        void callSpec(
          coreWorkContract[method],
          channelOf(method),
          input === undefined ? [] : [input],
          work[method] as (input: unknown) => unknown,
          (error) =>
            console.error(
              `[core] ${method} failed:`,
              error instanceof Error ? error.message : error,
            ),
        ).then((result) => channel.post({ type: 'result', id, result }))
        return
      }
      case 'keyChanged':
        core?.keyChanged()
        return
      case 'connectivityChanged':
        core?.connectivityChanged(message.online)
        return
      case 'apiKey': {
        const resolve = keyRequests.get(message.id)
        keyRequests.delete(message.id)
        resolve?.(message.key)
        return
      }
      case 'proxy': {
        const { answer } = message
        // Main's words (a SOCKS-only PAC answer, unreadable settings) become the proxy refusal.
        proxyRequests.get(message.id)?.(
          answer.ok ? answer.choice : new ProxySettingError(answer.message),
        )
        return
      }
    }
  })
}
