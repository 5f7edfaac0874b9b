import { describe, expect, it } from 'vitest'
import type { WorkHandlers } from '../../src/shared/contracts/work'
import type { AppCore, AppCoreEvents } from '../../src/shared/app-core'
import { delegateWorkHandlers } from '../../src/main/core-host/core-host'
import { EventHub } from '../../src/shared/event-hub'
import { createProcessAppCore, type CoreChild } from '../../src/main/core-host/process-app-core'
import { serveCore } from '../../src/core-process/core-server'
import { callContract } from '../../src/shared/call-contract'
import type { ContractHandlers } from '../../src/shared/contracts'
import type { FromCore, ToCore } from '../../src/shared/core-protocol'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

const draftView = {
  localId: 'r-1',
  registryId: null,
  status: 'draft',
  draft: {
    fraudType: '',
    fraudReason: '',
    identifiers: [],
    showUploaderInfo: false,
    attachmentIds: [],
    attachmentUrls: [],
  },
  attachments: [],
  origin: 'editor',
  createdAt: 1,
  updatedAt: 1,
}

/** The core process's side over an in-memory channel, with a core whose answers the test picks. */
function coreSide(work: Partial<WorkHandlers>) {
  const sent: FromCore[] = []
  let deliver: (message: unknown) => void = () => undefined
  const events = new EventHub<AppCoreEvents>()
  const core: AppCore = {
    start: async () => undefined,
    stop: async () => undefined,
    keyChanged: () => undefined,
    connectivityChanged: () => undefined,
    events,
    work: work as WorkHandlers,
  }
  serveCore({ post: (m) => sent.push(m), onMessage: (l) => (deliver = l) }, () => core)
  return { sent, send: (m: unknown) => deliver(m), events }
}

/** Main's side over a pretend core process whose messages the test writes. */
async function mainSide() {
  const posted: ToCore[] = []
  let fromCore: (message: unknown) => void = () => undefined
  const child: CoreChild = {
    post: (m) => {
      posted.push(m)
      if (m.type === 'start') queueMicrotask(() => fromCore({ type: 'started' }))
    },
    onMessage: (l) => (fromCore = l),
    onExit: () => undefined,
    kill: () => undefined,
  }
  const core = createProcessAppCore(
    { id: 'sandbox', dataDir: '/d', registry: null, getApiKey: async () => 'sbx_key' },
    () => child,
  )
  await core.start()
  return { core, posted, reply: (m: unknown) => fromCore(m) }
}

