import { describe, expect, it } from 'vitest'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import { closedPortUrl, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Search from '../../../src/core/search/search'
import * as Submissions from '../../../src/core/submissions/submissions'

/* "Already on file": the cache at once, then the registry, with the organization's own marked. */

const registry = useSandbox()

describe('already on file', () => {
  it('answers from the cache, then from the registry, and marks the organization’s own reports', async () => {
    const phone = `0803${String(Date.now()).slice(-7)}`
    const input = (tag: string) => ({
      fraudType: 'money_mule' as const,
      fraudReason: uniqueReason(tag),
      identifiers: [{ label: 'phone' as const, value: phone }],
      attachments: [],
      showUploaderInfo: true,
    })
    const client = (key: string) =>
      createRegistryClient(
        { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
        { getApiKey: () => key },
      )
    const own = await client(registry.key).createReport(input('on-file-own'))
    await client(registry.otherKey).createReport(input('on-file-other'))

    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const query = { identifier: 'phone' as const, value: phone }
    expect((await Search.onFile(core, [query]))[0]).toMatchObject({ source: 'cache', matches: [] })
    await Submissions.refreshSubmissions(core)
    const cached = (await Search.onFile(core, [query]))[0]!
    expect(cached.matches).toEqual([expect.objectContaining({ id: own.id, own: true })])

    const online = (await Search.onFile(core, [query], { online: true }))[0]!
    expect(online.source).toBe('online')
    expect(online.matches).toHaveLength(2)
    expect(online.matches.find((m) => m.id === own.id)?.own).toBe(true)
    const other = online.matches.find((m) => m.id !== own.id)
    expect(other).toMatchObject({ own: false, fraudType: 'money_mule' })
    // What the registry said is now in the cache, for offline use.
    expect((await Search.onFile(core, [query]))[0]!.matches).toHaveLength(2)
    const dataDir = core.dataDir
    await core.close()

    const down = await closedPortUrl()
    const offline = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    const fallback = (await Search.onFile(offline, [query], { online: true }))[0]!
    expect(fallback.source).toBe('offline')
    expect(fallback.reason).toMatch(/cannot be reached/)
    expect(fallback.matches).toHaveLength(2)
    await offline.close()
  })
})
