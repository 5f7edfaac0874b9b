import Database from 'better-sqlite3-multiple-ciphers'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import { bulkCsv, bulkRowCells } from '../../../src/core/sync/bulk-file-of-reports'
import { importBulkFile } from '../../../src/core/spreadsheet/bulk-file-import'
import { chainOperations, listOperations } from '../../../src/core/outbox/outbox-repository'
import {
  openTestCore,
  submissionsWithReason,
  testFolderKey,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { applyKey } from '../../../src/core/store/open-database'
import { PDF_BYTES } from '../../support/temp-store'
import { DATABASE_FILE } from '../../../src/core/open-core'
import { draftToPayload } from '../../../src/core/outbox/queue-checks'
import { ROWS_PER_INSERT } from '../../../src/core/outbox/queue-checked-reports'
import { reportFingerprint } from '../../../src/shared/domain/fingerprint'
import * as Banks from '../../../src/core/banks/banks'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

const registry = useSandbox()

const HEADER = 'fraud_type,fraud_reason,account_number_1,bank_1,phone,attachment_1'
const line = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')

async function coreWithBanks() {
  const core = openTestCore(registry.sandbox, { key: () => registry.key })
  await Banks.refreshBanks(core)
  return core
}

describe('importing a spreadsheet into the outbox', () => {
  it('queues valid rows, rejects bad ones with row and column, skips empty ones: every row accounted for', async () => {
    const core = await coreWithBanks()
    const good = uniqueReason('import-good')
    writeFileSync(join(core.dataDir, 'evidence.pdf'), PDF_BYTES)
    const file = join(core.dataDir, 'cases.csv')
    writeFileSync(
      file,
      [
        HEADER,
        line(['money_mule', good, '0123456789', 'Access Bank', '0803 123 4567', 'evidence.pdf']),
        line(['pyramid', uniqueReason('bad-type'), '0123456789', 'access-bank', '', '']),
        ',,,,,',
        line(['theft', 'too short', '', '', '08031234567', '']),
        line(['money_mule', good, '0123456789', 'access-bank', '08031234567', 'evidence.pdf']), // same report as row 2
        line(['hacker', uniqueReason('missing-file'), '', '', '08031234567', 'nowhere.pdf']),
      ].join('\n'),
    )
    const dry = await importSpreadsheet(core, { path: file }, { dryRun: true })
    expect(dry.mode).toBe('dry-run')
    expect(Outbox.outbox(core).pending).toBe(0)
    // The dry run checks the files as the import does, and names the ones each row would upload.
    expect(dry.queued).toEqual([
      {
        rowNumber: 2,
        localId: null,
        files: [
          {
            column: 'attachment_1',
            path: 'evidence.pdf',
            size: PDF_BYTES.length,
            type: 'application/pdf',
          },
        ],
      },
    ])
    expect(dry.rejected.map((r) => r.rowNumber)).toEqual([3, 5, 6, 7])

    const outcome = await importSpreadsheet(core, { path: file })
    expect(outcome.totals).toEqual({ dataRows: 6, queued: 1, rejected: 4, skippedEmpty: 1 })
    expect(outcome.queued[0]).toMatchObject({ rowNumber: 2, localId: expect.any(String) })
    const byRow = new Map(outcome.rejected.map((r) => [r.rowNumber, r]))
    expect(byRow.get(3)?.errors[0]).toMatchObject({
      column: 'fraud_type',
      message: expect.stringMatching(/pyramid/),
    })
    expect(byRow.get(5)?.errors.map((e) => e.column)).toContain('fraud_reason')
    expect(byRow.get(6)).toMatchObject({ reason: 'duplicate_in_file' })
    expect(byRow.get(7)?.errors[0]).toMatchObject({
      column: 'attachment_1',
      cell: 'F7',
      message: expect.stringMatching(/no such file in the spreadsheet's folder/),
    })
    expect(outcome.skippedEmptyRows).toEqual([4])

    // Imported again: the queued report is recognised, not queued twice.
    const again = await importSpreadsheet(core, { path: file })
    expect(again.rejected.find((r) => r.rowNumber === 2)).toMatchObject({
      reason: 'already_queued',
    })

    await core.engine.runUntilIdle()
    expect(await submissionsWithReason(registry.sandbox, registry.key, good)).toHaveLength(1)
    await core.close()
  })

  it('rows queued in batches carry the payload and fingerprint that queueing one by one builds', async () => {
    const core = await coreWithBanks()
    const file = join(core.dataDir, 'links.csv')
    writeFileSync(
      file,
      [
        HEADER,
        line([
          'money_mule',
          uniqueReason('batch-a'),
          '0123456789',
          'Access Bank',
          '0803 123 4567',
          '',
        ]),
        line([
          'theft',
          uniqueReason('batch-b'),
          '',
          '',
          '+234 803 765 4321',
          'https://files.example.com/b.pdf',
        ]),
      ].join('\n'),
    )
    const outcome = await importSpreadsheet(core, { path: file })
    expect(outcome.totals).toMatchObject({ queued: 2, rejected: 0 })
    const slugs = new Set(Banks.banks(core).map((b) => b.slug))
    for (const { localId } of outcome.queued) {
      const report = Drafts.getReport(core, localId!)
      expect(report).toMatchObject({ status: 'queued', origin: 'import' })
      const built = draftToPayload(report.draft, slugs)
      if (!built.ok) throw new Error(built.message)
      const [create, ...rest] = chainOperations(core.db, localId!)
      expect(rest).toEqual([])
      expect(create).toMatchObject({ kind: 'create_report', seq: 1, state: 'queued' })
      expect(create?.payload).toEqual(built.payload)
      const row = core.db
        .prepare('SELECT fingerprint FROM reports WHERE local_id = ?')
        .get(localId) as { fingerprint: string }
      expect(row.fingerprint).toBe(reportFingerprint(built.payload.input))
    }
    expect(Drafts.getReport(core, outcome.queued[1]!.localId!).draft.attachmentUrls).toEqual([
      'https://files.example.com/b.pdf',
    ])
    await core.close()
  })

  it('rows queued many to a statement each get their own report and create, in row order', async () => {
    const core = await coreWithBanks()
    const file = join(core.dataDir, 'chunks.csv')
    // Two full statements of ROWS_PER_INSERT and a shorter last one.
    const count = ROWS_PER_INSERT * 2 + 23
    const reason = uniqueReason('chunk')
    const reasonOf = (i: number) => `${reason} row ${i}`
    writeFileSync(
      file,
      [
        HEADER,
        ...Array.from({ length: count }, (_, i) =>
          line(['money_mule', reasonOf(i), String(1_200_000_000 + i), 'gtbank', '', '']),
        ),
      ].join('\n'),
    )
    const outcome = await importSpreadsheet(core, { path: file })
    expect(outcome.totals).toMatchObject({ queued: count, rejected: 0 })
    const operationIds: number[] = []
    for (const { rowNumber, localId } of outcome.queued) {
      const i = rowNumber - 2
      const report = Drafts.getReport(core, localId!)
      expect(report.draft.fraudReason).toBe(reasonOf(i))
      expect(report.draft.identifiers).toEqual([
        { label: 'account', value: `${1_200_000_000 + i}_gtbank` },
      ])
      const [create, ...rest] = chainOperations(core.db, localId!)
      expect(rest).toEqual([])
      expect(create?.payload).toMatchObject({ input: { fraudReason: reasonOf(i) } })
      operationIds.push(create!.id)
    }
    // The outbox sends in the order of the file.
    expect(operationIds).toEqual([...operationIds].sort((a, b) => a - b))
    await core.close()
  })

  it('says a batch is queued only once it is committed, batch by batch', async () => {
    const core = await coreWithBanks()
    const file = join(core.dataDir, 'many.csv')
    const rows = Array.from({ length: 6001 }, (_, i) =>
      line([
        'money_mule',
        `${uniqueReason('many')} number ${i}`,
        String(1_000_000_000 + i),
        'gtbank',
        '',
        '',
      ]),
    )
    writeFileSync(file, [HEADER, ...rows].join('\n'))
    // Another connection sees only what is committed.
    const reader = new Database(join(core.dataDir, DATABASE_FILE), { readonly: true })
    applyKey(reader, testFolderKey(core.dataDir))
    const committed = () =>
      (reader.prepare('SELECT count(*) AS n FROM operations').get() as { n: number }).n
    const said: { queued: number; committed: number }[] = []
    const outcome = await importSpreadsheet(
      core,
      { path: file },
      {
        onProgress: (progress) => {
          if (progress.queued !== undefined)
            said.push({ queued: progress.queued, committed: committed() })
        },
      },
    )
    expect(outcome.totals).toMatchObject({ queued: 6001, rejected: 0 })
    expect(said.length).toBeGreaterThan(1)
    for (const { queued, committed: n } of said) expect(n).toBeGreaterThanOrEqual(queued)
    expect(said.at(-1)?.queued).toBe(6001)
    expect(said.map((s) => s.queued)).toEqual([...said.map((s) => s.queued)].sort((a, b) => a - b))
    reader.close()
    await core.close()
  })

  it('the bulk file written for the registry reads back as the same reports', async () => {
    const input = {
      fraudType: 'romance_fraud' as const,
      fraudReason: uniqueReason('roundtrip'),
      identifiers: [
        { label: 'account' as const, value: '0123456789_access-bank' },
        { label: 'phone' as const, value: '+2348031234567' },
        { label: 'phone' as const, value: '08039876543' },
        { label: 'email' as const, value: 'a@example.com' },
      ],
      attachments: ['https://files.example.com/a.pdf'],
      showUploaderInfo: true,
    }
    const row = bulkRowCells(input)
    if (!row.ok) throw new Error(row.message)
    const read = await importBulkFile({ bytes: new TextEncoder().encode(bulkCsv([row.cells])) })
    expect(read.rejected).toEqual([])
    const { attachments: _links, ...rest } = input
    // +2348031234567 comes back as the one form Casefile stores phones in.
    expect(read.accepted[0]?.input).toMatchObject({
      ...rest,
      identifiers: rest.identifiers.map((i) =>
        i.value === '+2348031234567' ? { ...i, value: '08031234567' } : i,
      ),
    })
    expect(read.accepted[0]?.attachments).toEqual(input.attachments)
  })
})

describe('sending as a bulk upload', () => {
  /**
   * Imports while the bank list cannot be fetched (503): slugs then pass for the registry to
   * check, so a slug it does not know reaches it and is refused there (the path under test).
   */
  async function withoutBankList<T>(work: () => Promise<T>): Promise<T> {
    registry.sandbox.setFaults([{ kind: 'error', status: 503, route: 'banks' }])
    try {
      return await work()
    } finally {
      registry.sandbox.clearFaults()
    }
  }

  function bulkFile(dir: string, reasons: string[], bad: string): string {
    const file = join(dir, 'bulk.csv')
    const rows = reasons.map((reason, i) =>
      line(['money_mule', reason, String(1_000_000_000 + i), 'gtbank', '', '']),
    )
    // Valid for the client, refused by the registry: its bank list does not know the bank.
    rows.push(line(['theft', bad, '0123456789', 'no-such-bank', '', '']))
    writeFileSync(file, [HEADER, ...rows].join('\n'))
    return file
  }

  it('one bulk operation; created rows take their registry ids, refused rows come back editable with the reason', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const reasons = [uniqueReason('bulk-1'), uniqueReason('bulk-2'), uniqueReason('bulk-3')]
    const bad = uniqueReason('bulk-bad')
    const outcome = await withoutBankList(() =>
      importSpreadsheet(core, { path: bulkFile(core.dataDir, reasons, bad) }, { asBulk: true }),
    )
    expect(outcome).toMatchObject({ mode: 'bulk', totals: { queued: 4, rejected: 0 } })
    expect(outcome.bulkOperationIds).toHaveLength(1)
    await core.engine.runOnce()

    for (const reason of reasons)
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    const refusedRow = outcome.queued.find((q) => q.rowNumber === 5)!
    const [create] = chainOperations(core.db, refusedRow.localId!)
    expect(create).toMatchObject({
      kind: 'create_report',
      state: 'needs_attention',
      lastError: { message: expect.stringMatching(/^Row 5 of .*bulk\.csv: .*no-such-bank/) },
    })
    for (const row of outcome.queued.filter((q) => q.rowNumber !== 5))
      expect(Drafts.getReport(core, row.localId!)).toMatchObject({
        status: 'submitted',
        registryId: expect.any(String),
      })

    // Fixed by the user and sent on its own.
    const fixed = Outbox.editAndRequeue(core, create!.id, {
      fraudType: 'theft',
      fraudReason: bad,
      identifiers: [{ label: 'account', value: '0123456789_gtbank' }],
    })
    expect(fixed.ok).toBe(true)
    await core.engine.runUntilIdle()
    expect(await submissionsWithReason(registry.sandbox, registry.key, bad)).toHaveLength(1)
    expect(Outbox.outbox(core).pending).toBe(0)
    await core.close()
  })

  it('a bulk whose answer was lost is reconciled, never sent twice', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const reasons = [uniqueReason('lost-1'), uniqueReason('lost-2')]
    const outcome = await withoutBankList(() =>
      importSpreadsheet(
        core,
        { path: bulkFile(core.dataDir, reasons, uniqueReason('lost-bad')) },
        { asBulk: true },
      ),
    )
    registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: 'bulk', count: 1 }])
    await core.engine.runOnce()
    const [bulk] = listOperations(core.db, { states: ['waiting_retry'] })
    expect(bulk).toMatchObject({ kind: 'bulk_upload', outcomeUnknown: true })
    registry.sandbox.clearFaults()
    await core.engine.runUntilIdle()
    for (const reason of reasons)
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    for (const row of outcome.queued.filter((q) => q.rowNumber < 4))
      expect(Drafts.getReport(core, row.localId!).status).toBe('submitted')
    // The row the registry refused was not "lost": it is waiting for the user.
    expect(Outbox.outbox(core).counts.needs_attention).toBe(1)
    await core.close()
  })

  it('discarding a bulk upload gives its rows back as drafts', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const outcome = await importSpreadsheet(
      core,
      { path: bulkFile(core.dataDir, [uniqueReason('discard')], uniqueReason('discard-bad')) },
      { asBulk: true },
    )
    Outbox.discardOperation(core, outcome.bulkOperationIds[0]!)
    for (const row of outcome.queued)
      expect(Drafts.getReport(core, row.localId!).status).toBe('draft')
    await core.close()
  })
})
