import { mkdtempSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppCoreProfile } from '../../src/shared/app-core'
import { CoreHost } from '../../src/main/core-host/core-host'
import { forkCoreFromSource } from '../../src/main/core-host/fork-core'
import { CORE_NICENESS } from '../../src/core-process/core-priority'
import { createProcessAppCore, type CoreChild } from '../../src/main/core-host/process-app-core'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import type { CoreStatus } from '../../src/shared/contracts/shell'
import {
  submissionsWithReason,
  TEST_FOLDER_KEY_ENV,
  uniqueReason,
} from '../support/core-with-sandbox'

const temp = (label: string) => mkdtempSync(join(tmpdir(), `casefile-core-process-${label}-`))

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Still waiting for ${what}`)
}

/** A Sandbox-profile core in a forked process of its own; `child()` is the process now running. */
function sandboxProcessCore() {
  let child: CoreChild | null = null
  const spawn = forkCoreFromSource(TEST_FOLDER_KEY_ENV)
  const core = createProcessAppCore(
    {
      id: 'sandbox',
      dataDir: temp('data'),
      registry: null,
      sandboxRegistryDir: temp('sandbox'),
      getApiKey: async () => null,
    },
    () => (child = spawn()),
  )
  return { core, child: () => child }
}

describe('the core in its own process', () => {
  it('is restarted after being killed, with the outbox intact, and then sends it once', async () => {
    // A registry the test can take down and bring back on the same port and data.
    const registryDir = temp('registry')
    let registry: RunningSandbox = await startSandbox({ port: 0, dataDir: registryDir })
    const port = Number(new URL(registry.baseUrl).port)
    const key = registry.demoKeys[0]!.key
    await registry.stop()

    const profile: AppCoreProfile = {
      id: 'registry',
      dataDir: temp('data'),
      registry: { baseUrl: registry.baseUrl, uploadUrl: registry.uploadUrl },
      getApiKey: async () => key,
    }
    const children: CoreChild[] = []
    const spawn = forkCoreFromSource(TEST_FOLDER_KEY_ENV)
    const statuses: CoreStatus[] = []
    const host = new CoreHost({
      createCore: (p) =>
        createProcessAppCore(p, () => {
          const child = spawn()
          children.push(child)
          return child
        }),
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      restartDelayMs: () => 10,
    })
    await host.run(profile)

    const reasons = [uniqueReason('kill-1'), uniqueReason('kill-2'), uniqueReason('kill-3')]
    for (const [i, fraudReason] of reasons.entries()) {
      const draft = await host.workHandlers().draftCreate({
        fraudType: 'money_mule',
        fraudReason,
        identifiers: [{ label: 'phone', value: `0803123456${i}` }],
      })
      const queued = await host.workHandlers().reportQueue({ localId: draft.localId })
      expect(queued.ok).toBe(true)
    }
    await host.workHandlers().syncNow(undefined) // the registry is down: everything waits
    const before = await host.workHandlers().outboxList(undefined)
    expect(before.pending).toBe(3)

    process.kill(children[0]!.pid!, 'SIGKILL')
    await until(() => statuses.some((s) => s.state === 'running'), 'the core to restart')
    expect(statuses.map((s) => s.state)).toEqual(['restarting', 'running'])
    expect(statuses[0]?.message).toMatch(/stopped unexpectedly.*Nothing queued is lost/)
    expect(children).toHaveLength(2)

    const after = await host.workHandlers().outboxList(undefined)
    expect(after.operations.map((op) => op.id)).toEqual(before.operations.map((op) => op.id))
    expect(after.pending).toBe(3)

    registry = await startSandbox({ port, dataDir: registryDir })
    await until(async () => {
      await host.workHandlers().syncNow(undefined)
      return (await host.workHandlers().outboxList(undefined)).pending === 0
    }, 'the outbox to drain')
    for (const reason of reasons)
      expect(await submissionsWithReason(registry, key, reason)).toHaveLength(1)

    await host.stop()
    await registry.stop()
    expect(statuses).toHaveLength(2) // a stop asked for is not a crash
    // Two core processes from source (through tsx), one after the other, each below normal
    // priority: with another test file running beside it on a busy two-core machine, over 20 s.
  }, 60_000)

  it('a call waiting when the core dies fails with a plain message instead of hanging', async () => {
    const { core, child } = sandboxProcessCore()
    const crashes: string[] = []
    core.onCrash?.((detail) => crashes.push(detail))
    await core.start()
    const waiting = core.work!.bulkTemplate({ format: 'xlsx' })
    process.kill(child()!.pid!, 'SIGKILL')
    await expect(waiting).rejects.toThrow(/stopped before it answered.*nothing queued is lost/)
    await until(() => crashes.length === 1, 'the crash to be reported')
    expect(crashes[0]).toMatch(/SIGKILL/)
    expect(core.work).toBeNull()
    await core.stop()
  })

  it('runs below normal priority, so its work yields the CPU to the window and to main', async () => {
    const { core, child } = sandboxProcessCore()
    await core.start()
    // A few steps below normal, or this process's own if started lower still (never raised);
    // Windows maps so small a step to its normal class.
    const expected =
      process.platform === 'win32' ? getPriority() : Math.max(getPriority(), CORE_NICENESS)
    expect(getPriority(child()!.pid!)).toBe(expected)
    await core.stop()
  })
})
