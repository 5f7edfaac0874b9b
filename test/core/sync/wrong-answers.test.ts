import { describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { chainOperations } from '../../../src/core/outbox/outbox-repository'
import {
  inspector,
  openTestCore,
  submissionsWithReason,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

/*
 * An answer must be the report that was sent (issue 24, items 4-6): a create answered with
 * another report, or with an id this folder already holds, is an unknown outcome checked
 * against the registry, never adopted; success:false after the registry saved is checked
 * before it is called a refusal. The sandbox's faults give the wrong answers.
 */

const registry = useSandbox()

const draft = (reason: string, email: string) => ({
  fraudType: 'identity_theft' as const,
  fraudReason: reason,
  identifiers: [{ label: 'email' as const, value: email }],
})

function queue(core: Core, reason: string, email: string): string {
  const queued = Outbox.submit(core, draft(reason, email))
  if (!queued.ok) throw new Error(queued.message)
  return queued.report.localId
}

async function withCore(test: (core: Core) => Promise<void>): Promise<void> {
  const core = openTestCore(registry.sandbox, { key: () => registry.key })
  try {
    await test(core)
  } finally {
    registry.sandbox.clearFaults()
    await core.close()
  }
}

describe('a create answered with another report of the organization (item 4)', () => {
  it('is not adopted: the report sent is found and linked, and a later update touches only it', () =>
    withCore(async (core) => {
      // Another laptop of the organization filed a report of its own.
      const otherReason = uniqueReason('other laptop')
      const other = await inspector(registry.sandbox, registry.key).createReport({
        ...draft(otherReason, 'other.laptop@example.com'),
        attachments: [],
        showUploaderInfo: false,
      })
      registry.sandbox.setFaults([
        { kind: 'wrong_report', route: 'create', reportId: other.id, count: 1 },
      ])
      const reason = uniqueReason('answered wrong')
      const localId = queue(core, reason, 'this.laptop@example.com')
      const summary = await core.engine.runUntilIdle()
      expect(summary.adopted).toBe(1)
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(Drafts.getReport(core, localId).registryId).toBe(copies[0]!.id)
      expect(Drafts.getReport(core, localId).registryId).not.toBe(other.id)

      const updated = Outbox.queueUpdate(core, localId, {
        ...draft(`${reason} (edited)`, 'this.laptop@example.com'),
      })
      if (!updated.ok) throw new Error(updated.message)
      await core.engine.runUntilIdle()
      const theirs = await inspector(registry.sandbox, registry.key).decodeSubmission(other.id)
      expect(theirs.fraudReason).toBe(otherReason)
    }))
})

describe('a create answered with an id this folder already holds (item 5)', () => {
  it('is not recorded over it (no UNIQUE error) and not sent again: the report sent is found', () =>
    withCore(async (core) => {
      const first = queue(core, uniqueReason('held first'), 'held.first@example.com')
      await core.engine.runUntilIdle()
      const heldId = Drafts.getReport(core, first).registryId!
      expect(heldId).toBeTruthy()

      registry.sandbox.setFaults([
        { kind: 'wrong_report', route: 'create', reportId: heldId, count: 1 },
      ])
      const reason = uniqueReason('held second')
      const second = queue(core, reason, 'held.second@example.com')
      const summary = await core.engine.runUntilIdle()
      expect(summary.needsAttention).toBe(0)
      expect(Outbox.outbox(core).pending).toBe(0)
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(Drafts.getReport(core, second).registryId).toBe(copies[0]!.id)
      expect(Drafts.getReport(core, first).registryId).toBe(heldId)
    }))
})

describe('success:false after the registry saved (item 6)', () => {
  it('a create is checked against the registry: found, adopted, not refused and sent again', () =>
    withCore(async (core) => {
      registry.sandbox.setFaults([{ kind: 'fail_after_commit', route: 'create', count: 1 }])
      const reason = uniqueReason('saved then refused')
      const localId = queue(core, reason, 'saved.refused@example.com')
      const summary = await core.engine.runUntilIdle()
      expect(summary.needsAttention).toBe(0)
      expect(Outbox.outbox(core).pending).toBe(0)
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(Drafts.getReport(core, localId).registryId).toBe(copies[0]!.id)
    }))

  it('an update is checked too: the registry holds what was sent, so it is done', () =>
    withCore(async (core) => {
      const reason = uniqueReason('update saved then refused')
      const localId = queue(core, reason, 'update.refused@example.com')
      await core.engine.runUntilIdle()
      registry.sandbox.setFaults([{ kind: 'fail_after_commit', route: 'update', count: 1 }])
      const updated = Outbox.queueUpdate(core, localId, {
        ...draft(reason, 'update.refused@example.com'),
        fraudType: 'money_mule',
      })
      if (!updated.ok) throw new Error(updated.message)
      await core.engine.runUntilIdle()
      const update = chainOperations(core.db, localId).find((op) => op.kind === 'update_report')
      expect(update?.state).toBe('done')
    }))
})
