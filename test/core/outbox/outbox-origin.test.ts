import { describe, expect, it } from 'vitest'
import { openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Log from '../../../src/core/log/log'
import * as Sync from '../../../src/core/sync/sync'

// Reports queued for one registry (with the PII in them) are never sent to another without
// the person's confirmation: a data folder opened with other addresses while work waits pauses.

const registry = useSandbox()
const OTHER = { baseUrl: 'https://registry.example.com', uploadUrl: 'https://files.example.com' }

function queueOne(core: ReturnType<typeof openTestCore>) {
  const queued = Outbox.submit(core, {
    fraudType: 'hacker',
    fraudReason: uniqueReason('origin'),
    identifiers: [{ label: 'nin', value: '12345678901' }],
  })
  expect(queued.ok).toBe(true)
}

describe('the outbox is bound to the registry it was queued for', () => {
  it('opened with another registry while work waits: paused, nothing sent, until confirmed', async () => {
    // Queued for registry.example.com (never sent: this core does not sync).
    const first = openTestCore(registry.sandbox, { connection: OTHER, key: () => registry.key })
    queueOne(first)
    const dataDir = first.dataDir
    await first.close()

    // The folder now points at the sandbox (a handed-over folder, an edited address).
    const moved = openTestCore(registry.sandbox, { dataDir, key: () => registry.key })
    const summary = await moved.engine.runOnce()
    expect(summary.sent).toBe(0)
    expect(summary.paused).toMatchObject({ reason: 'origin_changed' })
    expect(summary.paused?.message).toMatch(
      /queued for the registry at https:\/\/registry\.example\.com \+ https:\/\/files\.example\.com.*now points at http:\/\/127\.0\.0\.1/,
    )
    expect(Log.exchangeLog(moved)).toEqual([]) // not one request went out
    // Neither a new key nor "retry now" (both reachable from the window) lifts it.
    Sync.resumeAfterKeyChange(moved)
    const op = Outbox.outbox(moved).operations[0]
    if (op) Outbox.retryNow(moved, op.id)
    expect((await moved.engine.runOnce()).sent).toBe(0)
    expect(Log.exchangeLog(moved)).toEqual([])
    await moved.close()

    // Confirmed: the queue moves to the new registry and goes.
    const confirmed = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      acceptOriginChange: true,
    })
    const sent = await confirmed.engine.runOnce()
    expect(sent.paused).toBeNull()
    expect(sent.sent).toBe(1)
    await confirmed.close()

    // And stays bound there: reopened the same way, nothing is paused.
    const again = openTestCore(registry.sandbox, { dataDir, key: () => registry.key })
    expect(Outbox.outbox(again).paused).toBeNull()
    await again.close()
  })

  it('an empty outbox simply moves: there is nothing of the old registry to send', async () => {
    const first = openTestCore(registry.sandbox, { connection: OTHER })
    const dataDir = first.dataDir
    await first.close()
    const moved = openTestCore(registry.sandbox, { dataDir, key: () => registry.key })
    expect(Outbox.outbox(moved).paused).toBeNull()
    queueOne(moved)
    expect((await moved.engine.runOnce()).sent).toBe(1)
    await moved.close()
  })
})
