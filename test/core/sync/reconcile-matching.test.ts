import { beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { chainOperations } from '../../../src/core/outbox/outbox-repository'
import {
  inspector,
  openTestCore,
  submissionsWithReason,
  TEST_TIMEOUT_MS,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

/*
 * Reconciliation that does not assume (issue 24, items 7-9): a lost create is matched on its
 * attachments too, never adopted when another laptop of the organization could own the match,
 * and found whatever order the registry lists submissions in and however its pages move.
 */

const MINUTE = 60 * 1000
/** How far the registry's clock (and this computer's with it) has moved on: time passing. */
const elapsed = { ms: 0 }
const registry = useSandbox({ now: () => new Date(Date.now() + elapsed.ms) })
const clock = { now: () => Date.now() + elapsed.ms }

let account = 4_000_000_000
const nextAccount = () => `${account++}_access-bank`

const draft = (reason: string, accountValue: string, attachmentUrls: string[] = []) => ({
  fraudType: 'money_mule' as const,
  fraudReason: reason,
  identifiers: [{ label: 'account' as const, value: accountValue }],
  attachmentUrls,
})

/** Files reports as another laptop of the same organization would. */
async function fileElsewhere(
  reason: string,
  accountValue: string,
  attachments: string[] = [],
): Promise<string> {
  const { attachmentUrls: _, ...input } = draft(reason, accountValue)
  return (
    await inspector(registry.sandbox, registry.key).createReport({
      ...input,
      attachments,
      showUploaderInfo: false,
    })
  ).id
}

async function withCore(test: (core: Core) => Promise<void>): Promise<void> {
  const core = openTestCore(registry.sandbox, { key: () => registry.key, clock })
  try {
    await test(core)
  } finally {
    registry.sandbox.clearFaults()
    await core.close()
  }
}

function queue(core: Core, input: ReturnType<typeof draft>): string {
  const queued = Outbox.submit(core, input)
  if (!queued.ok) throw new Error(queued.message)
  return queued.report.localId
}

/** The create is held past the client's time limit and dropped unhandled: nothing is saved. */
const LOST_BEFORE_SAVED = {
  kind: 'stall',
  ms: TEST_TIMEOUT_MS + 150,
  then: 'drop',
  route: 'create',
  count: 1,
} as const

beforeAll(async () => {
  // The organization's history: 120 reports filed two hours ago, more than a page.
  elapsed.ms = -120 * MINUTE
  for (let i = 0; i < 120; i += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fileElsewhere(uniqueReason(`history ${i + j}`), nextAccount()),
      ),
    )
  elapsed.ms = 0
})

describe('two laptops of one organization file the same words (item 7)', () => {
  it('with other files: the other laptop’s report is not adopted; this one is sent with its own file', () =>
    withCore(async (core) => {
      const reason = uniqueReason('same words, other files')
      const accountValue = nextAccount()
      const localId = queue(
        core,
        draft(reason, accountValue, ['https://evidence.example.org/a.pdf']),
      )
      registry.sandbox.setFaults([LOST_BEFORE_SAVED])
      await core.engine.runOnce()
      const theirs = await fileElsewhere(reason, accountValue, [
        'https://evidence.example.org/b.pdf',
      ])
      registry.sandbox.clearFaults()

      await core.engine.runUntilIdle()
      const ours = Drafts.getReport(core, localId).registryId
      expect(ours).toBeTruthy()
      expect(ours).not.toBe(theirs)
      const record = await inspector(registry.sandbox, registry.key).decodeSubmission(ours!)
      expect(record.attachments).toEqual(['https://evidence.example.org/a.pdf'])
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(2)
    }))

  it('the same report filed elsewhere after ours was sent: needs attention naming it, never adopted', () =>
    withCore(async (core) => {
      const reason = uniqueReason('same report, later elsewhere')
      const accountValue = nextAccount()
      const file = ['https://evidence.example.org/same.pdf']
      const localId = queue(core, draft(reason, accountValue, file))
      registry.sandbox.setFaults([LOST_BEFORE_SAVED])
      await core.engine.runOnce()
      registry.sandbox.clearFaults()
      elapsed.ms += 10 * MINUTE // ten minutes pass, on both clocks
      const theirs = await fileElsewhere(reason, accountValue, file)

      await core.engine.runUntilIdle()
      expect(Drafts.getReport(core, localId).registryId).toBeNull()
      const [create] = chainOperations(core.db, localId)
      expect(create?.state).toBe('needs_attention')
      expect(create?.lastError?.message).toContain(theirs)
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    }))
})

describe('the submissions list as the registry pages it (items 8 and 9)', () => {
  it('oldest first: the list is read from its newest end, the report found there, not sent again', () =>
    withCore(async (core) => {
      const reason = uniqueReason('oldest first')
      const localId = queue(core, draft(reason, nextAccount()))
      registry.sandbox.setFaults([
        { kind: 'commit_then_drop', route: 'create', count: 1 },
        { kind: 'oldest_first', route: 'submissions' },
      ])
      const searches = () => registry.sandbox.faultState().counters.requests.search
      const before = searches()
      const summary = await core.engine.runUntilIdle()
      expect(summary.adopted).toBe(1)
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(Drafts.getReport(core, localId).registryId).toBe(copies[0]!.id)
      expect(searches() - before).toBe(0) // the list alone found it
    }))

  it('pages that move while they are read skip the report: it is found by its identifier', () =>
    withCore(async (core) => {
      const reason = uniqueReason('shifting pages')
      const accountValue = nextAccount()
      const localId = queue(core, draft(reason, accountValue))
      registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: 'create', count: 1 }])
      await core.engine.runOnce()
      // Meanwhile the organization's other laptops file 150 reports: ours is on page 2 now.
      for (let i = 0; i < 150; i += 25)
        await Promise.all(
          Array.from({ length: 25 }, (_, j) =>
            fileElsewhere(uniqueReason(`busy ${i + j}`), nextAccount()),
          ),
        )
      // Each page read sees the list 60 further along: page 2 starts at item 160, past ours.
      registry.sandbox.setFaults([{ kind: 'shift_pages', by: 60, route: 'submissions' }])
      const searches = () => registry.sandbox.faultState().counters.requests.search
      const before = searches()

      const summary = await core.engine.runUntilIdle()
      const searched = searches() - before
      registry.sandbox.clearFaults() // (zeroes the counters)
      expect(summary.adopted).toBe(1)
      expect(searched).toBe(1) // the list skipped it; the search found it
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(Drafts.getReport(core, localId).registryId).toBe(copies[0]!.id)
    }))
})
