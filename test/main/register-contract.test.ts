import { describe, expect, it, vi } from 'vitest'
import { contract, type ContractHandlers } from '../../src/shared/contract'
import { INVOKE_CHANNELS } from '../../src/shared/ipc-channels'
import {
  type InvokeEventLike,
  type IpcMainLike,
  isTrustedSender,
  registerContract,
} from '../../src/main/ipc/register-contract'

const APP = 'file:///opt/Casefile/resources/app.asar/out/renderer/'

function fakeIpcMain() {
  const listeners = new Map<
    string,
    (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>
  >()
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void listeners.set(channel, listener),
    removeHandler: (channel) => void listeners.delete(channel),
  }
  const invoke = (channel: string, event: InvokeEventLike, ...args: unknown[]) => {
    const listener = listeners.get(channel)
    if (!listener) throw new Error(`no handler for ${channel}`)
    return listener(event, ...args)
  }
  return { ipcMain, listeners, invoke }
}

const ownFrame: InvokeEventLike = { senderFrame: { url: `${APP}index.html`, parent: null } }
const info = { name: 'Casefile', version: '0.1.0', platform: 'linux', versions: { node: '20' } }

function setup(appInfo: ContractHandlers['appInfo'] = () => info) {
  const fake = fakeIpcMain()
  const handlers: ContractHandlers = { appInfo: vi.fn(appInfo) }
  const onHandlerError = vi.fn()
  const unregister = registerContract(fake.ipcMain, handlers, {
    appUrlPrefixes: [APP],
    onHandlerError,
  })
  return { ...fake, handlers, unregister, onHandlerError }
}

describe('the IPC contract', () => {
  it('names the same channels as the preload list', () => {
    expect(Object.fromEntries(Object.entries(contract).map(([m, s]) => [m, s.channel]))).toEqual(
      INVOKE_CHANNELS,
    )
  })
})

describe('registerContract', () => {
  it('registers every channel and answers a good call with ok', async () => {
    const { listeners, invoke } = setup()
    expect([...listeners.keys()]).toEqual(Object.values(INVOKE_CHANNELS))
    expect(await invoke('app:info', ownFrame)).toEqual({ ok: true, value: info })
  })

  it('refuses a sender that is not the app main frame, and calls nothing', async () => {
    const { invoke, handlers } = setup()
    const cases: InvokeEventLike[] = [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: `${APP}index.html`, parent: { url: APP } } },
      { senderFrame: null },
    ]
    for (const event of cases) {
      expect(await invoke('app:info', event)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: expect.stringMatching(/own window/) },
      })
    }
    expect(handlers.appInfo).not.toHaveBeenCalled()
  })

  it('refuses a bad payload with a clear message, and calls nothing', async () => {
    const { invoke, handlers } = setup()
    const result = await invoke('app:info', ownFrame, { sneaky: true })
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    expect(await invoke('app:info', ownFrame, 1, 2)).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringMatching(/one argument/) },
    })
    expect(handlers.appInfo).not.toHaveBeenCalled()
  })

  it('turns a thrown handler error into { ok: false } and reports it', async () => {
    const { invoke, onHandlerError } = setup(() => {
      throw new Error('disk full')
    })
    expect(await invoke('app:info', ownFrame)).toEqual({
      ok: false,
      error: { code: 'failed', message: 'disk full' },
    })
    expect(onHandlerError).toHaveBeenCalledOnce()
  })

  it('refuses an answer that breaks the output schema instead of passing it on', async () => {
    const { invoke } = setup(() => ({ ...info, version: 7 }) as unknown as typeof info)
    expect(await invoke('app:info', ownFrame)).toMatchObject({
      ok: false,
      error: { code: 'failed' },
    })
  })

  it('unregisters every channel', () => {
    const { listeners, unregister } = setup()
    unregister()
    expect(listeners.size).toBe(0)
  })
})

describe('isTrustedSender', () => {
  it('accepts only main frames under an app prefix', () => {
    expect(isTrustedSender({ url: `${APP}index.html#/outbox`, parent: null }, [APP])).toBe(true)
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, [APP])).toBe(false)
  })
})
