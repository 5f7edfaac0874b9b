import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import type { Core } from '../../../src/core/open-core'
import { chainOperations } from '../../../src/core/outbox/outbox-repository'
import type { Operation } from '../../../src/core/outbox/operations'
import {
  closedPortUrl,
  inspector,
  openTestCore,
  submissionsWithReason,
  TEST_TIMEOUT_MS,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'

/*
 * The fault matrix: each fault on each operation kind ends in its documented state; once the
 * fault is lifted, every report is on the registry exactly once, with its attachments and its
 * last update (an update that removes one file and adds another). Real HTTP against the sandbox registry; real SQLite files.
 * It runs three times: with this computer's clock right, 2 hours ahead of the registry's, and
 * 3 days behind it (issue 24: time from the registry, not the laptop).
 */

type Kind = 'upload_attachment' | 'create_report' | 'update_report' | 'unlist_report'
const ROUTE: Record<Kind, 'upload' | 'create' | 'update' | 'unlist'> = {
  upload_attachment: 'upload',
  create_report: 'create',
  update_report: 'update',
  unlist_report: 'unlist',
}

const registry = useSandbox()
const HOUR = 60 * 60 * 1000
const CLOCKS = [
  { clock: 'right', skewMs: 0 },
  { clock: '2 h ahead', skewMs: 2 * HOUR },
  { clock: '3 days behind', skewMs: -72 * HOUR },
]
/** This computer's clock, as far off the registry's as the run in progress says. */
const skew = { ms: 0 }
const clock = { now: () => Date.now() + skew.ms }
/** A second file, other bytes than PDF_BYTES (the registry stores equal files once). */
const CONFIRMATION = Buffer.concat([PDF_BYTES, Buffer.from('% the bank confirmed\n')])

interface Case {
  core: Core
  dataDir: string
  reason: string
  localId: string
  apiKey: { value: string }
}

const draftFor = (reason: string, fraudType = 'social_engineering') => ({
  fraudType,
  fraudReason: reason,
  identifiers: [{ label: 'phone', value: '08031234567' }],
})

/** Brings a report to the point where the operation of `kind` is the next to send. */
async function arrange(kind: Kind): Promise<Case> {
  const apiKey = { value: registry.key }
  const core = openTestCore(registry.sandbox, { key: () => apiKey.value, clock })
  const reason = uniqueReason(kind)
  const draft = Drafts.createDraft(core, draftFor(reason))
  if (kind === 'upload_attachment' || kind === 'update_report') {
    const attachment = Attachments.addAttachment(core, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement.pdf',
    })
    Drafts.saveDraft(core, draft.localId, { ...draftFor(reason), attachmentIds: [attachment.id] })
  }
  const queued = Outbox.queueReport(core, draft.localId)
  if (!queued.ok) throw new Error(queued.message)
  if (kind === 'update_report' || kind === 'unlist_report') {
    await core.engine.runUntilIdle()
    // The update replaces the file the report was sent with by another: one removed, one added.
    const next =
      kind === 'update_report'
        ? Outbox.queueUpdate(core, draft.localId, {
            ...draftFor(reason, 'money_mule'),
            attachmentIds: [
              Attachments.addAttachment(core, draft.localId, {
                bytes: CONFIRMATION,
                fileName: 'confirmation.pdf',
              }).id,
            ],
          })
        : Outbox.queueUnlist(core, draft.localId)
    if (!next.ok) throw new Error(next.message)
  }
  return { core, dataDir: core.dataDir, reason, localId: draft.localId, apiKey }
}

const target = (c: Case, kind: Kind): Operation =>
  chainOperations(c.core.db, c.localId).find(
    (op) => op.kind === kind && op.state !== 'cancelled' && op.state !== 'done',
  )!
const targetById = (c: Case, id: number): Operation =>
  chainOperations(c.core.db, c.localId).find((op) => op.id === id)!

