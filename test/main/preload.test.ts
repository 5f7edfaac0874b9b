import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  subscriptionName,
} from '../../src/shared/contracts/channels'

// The preload against stand-ins for contextBridge and ipcRenderer: what it exposes, and how.
const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    exposed: new Map<string, unknown>(),
    listeners,
    invoke: vi.fn(async (channel: string, input: unknown) => ({
      ok: true,
      value: { channel, input },
    })),
  }
})

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, api: unknown) => electron.exposed.set(name, api),
  },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = electron.listeners.get(channel) ?? new Set()
      set.add(listener)
      electron.listeners.set(channel, set)
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.listeners.get(channel)?.delete(listener),
  },
}))

type Api = Record<string, (arg?: unknown) => unknown>
let api: Api
beforeAll(async () => {
  await import('../../src/preload/index')
  api = electron.exposed.get('casefile') as Api
})

describe('the preload', () => {
  it('exposes window.casefile only: one function per channel and per event, frozen', () => {
    expect([...electron.exposed.keys()]).toEqual(['casefile'])
    expect(Object.keys(api).sort()).toEqual(
      [
        ...Object.keys(INVOKE_CHANNELS),
        ...Object.keys(EVENT_CHANNELS).map((e) =>
          subscriptionName(e as keyof typeof EVENT_CHANNELS),
        ),
      ].sort(),
    )
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true)
  })

  it('calls invoke on the method’s channel with the one argument', async () => {
    await api['setKey']?.({ profileId: 'registry', key: 'k' })
    expect(electron.invoke).toHaveBeenLastCalledWith('key:set', { profileId: 'registry', key: 'k' })
  })

  it('subscribes to an event, passes only the payload, and unsubscribes', () => {
    const listener = vi.fn()
    const unsubscribe = api['onOnlineChanged']?.(listener) as () => void
    const channel = EVENT_CHANNELS.onlineChanged
    const sender = { send: 'ipcRenderer itself' }
    for (const forward of electron.listeners.get(channel) ?? [])
      forward({ sender }, { online: true })
    expect(listener).toHaveBeenCalledWith({ online: true })
    expect(listener.mock.calls[0]).toHaveLength(1)
    unsubscribe()
    expect(electron.listeners.get(channel)?.size).toBe(0)
  })

  it('refuses a subscription without a listener', () => {
    expect(() => api['onSyncFinished']?.('not a function')).toThrow(/pass a listener function/)
  })
})
