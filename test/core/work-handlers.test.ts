import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { workContract } from '../../src/shared/contracts/work'
import { createWorkHandlers, type WorkHandlers } from '../../src/core/work-handlers'
import type { Core } from '../../src/core/open-core'
import type { RunningSandbox } from '../../src/sandbox'
import {
  closedPortUrl,
  openTestCore,
  startTestSandbox,
  uniqueReason,
} from '../support/core-with-sandbox'
import { PDF_BYTES } from '../support/temp-store'

/* Every work handler against a real core and sandbox; every answer must parse with its channel's output schema. */

let sandbox: RunningSandbox
let core: Core
let handlers: WorkHandlers
beforeAll(async () => {
  sandbox = await startTestSandbox()
  const key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key })
  handlers = createWorkHandlers(() => core)
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

type M = keyof typeof workContract
async function call<K extends M>(
  method: K,
  input: z.input<(typeof workContract)[K]['input']>,
): Promise<z.output<(typeof workContract)[K]['output']>> {
  const spec = workContract[method]
  const parsedInput = spec.input.parse(input)
  const result = await (handlers[method] as (i: unknown) => unknown)(parsedInput)
  return spec.output.parse(result) as z.output<(typeof workContract)[K]['output']>
}

describe('work handlers', () => {
  it('the whole desk: draft, attach, queue, sync, search, submissions, update, unlist, log', async () => {
    expect((await call('banksRefresh', undefined)).banks.length).toBeGreaterThanOrEqual(25)
    const reason = uniqueReason('handlers')
    const draft = await call('draftCreate', { fraudType: 'romance_fraud' })
    expect(draft.status).toBe('draft')
    const attached = await call('attachmentAdd', {
      localId: draft.localId,
      fileName: 'chat.pdf',
      bytes: PDF_BYTES,
    })
    expect(attached.ok).toBe(true)
    const refused = await call('attachmentAdd', {
      localId: draft.localId,
      fileName: 'tool.exe',
      bytes: new Uint8Array([0x4d, 0x5a, 1, 2]),
    })
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a file type the registry takes/),
    })
    const saved = await call('draftSave', {
      localId: draft.localId,
      draft: {
        fraudType: 'romance_fraud',
        fraudReason: reason,
        identifiers: [{ label: 'account', value: '0123456789_gtbank' }],
        attachmentIds: attached.ok ? [attached.attachment.id] : [],
      },
    })
    expect(saved.attachments).toHaveLength(1)
    const queued = await call('reportQueue', { localId: draft.localId })
    expect(queued.ok).toBe(true)
    const outbox = await call('outboxList', undefined)
    expect(outbox.pending).toBe(2)
    // Accounts read as number and bank name, from the cached bank list.
    expect(outbox.operations[0]?.reportTitle).toMatch(
      /^Romance fraud · 0123456789 · Guaranty Trust/,
    )
    // Asked for the counts alone (the status bar while the Outbox is not open): no items.
    expect(await call('outboxList', { operations: false })).toEqual({
      ...outbox,
      operations: [],
    })
    expect((await call('syncNow', undefined)).sent).toBe(2)

    const online = await call('searchRun', { identifier: 'account', value: '0123456789_gtbank' })
    expect(online.source).toBe('online')
    const registryId = online.reports.find((r) => r.fraudReason === reason)?.id
    expect(registryId).toBeTruthy()
    await call('submissionsRefresh', { full: true })
    const page = await call('submissionsList', { offset: 0, limit: 10, fraudType: 'romance_fraud' })
    expect(page.rows.map((r) => r.id)).toContain(registryId)
    const plain = await call('submissionGet', { id: registryId!, decoded: false })
    const decoded = await call('submissionGet', { id: registryId!, decoded: true })
    expect(plain.source).toBe('online')
    expect(decoded.record?.identifiers?.[0]?.value).toBe('0123456789_gtbank')
    expect((await call('searchReasons', { text: 'tricked phone' })).hits.length).toBeGreaterThan(0)

    const update = await call('reportUpdate', {
      localOrRegistryId: registryId!,
      draft: { ...saved.draft, fraudType: 'identity_theft' },
    })
    expect(update.ok && update.operations.map((o) => o.kind)).toEqual(['update_report'])
    expect((await call('reportUnlist', { localOrRegistryId: registryId! })).ok).toBe(true)
    await call('syncNow', undefined)
    expect((await call('outboxList', undefined)).pending).toBe(0)
    const log = await call('exchangeLog', { limit: 50 })
    expect(
      log.some((entry) => entry.endpoint.startsWith('PUT /api/v1/external/reports/{id}/unlist')),
    ).toBe(true)
  })

  it("gives a record to hold an update's files only for the organization's own reports", async () => {
    // A renderer cannot make records for ids it invents, nor for another organization's reports.
    expect(await call('reportEditTarget', { registryId: 'invented-by-the-renderer' })).toBeNull()
    const page = await call('submissionsList', { offset: 0, limit: 1 })
    const own = page.rows[0]!.id
    const target = await call('reportEditTarget', { registryId: own })
    expect(target).toMatchObject({ registryId: own })
    expect((await call('reportEditTarget', { registryId: own }))?.localId).toBe(target?.localId)
  })

  it('a refusal comes back as a result with per-field issues; a draft can be discarded', async () => {
    const draft = await call('draftCreate', { fraudType: 'theft', fraudReason: 'short' })
    const refused = await call('reportQueue', { localId: draft.localId })
    expect(refused).toMatchObject({
      ok: false,
      issues: expect.arrayContaining([expect.objectContaining({ path: 'fraudReason' })]),
    })
    await call('draftDiscard', { localId: draft.localId })
    expect((await call('draftList', { status: 'draft' })).map((d) => d.localId)).not.toContain(
      draft.localId,
    )
  })

  it('reads a submission from the cache, and says so, when the registry is down', async () => {
    const page = await call('submissionsList', { offset: 0, limit: 1 })
    const id = page.rows[0]!.id
    const down = await closedPortUrl()
    const offlineCore = openTestCore(sandbox, {
      dataDir: core.dataDir,
      key: () => 'k',
      connection: { baseUrl: down, uploadUrl: down },
    })
    const offline = createWorkHandlers(() => offlineCore)
    const answer = workContract.submissionGet.output.parse(
      await offline.submissionGet({ id, decoded: true }),
    )
    expect(answer).toMatchObject({
      source: 'cache',
      record: { id },
      message: expect.stringMatching(/saved on this computer/),
    })
    await offlineCore.close()
  })
})

