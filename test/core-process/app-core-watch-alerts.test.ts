import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { AppCoreEvents } from '../../src/shared/app-core'
import {
  createCasefileAppCore,
  type StartSandboxRegistry,
} from '../../src/core-process/casefile-app-core'
import { keychainAccount, readFolderIdentity } from '../../src/core/encryption/folder-key'
import { openDatabase } from '../../src/core/store/open-database'
import { writeSetting } from '../../src/core/watchlist/watch-store'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { inspector, uniqueReason } from '../support/core-with-sandbox'
import { memorySecretBackend } from '../web-harness/memory-secret-backend'

/*
 * The app core's watcher tells the shell of the alerts it raises (main's native notification):
 * one watchAlertsRaised per check that raised any, naming the identifier as a person reads it
 * (an account with its bank's name); nothing for a check that raised none.
 */

const ACCOUNT = '0123456789_access-bank'

describe("the app core's watcher", () => {
  it('emits watchAlertsRaised for a check that raised an alert, and nothing for one that did not', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'casefile-app-watch-'))
    const dataDir = join(userData, 'profiles', 'sandbox')
    let sandbox: RunningSandbox | null = null
    // The Sandbox profile's registry, kept at hand: another organization files on it.
    const startRegistry: StartSandboxRegistry = async (dir) => {
      const running = await startSandbox({ port: 0, dataDir: dir })
      sandbox = running
      return {
        baseUrl: running.baseUrl,
        uploadUrl: running.uploadUrl,
        demoKey: running.demoKeys[0]!.key,
        stop: () => running.stop(),
      }
    }
    const keychain = memorySecretBackend()
    const core = createCasefileAppCore(
      {
        id: 'sandbox',
        dataDir,
        registry: null,
        getApiKey: async () => null,
        sandboxRegistryDir: join(userData, 'sandbox-registry'),
      },
      startRegistry,
      { keychain },
    )
    const raised: AppCoreEvents['watchAlertsRaised'][] = []
    core.events.on('watchAlertsRaised', (payload) => raised.push(payload))
    await core.start()
    const work = core.work!
    await work.banksRefresh(undefined) // the bank's name for the account
    const registry = sandbox as unknown as RunningSandbox
    const otherOrganization = inspector(registry, registry.demoKeys[1]!.key)
    const fileOn = (identifiers: { label: 'account' | 'email'; value: string }[]) =>
      otherOrganization.createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('app-watch'),
        identifiers,
        attachments: [],
        showUploaderInfo: true,
      })

    // The folder as another process (the CLI) would open it beside the app: its budget raised
    // to the most allowed (3,600: a check a second), so the pace (one every 30 s at 120 an
    // hour) is not what this test waits for.
    const identity = readFolderIdentity(dataDir)!
    const key = Buffer.from((await keychain.read(keychainAccount(identity)))!, 'hex')
    const beside = openDatabase(join(dataDir, 'casefile.db'), key)
    writeSetting(beside, 'hourly_budget', '3600')

    await fileOn([{ label: 'account', value: ACCOUNT }])
    // On file well before the add: a report filed within a second of it counts as filed after
    // (the registry's clock is read to the second), and would rightly be an alert.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await work.watchAdd({ source: { kind: 'identifier', type: 'account', value: ACCOUNT } })
    const itemOf = async (type: string) =>
      (await work.watchList(undefined)).find((i) => i.type === type)
    // The first check keeps what is on file: no alert, so nothing for the shell.
    await vi.waitFor(async () => expect((await itemOf('account'))?.lastCheckedAt).not.toBeNull(), {
      timeout: 10_000,
    })
    const firstCheck = (await itemOf('account'))?.lastCheckedAt
    expect(raised).toEqual([])

    // Another organization files on it again, and a day passes (its next check falls due).
    const filed = await fileOn([{ label: 'account', value: ACCOUNT }])
    beside
      .prepare('UPDATE watch_items SET next_check_at = ? WHERE type = ?')
      .run(Date.now(), 'account')
    // An email watched wakes the watcher: its first check (no alert), then the account's.
    await fileOn([{ label: 'email', value: 'mule@example.com' }])
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await work.watchAdd({
      source: { kind: 'identifier', type: 'email', value: 'mule@example.com' },
    })
    await vi.waitFor(
      async () => expect((await itemOf('account'))?.lastCheckedAt).not.toBe(firstCheck),
      {
        timeout: 10_000,
      },
    )
    expect((await itemOf('email'))?.lastCheckedAt).not.toBeNull()

    expect(raised).toEqual([
      { alerts: [{ kind: 'new_report', type: 'account', value: '0123456789 · Access Bank' }] },
    ])
    expect((await work.watchAlerts({})).map((a) => [a.type, a.value, a.reportId])).toEqual([
      ['account', ACCOUNT, filed.id],
    ])
    beside.close()
    await core.stop()
  }, 30_000)
})