/** After the fault is lifted: everything sent, and the registry holds the report once, as last written. */
async function expectSettled(c: Case, kind: Kind): Promise<void> {
  const summary = await c.core.engine.runUntilIdle()
  expect(summary.paused).toBeNull()
  expect(Outbox.outbox(c.core).pending).toBe(0)
  const copies = await submissionsWithReason(registry.sandbox, registry.key, c.reason)
  expect(copies).toHaveLength(1)
  const record = await inspector(registry.sandbox, registry.key).decodeSubmission(copies[0]!.id)
  expect(Drafts.getReport(c.core, c.localId).registryId).toBe(record.id)
  if (kind === 'upload_attachment') expect(record.attachments).toHaveLength(1)
  if (kind === 'update_report') {
    expect(record.fraudType).toBe('money_mule')
    const added = Attachments.listAttachments(c.core, c.localId).find(
      (a) => a.fileName === 'confirmation.pdf',
    )
    expect(record.attachments).toEqual([added?.url]) // statement.pdf removed, confirmation.pdf added
  }
  if (kind === 'unlist_report') expect(record.listingStatus).toBe('unlisted')
  await c.core.close()
}

const KINDS: Kind[] = ['upload_attachment', 'create_report', 'update_report', 'unlist_report']

describe.each(CLOCKS)('clock $clock', ({ skewMs }) => {
  beforeAll(() => {
    skew.ms = skewMs
  })
  afterAll(() => {
    skew.ms = 0
  })

  describe.each(KINDS)('%s', (kind) => {
    it('HTTP 500 → waiting_retry (outcome unknown), then sent exactly once', async () => {
      const c = await arrange(kind)
      registry.sandbox.setFaults([{ kind: 'error', status: 500, route: ROUTE[kind] }])
      await c.core.engine.runOnce()
      const op = target(c, kind)
      expect(op).toMatchObject({
        state: 'waiting_retry',
        outcomeUnknown: true,
        lastError: { kind: 'server', status: 500 },
      })
      registry.sandbox.clearFaults()
      await expectSettled(c, kind)
    })

    it('HTTP 503 → waiting_retry, then sent exactly once', async () => {
      const c = await arrange(kind)
      registry.sandbox.setFaults([{ kind: 'error', status: 503, route: ROUTE[kind] }])
      await c.core.engine.runOnce()
      expect(target(c, kind)).toMatchObject({
        state: 'waiting_retry',
        outcomeUnknown: false,
        lastError: { kind: 'server', status: 503 },
      })
      registry.sandbox.clearFaults()
      await expectSettled(c, kind)
    })

    it('429 with Retry-After → waiting_retry no sooner than asked, then sent', async () => {
      const c = await arrange(kind)
      registry.sandbox.setFaults([
        { kind: 'rate_limit', retryAfterSeconds: 1, route: ROUTE[kind], count: 1 },
      ])
      const before = clock.now()
      await c.core.engine.runOnce()
      const op = target(c, kind)
      expect(op).toMatchObject({
        state: 'waiting_retry',
        lastError: { kind: 'rate_limited', status: 429 },
      })
      expect(op.nextAttemptAt! - before).toBeGreaterThanOrEqual(1000)
      registry.sandbox.clearFaults()
      await expectSettled(c, kind)
    })

    it('a stall past the client timeout (the write lands late) → waiting_retry, reconciled, not doubled', async () => {
      const c = await arrange(kind)
      registry.sandbox.setFaults([
        // Lands 100 ms after the client's time limit (TEST_TIMEOUT_MS), well inside the floor
        // before a reconciliation (TEST_RETRY_POLICY.unknownOutcomeFloorMs).
        { kind: 'stall', ms: TEST_TIMEOUT_MS + 100, then: 'answer', route: ROUTE[kind], count: 1 },
      ])
      await c.core.engine.runOnce()
      expect(target(c, kind)).toMatchObject({
        state: 'waiting_retry',
        outcomeUnknown: true,
        lastError: { kind: 'timeout' },
      })
      registry.sandbox.clearFaults()
      await expectSettled(c, kind)
    })

    it('commit then drop the connection → waiting_retry (outcome unknown), reconciled, not doubled', async () => {
      const c = await arrange(kind)
      registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: ROUTE[kind], count: 1 }])
      await c.core.engine.runOnce()
      expect(target(c, kind)).toMatchObject({
        state: 'waiting_retry',
        outcomeUnknown: true,
        lastError: { kind: 'offline' },
      })
      registry.sandbox.clearFaults()
      await expectSettled(c, kind)
    })

    it('connection refused → waiting_retry, the run reports offline and stops trying others; sent once back online', async () => {
      const c = await arrange(kind)
      await c.core.close()
      const offline = openTestCore(registry.sandbox, {
        clock,
        dataDir: c.dataDir,
        key: () => registry.key,
        connection: { baseUrl: await closedPortUrl(), uploadUrl: await closedPortUrl() },
        // A closed port stands in for the registry being down: another origin, so the move is confirmed.
        acceptOriginChange: true,
      })
      const summary = await offline.engine.runOnce()
      expect(summary.offline).toBe(true)
      // An update's new file goes first: it meets the closed port, and nothing after it is tried.
      const first: Kind = kind === 'update_report' ? 'upload_attachment' : kind
      expect(target({ ...c, core: offline }, first)).toMatchObject({
        state: 'waiting_retry',
        outcomeUnknown: false,
        lastError: { kind: 'offline' },
      })
      await offline.close()
      c.core = openTestCore(registry.sandbox, {
        clock,
        dataDir: c.dataDir,
        key: () => registry.key,
        acceptOriginChange: true,
      })
      await expectSettled(c, kind)
    })

    it('401 → the whole queue pauses, the attempt is not counted; a new registry.key resumes it', async () => {
      const c = await arrange(kind)
      c.apiKey.value = 'not-a-real-key'
      const { id, attempts: attemptsBefore } = target(c, kind)
      const summary = await c.core.engine.runOnce()
      expect(summary.paused).toMatchObject({ reason: 'unauthorized' })
      const op = targetById(c, id)
      // Uploads carry no key, but wait for a keyed call to succeed with it: the first item of the
      // chain meets the refusal (for an update, the upload of its new file), no file leaves with a
      // refused key, and nothing counts an attempt.
      expect(op).toMatchObject({ state: 'queued', attempts: attemptsBefore })
      const refused = chainOperations(c.core.db, c.localId).filter(
        (o) => o.lastError?.kind === 'unauthorized',
      )
      expect(refused).toHaveLength(1)
      expect(refused[0]).toMatchObject({ state: 'queued' })
      expect((await c.core.engine.runOnce()).sent).toBe(0) // still paused
      c.apiKey.value = registry.key
      Sync.resumeAfterKeyChange(c.core)
      await expectSettled(c, kind)
    })

    it('refused by the registry (4xx) → needs_attention with its message; fixed and retried, sent once', async () => {
      const c = await arrange(kind)
      const op = target(c, kind)
      let fix: () => void
      if (kind === 'upload_attachment') {
        const attachment = Attachments.listAttachments(c.core, c.localId)[0]!
        // The attachment is no longer a PDF (the registry answers 415), then is mended. Each
        // copy is kept under its own hash: a copy that does not match its hash is never sent.
        const replace = (bytes: Uint8Array) => {
          const sha256 = createHash('sha256').update(bytes).digest('hex')
          c.core.files.write(sha256, bytes)
          c.core.db
            .prepare('UPDATE attachments SET sha256 = ? WHERE id = ?')
            .run(sha256, attachment.id)
        }
        replace(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))
        fix = () => {
          replace(PDF_BYTES)
          Outbox.retryNow(c.core, op.id)
        }
      } else if (kind === 'unlist_report') {
        const registryId = Drafts.getReport(c.core, c.localId).registryId!
        c.core.db
          .prepare('UPDATE reports SET registry_id = ? WHERE local_id = ?')
          .run('rep_does_not_exist', c.localId) // 404
        fix = () => {
          c.core.db
            .prepare('UPDATE reports SET registry_id = ? WHERE local_id = ?')
            .run(registryId, c.localId)
          Outbox.retryNow(c.core, op.id)
        }
      } else {
        // Passes our checks (no bank list cached yet) but the registry knows no such bank: 400.
        const payload = op.payload as { input: { identifiers: { label: string; value: string }[] } }
        payload.input.identifiers = [{ label: 'account', value: '0123456789_no-such-bank' }]
        c.core.db
          .prepare('UPDATE operations SET payload_json = ? WHERE id = ?')
          .run(JSON.stringify(payload), op.id)
        fix = () => {
          // As the editor does: the item's current content, attachments included, with the fix.
          const result = Outbox.editAndRequeue(c.core, op.id, {
            ...Drafts.getReport(c.core, c.localId).draft,
            ...draftFor(c.reason, kind === 'update_report' ? 'money_mule' : 'social_engineering'),
          })
          if (!result.ok) throw new Error(result.message)
        }
      }
      await c.core.engine.runOnce()
      const refused = targetById(c, op.id)
      expect(refused.state).toBe('needs_attention')
      expect(refused.lastError?.message).toBeTruthy()
      expect(refused.lastError?.status).toBeGreaterThanOrEqual(400)
      expect(refused.lastError?.status).toBeLessThan(500)
      fix()
      await expectSettled(c, kind)
    })
  })
})