describe('every message between main and the core is checked on both hops', () => {
  it('the core process parses each call with the contract: bad input, a bad answer and a shell method are refused', async () => {
    const side = coreSide({
      draftCreate: () => draftView as never,
      draftGet: () => ({ ...draftView, status: 'lost' }) as never,
    })
    side.send({
      type: 'start',
      profile: { id: 'sandbox', dataDir: '/d', registry: null, sandboxRegistryDir: '/s' },
    })
    await tick()
    expect(side.sent).toEqual([{ type: 'started' }])

    side.send({ type: 'call', id: 1, method: 'draftCreate', input: { fraudType: 5 } })
    side.send({ type: 'call', id: 2, method: 'draftGet', input: { localOrRegistryId: 'r-1' } })
    side.send({ type: 'call', id: 3, method: 'setKey', input: { profileId: 'sandbox', key: 'x' } })
    side.send({ type: 'call', id: 4, method: 'draftCreate', input: { fraudType: 'theft' } })
    await tick()
    const results = new Map(
      side.sent.flatMap((m) => (m.type === 'result' ? [[m.id, m.result] as const] : [])),
    )
    expect(results.get(1)).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    expect(results.get(2)).toMatchObject({ ok: false, error: { code: 'failed' } })
    expect(results.get(3)).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringMatching(/not something the core does/) },
    })
    expect(results.get(4)).toEqual({ ok: true, value: draftView })
  })

  it('serves main’s own calls (a case’s zip written at a path) with their schemas, and no other', async () => {
    const writes: unknown[] = []
    const side = coreSide({
      caseExportWrite: (input) => {
        writes.push(input)
        return { outcome: 'written', fingerprint: 'f'.repeat(64), signedBy: null, savedCopies: [] }
      },
    })
    side.send({
      type: 'start',
      profile: { id: 'sandbox', dataDir: '/d', registry: null, sandboxRegistryDir: '/s' },
    })
    await tick()
    const what = { kind: 'case', caseId: 'case-0123456789' }
    side.send({
      type: 'call',
      id: 1,
      method: 'caseExportWrite',
      input: { what, path: '/home/ada/Desktop/case.zip' },
    })
    // A path that is not one main's dialog gives (relative, not a .zip) is refused unread.
    side.send({ type: 'call', id: 2, method: 'caseExportWrite', input: { what, path: 'c.zip' } })
    side.send({
      type: 'call',
      id: 3,
      method: 'caseExportWrite',
      input: { what, path: '/etc/cron.d/job' },
    })
    await tick()
    const results = new Map(
      side.sent.flatMap((m) => (m.type === 'result' ? [[m.id, m.result] as const] : [])),
    )
    expect(results.get(1)).toMatchObject({ ok: true, value: { outcome: 'written' } })
    expect(results.get(2)).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    expect(results.get(3)).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    expect(writes).toEqual([{ what, path: '/home/ada/Desktop/case.zip' }])
  })

  it('the core process refuses a message that fits no envelope and sends only events that fit the contract', async () => {
    const side = coreSide({})
    side.send({ type: 'call', id: 1 })
    side.send({ type: 'start', profile: { id: 'elsewhere', dataDir: '' } })
    expect(side.sent.map((m) => m.type)).toEqual(['refused', 'refused'])
    side.send({
      type: 'start',
      profile: { id: 'sandbox', dataDir: '/d', registry: null, sandboxRegistryDir: null },
    })
    await tick()
    side.events.emit('outboxChanged', { pending: -1, needsAttention: 0 })
    side.events.emit('outboxChanged', { pending: 2, needsAttention: 0 })
    expect(side.sent.filter((m) => m.type === 'event')).toEqual([
      { type: 'event', event: 'outboxChanged', payload: { pending: 2, needsAttention: 0 } },
    ])
  })

  it('main checks the call before it leaves and the answer when it comes back', async () => {
    const { core, posted, reply } = await mainSide()
    const handlers = delegateWorkHandlers(() => core.work!) as unknown as ContractHandlers

    const refused = await callContract('draftCreate', [{ fraudType: 5 }], handlers)
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    expect(posted.filter((m) => m.type === 'call')).toEqual([])

    const answered = callContract('draftGet', [{ localOrRegistryId: 'r-1' }], handlers)
    await tick()
    const call = posted.find((m) => m.type === 'call')
    expect(call).toMatchObject({ method: 'draftGet', input: { localOrRegistryId: 'r-1' } })
    // A core that answers outside the contract (a bug, or a process that is not ours) is not believed.
    reply({
      type: 'result',
      id: (call as { id: number }).id,
      result: { ok: true, value: { ...draftView, status: 'lost' } },
    })
    expect(await answered).toMatchObject({ ok: false, error: { code: 'failed' } })

    const good = callContract('draftGet', [{ localOrRegistryId: 'r-1' }], handlers)
    await tick()
    const second = posted.filter((m) => m.type === 'call')[1] as { id: number }
    reply({ type: 'result', id: second.id, result: { ok: true, value: draftView } })
    expect(await good).toEqual({ ok: true, value: draftView })
  })

  it('main passes on only the core’s events that fit the contract, and answers its key requests', async () => {
    const { core, posted, reply } = await mainSide()
    const seen: unknown[] = []
    core.events.on('outboxChanged', (payload) => seen.push(payload))
    reply({ type: 'event', event: 'outboxChanged', payload: { pending: 'many' } })
    reply({ type: 'event', event: 'keyStateChanged', payload: { profileId: 'sandbox' } })
    reply({ type: 'event', event: 'outboxChanged', payload: { pending: 3, needsAttention: 1 } })
    reply({ type: 'nonsense' })
    expect(seen).toEqual([{ pending: 3, needsAttention: 1 }])

    reply({ type: 'apiKeyWanted', id: 7 })
    await tick()
    expect(posted.at(-1)).toEqual({ type: 'apiKey', id: 7, key: 'sbx_key' })
  })
})
