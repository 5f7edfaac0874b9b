import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { openCore } from '../../../src/core/open-core'
import type { SandboxRoute } from '../../../src/sandbox/route-names'
import { submissionsWithReason, testFolderKey, uniqueReason } from '../../support/core-with-sandbox'
import { startSyncChild } from '../../support/sync-child-process'
import { useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'

/*
 * The quiet survives a restart (issue 24, item 12): a process killed while a 429's Retry-After
 * holds leaves it in the data folder, and the next process sends nothing, not even the
 * reconciliation of what the killed one had in flight, until it has passed.
 */

const QUIET_S = 4
const registry = useSandbox()

const requestsTo = (routes: SandboxRoute[]) => {
  const { requests } = registry.sandbox.faultState().counters
  return routes.reduce((sum, route) => sum + requests[route], 0)
}
const API: SandboxRoute[] = ['create', 'submissions', 'search', 'decode', 'submission', 'upload']

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await delay(10)
  if (!condition()) throw new Error(`timed out waiting for ${what}`)
}

describe('a Retry-After in force when the sending process is killed', () => {
  it('is kept in the folder: the next process sends nothing until it has passed, then all once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-quiet-'))
    const core = openCore({
      dataDir,
      folderKey: testFolderKey(dataDir),
      connection: { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      getApiKey: () => registry.key,
    })
    const reasons = Array.from({ length: 6 }, (_, i) => uniqueReason(`quiet ${i}`))
    reasons.forEach((reason, i) => {
      const queued = Outbox.submit(core, {
        fraudType: 'hacker',
        fraudReason: reason,
        identifiers: [{ label: 'email', value: `quiet.${i}@example.com` }],
      })
      if (!queued.ok) throw new Error(queued.message)
    })
    await core.close()

    // The first create is refused with a quiet; the others are held by a slow registry, so
    // they are still in flight (sending) when the process dies.
    registry.sandbox.setFaults([
      { kind: 'rate_limit', retryAfterSeconds: QUIET_S, route: 'create', count: 1 },
      { kind: 'latency', ms: 1500, route: 'create' },
    ])
    const first = startSyncChild(registry.sandbox, { dataDir, apiKey: registry.key })
    await until(() => registry.sandbox.faultState().counters.injected.rate_limit === 1, 'the 429')
    const quietEnds = Date.now() + QUIET_S * 1000
    await delay(300)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBeNull()
    registry.sandbox.clearFaults() // the registry is fast again; the quiet still holds

    const before = requestsTo(API)
    const second = startSyncChild(registry.sandbox, { dataDir, apiKey: registry.key })
    while (Date.now() < quietEnds - 400) {
      expect(requestsTo(API) - before, 'requests sent during the quiet').toBe(0)
      await delay(50)
    }
    expect(await second.exited).toBe(0)
    for (const reason of reasons)
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
  }, 30_000)
})