describe('bulk import over the contract', () => {
  it('hands out the template, previews a spreadsheet without queueing, then queues its valid rows', async () => {
    const template = await call('bulkTemplate', { format: 'xlsx' })
    expect(template.fileName).toBe('casefile-bulk-template.xlsx')
    expect(Buffer.from(template.base64, 'base64').subarray(0, 2).toString()).toBe('PK')
    const csv = (await call('bulkTemplate', { format: 'csv' })).base64
    expect(Buffer.from(csv, 'base64').toString()).toMatch(/fraud_type,fraud_reason/)

    const sheet = new TextEncoder().encode(
      `fraud_type,fraud_reason,phone,attachment_1\nhacker,${uniqueReason('bulk-ui')},08031234567,\ntheft,short,1,\nmoney_mule,${uniqueReason('bulk-ui-path')},08031234567,evidence/chat.pdf\n`,
    )
    const pending = (await call('outboxList', undefined)).pending
    const preview = await call('bulkPreview', { fileName: 'cases.csv', bytes: sheet })
    // The preview runs every check the import runs: the row with a file path is refused here too.
    expect(preview).toMatchObject({
      mode: 'dry-run',
      totals: { dataRows: 3, queued: 1, rejected: 2 },
    })
    expect(preview.rejected.find((r) => r.rowNumber === 4)?.errors[0]?.message).toMatch(
      /can only carry links/,
    )
    expect((await call('outboxList', undefined)).pending).toBe(pending)

    const queued = await call('bulkQueue', { fileName: 'cases.csv', bytes: sheet })
    expect(queued.totals).toEqual({ dataRows: 3, queued: 1, rejected: 2, skippedEmpty: 0 })
    // Counted, not listed: the window gets no entry per row (a 50,000-row import's list held up
    // the main process); only rows that upload files from this computer would be listed.
    expect(queued.queued).toEqual([])
    expect(queued.rejected.find((r) => r.rowNumber === 4)?.errors[0]?.message).toMatch(
      /can only carry links/,
    )
    expect(JSON.stringify(queued.rejected)).not.toMatch(/casefile import/)
    expect((await call('outboxList', undefined)).pending).toBe(pending + 1)
  })
})
