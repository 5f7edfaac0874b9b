import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { openCore } from '../../../src/core/open-core'
import { insertOperation } from '../../../src/core/outbox/operation-transitions'
import { pendingReportCount } from '../../../src/core/outbox/pending-reports'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
const REASON =
  'Pending reports test: the account received funds from several victims and moved them on.'

let core: Core | null = null
afterEach(async () => {
  await core?.close()
  core = null
})

function offlineCore() {
  core = openCore({
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-pending-')),
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
  return core
}

/*
 * "N pending" is what a person counts: reports with something still to send, not the outbox's
 * operations (a report with a file is an upload and a create).
 */
describe('pending reports', () => {
  it('counts a report with an attachment once, and a created-then-updated report once', () => {
    const c = offlineCore()
    const draft = Drafts.createDraft(c, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'one.report@example.com' }],
    })
    const file = Attachments.addAttachment(c, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement.pdf',
    })
    Drafts.saveDraft(c, draft.localId, { ...draft.draft, attachmentIds: [file.id] })
    const queued = Outbox.queueReport(c, draft.localId)
    expect(queued.ok && queued.operations.map((op) => op.kind)).toEqual([
      'upload_attachment',
      'create_report',
    ])
    expect(Outbox.outbox(c).pending).toBe(2)
    expect(pendingReportCount(c.db)).toBe(1)
    expect(Outbox.outbox(c).pendingReports).toBe(1)
    // An unlisting queued behind it is still the same report.
    insertOperation(c.db, { chainId: draft.localId, kind: 'unlist_report', payload: {}, now: 1 })
    expect(pendingReportCount(c.db)).toBe(1)
  })

  it('counts a bulk upload as its rows, and nothing once all is finished', () => {
    const c = offlineCore()
    const rows = Array.from({ length: 3 }, (_, i) => ({ localId: `row-${i}` }))
    const bulk = insertOperation(c.db, {
      chainId: 'bulk-1',
      kind: 'bulk_upload',
      payload: { rows },
      now: 1,
    })
    expect(pendingReportCount(c.db)).toBe(3)
    Outbox.discardOperation(c, bulk.id)
    expect(pendingReportCount(c.db)).toBe(0)
  })
})
