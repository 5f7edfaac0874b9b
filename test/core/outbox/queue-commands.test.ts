import { describe, expect, it } from 'vitest'
import { addAttachment, AttachmentRefusedError } from '../../../src/core/drafts/attachment-store'
import { insertDraft, loadReport, updateDraft } from '../../../src/core/drafts/drafts-repository'
import {
  chainOperations,
  countByState,
  pendingCount,
} from '../../../src/core/outbox/outbox-repository'
import { claimForSending, markDone } from '../../../src/core/outbox/operation-transitions'
import { dropOperation, requeueEdited } from '../../../src/core/outbox/outbox-actions'
import { queueUnlistWith, queueUpdateWith } from '../../../src/core/outbox/queue-change'
import { queueReportWith, tryDraftAndQueue } from '../../../src/core/outbox/queue-create'
import { PDF_BYTES, REASON, tempStore, validDraft } from '../../support/temp-store'

const now = 1_700_000_000_000

describe('drafts', () => {
  it('autosave keeps whatever was typed, even when it is not valid yet', () => {
    const { db } = tempStore()
    const draft = insertDraft(db, {}, { now })
    updateDraft(db, draft.localId, { fraudReason: 'half a sente' }, now + 1)
    expect(loadReport(db, draft.localId).draft.fraudReason).toBe('half a sente')
  })
})

describe('queueReport', () => {
  it('queues uploads then the create, in one chain, and counts them pending', () => {
    const { db, files } = tempStore()
    const draft = insertDraft(db, validDraft(), { now })
    const attachment = addAttachment(
      db,
      files,
      draft.localId,
      { bytes: PDF_BYTES, fileName: 'statement.pdf' },
      now,
    )
    updateDraft(db, draft.localId, { ...validDraft(), attachmentIds: [attachment.id] }, now)
    const result = queueReportWith(db, draft.localId, { now })
    expect(result.ok).toBe(true)
    expect(chainOperations(db, draft.localId).map((op) => [op.seq, op.kind, op.state])).toEqual([
      [1, 'upload_attachment', 'queued'],
      [2, 'create_report', 'queued'],
    ])
    expect(loadReport(db, draft.localId).status).toBe('queued')
    expect(pendingCount(db)).toBe(2)
  })

  it('refuses an invalid draft with per-field messages and writes nothing', () => {
    const { db } = tempStore()
    const draft = insertDraft(
      db,
      validDraft({ fraudReason: 'too short', identifiers: [{ label: 'bvn', value: '123' }] }),
      { now },
    )
    const result = queueReportWith(db, draft.localId, { now })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.path)).toEqual(['fraudReason', 'identifiers.0.value'])
    expect(result.message).toMatch(/BVN is 11 digits/)
    expect(chainOperations(db, draft.localId)).toEqual([])
    expect(loadReport(db, draft.localId).status).toBe('draft')
  })

  it('normalizes identifiers before checking them, so a typed phone with spaces is accepted', () => {
    const { db } = tempStore()
    const result = tryDraftAndQueue(
      db,
      validDraft({ identifiers: [{ label: 'phone', value: '0803 123 4567' }] }),
      { now },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const create = result.operations.at(-1)
    expect((create?.payload as { input: { identifiers: unknown } }).input.identifiers).toEqual([
      { label: 'phone', value: '08031234567' },
    ])
  })

  it('checks account banks against the cached list when there is one', () => {
    const { db } = tempStore()
    const result = tryDraftAndQueue(db, validDraft(), { now, bankSlugs: new Set(['gtbank']) })
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toMatch(/not in the bank list/)
    expect(countByState(db).queued).toBe(0)
  })

  it('refuses a 4th attachment and a file of the wrong type, saying why', () => {
    const { db, files } = tempStore()
    const draft = insertDraft(db, validDraft(), { now })
    for (let i = 0; i < 3; i++)
      addAttachment(db, files, draft.localId, { bytes: PDF_BYTES, fileName: `f${i}.pdf` }, now)
    expect(() =>
      addAttachment(db, files, draft.localId, { bytes: PDF_BYTES, fileName: 'f4.pdf' }, now),
    ).toThrow(/at most 3 attachments/)
    const other = insertDraft(db, validDraft(), { now })
    expect(() =>
      addAttachment(
        db,
        files,
        other.localId,
        { bytes: new Uint8Array([0x4d, 0x5a, 0, 0]), fileName: 'evil.pdf' },
        now,
      ),
    ).toThrow(AttachmentRefusedError)
  })
})

