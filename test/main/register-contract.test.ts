import { describe, expect, it, vi } from 'vitest'
import { contract, type ContractHandlers } from '../../src/shared/contracts'
import { type ProfilesView } from '../../src/shared/contracts/shell'
import { INVOKE_CHANNELS } from '../../src/shared/contracts/channels'
import {
  type InvokeEventLike,
  type IpcMainLike,
  isTrustedSender,
  registerContract,
} from '../../src/main/ipc/register-contract'

const APP = 'app://casefile/'

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

const keyStatus = {
  profileId: 'registry',
  set: true,
  last4: 'WXYZ',
  storage: 'keychain',
  reason: null,
} as const
const view: ProfilesView = {
  active: 'sandbox',
  profiles: [{ id: 'sandbox', name: 'Sandbox', baseUrl: null, uploadUrl: null, ready: true }],
}

/** Every channel gets a spy; the shell's own answer with valid values, the rest with nothing. */
function allHandlers(appInfo: ContractHandlers['appInfo']): ContractHandlers {
  const others = Object.fromEntries(Object.keys(contract).map((method) => [method, vi.fn()]))
  return {
    ...(others as unknown as ContractHandlers),
    appInfo: vi.fn(appInfo),
    keyStatus: vi.fn(() => keyStatus),
    setKey: vi.fn(() => keyStatus),
    removeKey: vi.fn(() => ({ ...keyStatus, set: false, last4: null })),
    profiles: vi.fn(() => view),
    switchProfile: vi.fn(() => view),
    setRegistryConnection: vi.fn(() => view),
  }
}

function setup(appInfo: ContractHandlers['appInfo'] = () => info) {
  const fake = fakeIpcMain()
  const handlers = allHandlers(appInfo)
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
    // Every channel once; the order of registration does not matter.
    expect([...listeners.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort())
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

  it('refuses a foreign sender on every channel, and calls no handler', async () => {
    const { invoke, handlers } = setup()
    const foreign: InvokeEventLike = { senderFrame: { url: 'https://evil.example/', parent: null } }
    for (const channel of Object.values(INVOKE_CHANNELS)) {
      expect(await invoke(channel, foreign, { profileId: 'registry', key: 'k' })).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: expect.stringContaining(channel) },
      })
    }
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled()
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

  it.each([
    ['key:set', { profileId: 'registry' }, /key/],
    ['key:set', { profileId: 'moon', key: 'sbx_1234567890' }, /profileId/],
    ['key:set', { profileId: 'registry', key: '   ' }, /empty/],
    ['key:status', undefined, /expected object/],
    ['key:remove', { profileId: 'registry', extra: 1 }, /extra/],
    ['profiles:switch', { profileId: '../etc' }, /profileId/],
    [
      'profiles:set-registry-connection',
      { baseUrl: 'http://registry.example.com', uploadUrl: 'https://files.example.com' },
      /baseUrl: The address must start with https:\/\//,
    ],
    [
      'profiles:set-registry-connection',
      { baseUrl: 'https://user:pw@registry.example.com', uploadUrl: 'https://files.example.com' },
      /user name and password/,
    ],
  ])(
    'refuses %s with %j, saying what is wrong, and calls nothing',
    async (channel, payload, why) => {
      const { invoke, handlers } = setup()
      const result = await invoke(channel, ownFrame, payload)
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'bad_input', message: expect.stringMatching(why) },
      })
      for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled()
    },
  )

  it('never repeats a refused key in its answer', async () => {
    const { invoke } = setup()
    const key = 'sbx_secret value-with a space'
    const result = await invoke('key:set', ownFrame, { profileId: 'registry', key })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringMatching(/without spaces/) },
    })
    expect(JSON.stringify(result)).not.toContain('sbx_secret')
  })

  it('passes the parsed payload on: a key trimmed, an address without its trailing slash', async () => {
    const { invoke, handlers } = setup()
    await invoke('key:set', ownFrame, { profileId: 'registry', key: '  sbx_0123456789abcd \n' })
    expect(handlers.setKey).toHaveBeenCalledWith({
      profileId: 'registry',
      key: 'sbx_0123456789abcd',
    })
    await invoke('profiles:set-registry-connection', ownFrame, {
      baseUrl: 'https://registry.example.com/',
      uploadUrl: 'http://127.0.0.1:4010',
    })
    expect(handlers.setRegistryConnection).toHaveBeenCalledWith({
      baseUrl: 'https://registry.example.com',
      uploadUrl: 'http://127.0.0.1:4010',
    })
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
    expect(isTrustedSender({ url: 'app://casefile.evil/index.html', parent: null }, [APP])).toBe(
      false,
    )
  })
})
