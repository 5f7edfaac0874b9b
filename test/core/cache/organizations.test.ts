import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Submissions from '../../../src/core/submissions/submissions'

/*
 * One cache per organization: the key may change to another organization's (a shared laptop,
 * a new key), and its refreshes never rewrite the first organization's cached reports.
 */

const registry = useSandbox()

describe('the submissions cache, with the keys of two organizations', () => {
  it('keeps the first organization\u2019s reports listed and its own when the key changes and back', async () => {
    const key = { value: registry.key }
    const core = openTestCore(registry.sandbox, { key: () => key.value })
    const submit = async (tag: string) => {
      const reason = uniqueReason(tag)
      const queued = Outbox.submit(core, {
        fraudType: 'hacker',
        fraudReason: reason,
        identifiers: [{ label: 'email', value: `${tag}@example.com` }],
      })
      if (!queued.ok) throw new Error(queued.message)
      await core.engine.runUntilIdle()
      return Drafts.getReport(core, queued.report.localId).registryId!
    }
    const ownIds = () =>
      Submissions.listSubmissions(core, { offset: 0, limit: 500 }).rows.map((r) => r.record.id)

    const a = await submit('org-a')
    await Submissions.refreshSubmissions(core, { full: true })
    expect(ownIds()).toContain(a)

    key.value = registry.otherKey
    const b = await submit('org-b')
    const refreshed = await Submissions.refreshSubmissions(core, { full: true })
    expect(refreshed.markedUnlisted).toBe(0)
    expect(ownIds()).toContain(b)
    expect(ownIds()).not.toContain(a) // the list shows this key's organization only
    expect(Submissions.cachedReport(core, a)?.record.listingStatus).toBe('listed') // and A's copy is untouched

    key.value = registry.key
    await Submissions.refreshSubmissions(core, { full: true })
    expect(ownIds()).toContain(a)
    expect(ownIds()).not.toContain(b)
    expect(Submissions.cachedReport(core, a)?.record.listingStatus).toBe('listed')
    expect(Submissions.cachedReport(core, a)?.own).toBe(true)
    await core.close()
  })
})
