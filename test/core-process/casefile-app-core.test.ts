import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { AppCoreEvents } from '../../src/shared/app-core'
import { createCasefileAppCore } from '../../src/core-process/casefile-app-core'
import { uniqueReason } from '../support/core-with-sandbox'
import { memorySecretBackend } from '../web-harness/memory-secret-backend'

/* The core process's app core under Node: the Sandbox profile starts its own registry, syncs, pushes events, stops cleanly. */

describe('the app core of the Sandbox profile', () => {
  it('starts its sandbox registry, sends with the demo key, reports progress, and stops', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'casefile-app-'))
    const core = createCasefileAppCore(
      {
        id: 'sandbox',
        dataDir: join(userData, 'profiles', 'sandbox'),
        registry: null,
        getApiKey: async () => null, // no key set: the sandbox's demo key is used
        sandboxRegistryDir: join(userData, 'sandbox-registry'),
      },
      undefined,
      { keychain: memorySecretBackend() },
    )
    const seen: { event: keyof AppCoreEvents; payload: unknown }[] = []
    for (const event of [
      'onlineChanged',
      'outboxChanged',
      'syncFinished',
      'operationChanged',
      'uploadProgress',
    ] as const)
      core.events.on(event, (payload) => seen.push({ event, payload }))
    expect(core.work).toBeNull()
    await core.start()
    // Through the work channels' handlers, as the core process runs them for the window.
    const work = core.work!
    await work.banksRefresh(undefined)
    const draft = await work.draftCreate({
      fraudType: 'hacker',
      fraudReason: uniqueReason('app-core'),
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    })
    const queued = await work.reportQueue({ localId: draft.localId })
    expect(queued.ok).toBe(true)
    // The core sends on its own (autoSync); the run ends with syncFinished.
    await vi.waitFor(() => expect(seen.some((s) => s.event === 'syncFinished')).toBe(true), {
      timeout: 10_000,
    })
    expect((await work.outboxList(undefined)).pending).toBe(0)
    expect(
      seen.some(
        (s) => s.event === 'operationChanged' && (s.payload as { state: string }).state === 'done',
      ),
    ).toBe(true)
    expect(seen).toContainEqual({
      event: 'onlineChanged',
      payload: { online: true, state: 'online', reason: null, detail: null },
    })
    expect(seen).toContainEqual({
      event: 'outboxChanged',
      payload: { pending: 0, needsAttention: 0, pendingReports: 0 },
    })
    expect(
      seen.some((s) => s.event === 'syncFinished' && (s.payload as { sent: number }).sent >= 1),
    ).toBe(true)
    await core.stop()
    expect(core.work).toBeNull()

    // Started again on the same folders: the data is still there.
    await core.start()
    expect(await core.work!.draftList({ status: 'submitted' })).toHaveLength(1)
    await core.stop()
  })
})