describe('queueUpdate', () => {
  it('replaces a create that was never sent instead of adding an update', () => {
    const { db } = tempStore()
    const queued = tryDraftAndQueue(db, validDraft(), { now })
    if (!queued.ok) throw new Error(queued.message)
    const result = queueUpdateWith(
      db,
      queued.report.localId,
      validDraft({ fraudType: 'money_mule' }),
      {
        now: now + 1,
      },
    )
    expect(result.ok).toBe(true)
    const chain = chainOperations(db, queued.report.localId)
    expect(chain.map((op) => op.kind)).toEqual(['create_report'])
    expect((chain[0]?.payload as { input: { fraudType: string } }).input.fraudType).toBe(
      'money_mule',
    )
  })

  it('freezes the create once it has been sent: the change becomes an update after it', () => {
    const { db } = tempStore()
    const queued = tryDraftAndQueue(db, validDraft(), { now })
    if (!queued.ok) throw new Error(queued.message)
    const create = queued.operations[0]!
    claimForSending(db, create.id, now + 1)
    const result = queueUpdateWith(
      db,
      queued.report.localId,
      validDraft({ fraudReason: `${REASON} Update: a second transfer was found.` }),
      { now: now + 2 },
    )
    expect(result.ok).toBe(true)
    expect(chainOperations(db, queued.report.localId).map((op) => [op.kind, op.state])).toEqual([
      ['create_report', 'sending'],
      ['update_report', 'queued'],
    ])
  })

  it('takes a registry id it has never seen (a submission made elsewhere)', () => {
    const { db } = tempStore()
    const result = queueUpdateWith(db, 'rep_remote_1', validDraft(), { now })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.report).toMatchObject({ registryId: 'rep_remote_1', status: 'submitted' })
    expect(result.operations.map((op) => op.kind)).toEqual(['update_report'])
  })

  it('refuses an update after an unlist', () => {
    const { db } = tempStore()
    expect(queueUnlistWith(db, 'rep_remote_2', { now }).ok).toBe(true)
    const result = queueUpdateWith(db, 'rep_remote_2', validDraft(), { now })
    expect(result.ok ? '' : result.message).toMatch(/unlisted; the registry does not take updates/)
  })
})

describe('discard and edit', () => {
  it('discarding a queued create puts the report back to draft with its text kept', () => {
    const { db } = tempStore()
    const queued = tryDraftAndQueue(db, validDraft(), { now })
    if (!queued.ok) throw new Error(queued.message)
    dropOperation(db, queued.operations[0]!.id, now + 1)
    const report = loadReport(db, queued.report.localId)
    expect(report.status).toBe('draft')
    expect(report.draft.fraudReason).toBe(REASON)
    expect(pendingCount(db)).toBe(0)
  })

  it('discarding an operation discards what depends on it in the chain', () => {
    const { db } = tempStore()
    const queued = tryDraftAndQueue(db, validDraft(), { now })
    if (!queued.ok) throw new Error(queued.message)
    claimForSending(db, queued.operations[0]!.id, now)
    markDone(db, queued.operations[0]!.id, { id: 'r1' }, now)
    const update = queueUpdateWith(db, queued.report.localId, validDraft({ fraudType: 'theft' }), {
      now,
    })
    const unlist = queueUnlistWith(db, queued.report.localId, { now })
    expect(update.ok && unlist.ok).toBe(true)
    if (!update.ok) return
    const discarded = dropOperation(db, update.operations[0]!.id, now)
    expect(discarded.map((op) => [op.kind, op.state])).toEqual([
      ['update_report', 'cancelled'],
      ['unlist_report', 'cancelled'],
    ])
  })

  it('edit and requeue replaces the content of a refused create and puts it back in the queue', () => {
    const { db } = tempStore()
    const queued = tryDraftAndQueue(db, validDraft(), { now })
    if (!queued.ok) throw new Error(queued.message)
    const id = queued.operations[0]!.id
    db.prepare(
      "UPDATE operations SET state = 'needs_attention', last_error_json = '{}' WHERE id = ?",
    ).run(id)
    expect(requeueEdited(db, id, validDraft({ fraudReason: 'short' }), { now }).ok).toBe(false)
    const result = requeueEdited(db, id, validDraft({ fraudType: 'hacker' }), { now })
    expect(result.ok).toBe(true)
    expect(chainOperations(db, queued.report.localId)[0]).toMatchObject({
      state: 'queued',
      lastError: null,
    })
  })
})
