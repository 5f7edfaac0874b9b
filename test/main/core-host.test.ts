import { describe, expect, it, vi } from 'vitest'
import type { AppCore, AppCoreEvents, AppCoreProfile } from '../../src/shared/app-core'
import { CoreHost } from '../../src/main/core-host/core-host'
import { CoreStartError } from '../../src/shared/core-start-error'
import { EventHub } from '../../src/shared/event-hub'
import type { CoreStatus, ProfileId } from '../../src/shared/contracts/shell'

const profile = (id: ProfileId): AppCoreProfile => ({
  id,
  dataDir: `/data/profiles/${id}`,
  registry: null,
  getApiKey: async () => null,
})

/** A core that records its life in a shared journal and can be made to fail its start. */
function recordingCores(journal: string[], failStartOf?: ProfileId) {
  const hubs = new Map<ProfileId, EventHub<AppCoreEvents>>()
  const createCore = (p: AppCoreProfile): AppCore => {
    const events = new EventHub<AppCoreEvents>()
    hubs.set(p.id, events)
    return {
      start: async () => {
        journal.push(`start ${p.id}`)
        if (p.id === failStartOf) throw new Error('database is locked')
      },
      stop: async () => void journal.push(`stop ${p.id}`),
      keyChanged: () => void journal.push(`key ${p.id}`),
      connectivityChanged: () => undefined,
      events,
      work: null,
    }
  }
  return { createCore, hubs }
}

describe('CoreHost', () => {
  it('runs one core at a time: a switch stops the old one before starting the new', async () => {
    const journal: string[] = []
    const host = new CoreHost({ ...recordingCores(journal), onEvent: () => undefined })
    await Promise.all([host.run(profile('sandbox')), host.run(profile('registry')), host.stop()])
    expect(journal).toEqual(['start sandbox', 'stop sandbox', 'start registry', 'stop registry'])
    expect(host.activeProfile).toBeNull()
    await host.stop()
    expect(journal).toHaveLength(4)
  })

  it('forwards the running core’s events, and stops forwarding once it is stopped', async () => {
    const onEvent = vi.fn()
    const { createCore, hubs } = recordingCores([])
    const host = new CoreHost({ createCore, onEvent })
    await host.run(profile('sandbox'))
    hubs.get('sandbox')?.emit('onlineChanged', { online: true })
    hubs.get('sandbox')?.emit('syncFinished', { sent: 2, needsAttention: 0 })
    expect(onEvent.mock.calls).toEqual([
      ['onlineChanged', { online: true }],
      ['syncFinished', { sent: 2, needsAttention: 0 }],
    ])
    await host.stop()
    hubs.get('sandbox')?.emit('outboxChanged', { pending: 1, needsAttention: 0 })
    expect(onEvent).toHaveBeenCalledTimes(2)
  })

  it('passes a key change to the core of that profile only', async () => {
    const journal: string[] = []
    const host = new CoreHost({ ...recordingCores(journal), onEvent: () => undefined })
    await host.run(profile('registry'))
    host.keyChanged('sandbox')
    host.keyChanged('registry')
    expect(journal).toEqual(['start registry', 'key registry'])
  })

  it('reports a core that fails to start, cleans it up, and keeps working', async () => {
    const journal: string[] = []
    const host = new CoreHost({ ...recordingCores(journal, 'registry'), onEvent: () => undefined })
    await expect(host.run(profile('registry'))).rejects.toThrow(
      /could not start on the registry profile: database is locked/,
    )
    expect(host.activeProfile).toBeNull()
    await host.run(profile('sandbox'))
    expect(host.activeProfile).toBe('sandbox')
    expect(journal).toEqual(['start registry', 'stop registry', 'start sandbox'])
  })
})

describe('CoreHost.start', () => {
  it('tells the window why the first core could not start (a lost folder key, say)', async () => {
    const journal: string[] = []
    const statuses: unknown[] = []
    const host = new CoreHost({
      ...recordingCores(journal, 'sandbox'),
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
    })
    await expect(host.start(profile('sandbox'))).rejects.toThrow(/database is locked/)
    expect(statuses).toEqual([
      {
        state: 'stopped',
        message: 'Casefile could not start on the sandbox profile: database is locked',
      },
    ])
    expect(host.status?.state).toBe('stopped')
  })

  it('remembers a shut folder for a window that asks later; a failed way out keeps it; a good one clears it', async () => {
    const statuses: CoreStatus[] = []
    const started: (string | undefined)[] = []
    const crashListeners: ((detail: string) => void)[] = []
    let folderOpens = false
    const createCore = (p: AppCoreProfile): AppCore => ({
      start: async () => {
        started.push(p.recover?.action)
        if (p.recover?.action === 'importKey' && p.recover.passphrase !== 'right')
          throw new CoreStartError('The passphrase does not open this key export.', 'wrong', true)
        if (p.recover) folderOpens = true
        if (!folderOpens) throw new CoreStartError('The key is not in the keychain.', 'missing')
      },
      stop: async () => undefined,
      keyChanged: () => undefined,
      connectivityChanged: () => undefined,
      events: new EventHub<AppCoreEvents>(),
      work: null,
      onCrash: (listener) => {
        crashListeners.push(listener)
        return () => undefined
      },
    })
    const host = new CoreHost({
      createCore,
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      restartDelayMs: () => 0,
    })
    await expect(host.start(profile('sandbox'))).rejects.toThrow()
    // The folder's own sentence, and which problem it is, for the window's panel.
    expect(host.status).toEqual({
      state: 'stopped',
      message: 'The key is not in the keychain.',
      folderProblem: 'missing',
    })

    const wrong = { action: 'importKey' as const, exportText: '{}', passphrase: 'wrong' }
    await expect(host.start({ ...profile('sandbox'), recover: wrong })).rejects.toThrow(
      /passphrase does not open/,
    )
    expect(host.status?.folderProblem).toBe('missing')
    expect(statuses).toHaveLength(1)

    const right = { ...wrong, passphrase: 'right' }
    await host.start({ ...profile('sandbox'), recover: right })
    expect(host.status).toBeNull()
    expect(statuses.at(-1)?.state).toBe('running')

    // A crash restarts the folder as it is: the key import is not taken (nor its passphrase kept) again.
    crashListeners.at(-1)?.('killed by SIGKILL')
    await vi.waitFor(() => expect(started).toHaveLength(4))
    expect(started).toEqual([undefined, 'importKey', 'importKey', undefined])
    await host.stop()
  })
})

describe('CoreHost.workHandlers', () => {
  it('says plainly why the work channels cannot answer while no core runs', async () => {
    const work = { syncNow: async () => ({ sent: 0 }) } as unknown as AppCore['work']
    const host = new CoreHost({
      createCore: (p) => ({ ...recordingCores([]).createCore(p), work }),
      onEvent: () => undefined,
    })
    expect(() => host.workHandlers()).toThrow(/not running .* try again/)
    await host.run(profile('sandbox'))
    expect(host.workHandlers()).toBe(work)
    await host.stop()
    expect(() => host.workHandlers()).toThrow(/not running .* try again/)
  })
})

describe('EventHub', () => {
  it('unsubscribes with the function on() returned', () => {
    const hub = new EventHub<{ ping: number }>()
    const listener = vi.fn()
    const off = hub.on('ping', listener)
    hub.emit('ping', 1)
    off()
    hub.emit('ping', 2)
    expect(listener.mock.calls).toEqual([[1]])
  })
})
