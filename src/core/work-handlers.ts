import { FRAUD_TYPE_LABELS, type FraudType } from '../shared/domain/fraud-types'
import { reportRecordSchema, type ReportRecord } from '../shared/domain/responses'
import { displayIdentifierValue } from '../shared/domain/identifiers'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {
  LocalReportView,
  OperationView,
  QueueResultView,
  WorkHandlers,
} from '../shared/contract-work'
import { importSpreadsheet, type ImportOutcome } from './import/import-spreadsheet'
import { exportRejectedRows } from './spreadsheet/export'
import { Writable } from 'node:stream'
import { importOutcomeView } from './import/import-view'
import {
  BULK_TEMPLATE_CSV,
  BULK_TEMPLATE_XLSX,
  bulkTemplateCsv,
  writeBulkTemplateXlsx,
} from './spreadsheet/bulk-template-file'
import { AttachmentRefusedError } from './attachments/attachment-store'
import { attachmentHandlers } from './attachments/attachment-handlers'
import type { CasefileCore } from './casefile-core'
import type { LocalReport } from './drafts/draft'
import type { Operation } from './outbox/operations'
import { chainOperations } from './outbox/outbox-repository'
import type { QueueResult } from './outbox/queue-report'
import { isRegistryError } from './registry/registry-error'
import { upsertOwnSubmission } from './cache/reports-cache'
import { ownReportIds } from './cache/on-file'
import type { RegistryConnection } from './registry/registry-client'
import {
  checkConnection,
  DEFAULT_UPDATE_FEED_URL,
  formatConnectionReport,
} from './network/connection-check'
import type { NetworkSettings } from './network/registry-transport'

export type { WorkHandlers }

interface TitleContent {
  fraudType: string
  identifiers: readonly { label: string; value: string }[]
}

function titleOf(core: CasefileCore, content: TitleContent | null): string {
  if (!content) return 'Report'
  const type = FRAUD_TYPE_LABELS[content.fraudType as FraudType] ?? (content.fraudType || 'Report')
  const first = content.identifiers[0]
  return first
    ? `${type} · ${displayIdentifierValue(first.label, first.value, (slug) => core.bankName(slug))}`
    : type
}

/** The report content a create or an update carries (what it sends, or sent). */
function sentContent(op: Operation): TitleContent | null {
  if (op.kind !== 'create_report' && op.kind !== 'update_report') return null
  const input = (op.payload as { input?: Partial<TitleContent> } | null)?.input
  return input?.fraudType !== undefined
    ? { fraudType: input.fraudType, identifiers: input.identifiers ?? [] }
    : null
}

/**
 * What an operation is about, as it was when it was queued: a create or an update by its own
 * content; an upload by the create or update it goes with; an unlisting by the last content
 * sent or queued before it. Not the report's draft as it is now: an update queued later (and
 * discarded) would rename a create sent long before.
 */
function contentAt(
  core: CasefileCore,
  op: Operation,
  report: LocalReport | null,
): TitleContent | null {
  const own = sentContent(op)
  if (own) return own
  const chain = chainOperations(core.db, op.chainId).filter((o) => o.state !== 'cancelled')
  const carried =
    op.kind === 'upload_attachment'
      ? chain.find((o) => o.seq > op.seq && sentContent(o))
      : chain.filter((o) => o.seq < op.seq && sentContent(o)).at(-1)
  return (carried && sentContent(carried)) ?? report?.draft ?? null
}

/** An outbox operation as the window shows it, with a line that tells its report apart. */
export function toOperationView(core: CasefileCore, op: Operation): OperationView {
  const report = core.findReport(op.chainId)
  const note = op.kind === 'unlist_report' ? (op.payload as { note?: unknown } | null)?.note : null
  return {
    id: op.id,
    reportId: op.chainId,
    registryId: report?.registryId ?? null,
    reportTitle:
      op.kind === 'bulk_upload'
        ? `Bulk upload · ${(op.payload as { rows?: unknown[] } | null)?.rows?.length ?? 0} reports`
        : titleOf(core, contentAt(core, op, report)),
    ...(typeof note === 'string' && note ? { note } : {}),
    kind: op.kind,
    state: op.state,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    outcomeUnknown: op.outcomeUnknown,
    lastError: op.lastError
      ? {
          kind: op.lastError.kind,
          message: op.lastError.message,
          ...(op.lastError.status !== undefined ? { status: op.lastError.status } : {}),
        }
      : null,
    updatedAt: op.updatedAt,
  }
}

/** The XLSX template as bytes (the writer streams to a path). */
async function bulkTemplateXlsxBytes(): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-template-'))
  try {
    const path = join(dir, BULK_TEMPLATE_XLSX)
    await writeBulkTemplateXlsx({ path })
    return readFileSync(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** What the connection check needs of the running core's start: its registry, key and network. */
export interface ConnectionCheckSource {
  connection: RegistryConnection
  network: NetworkSettings
  getApiKey: () => Promise<string | undefined>
  timeoutMs?: number
}

export interface WorkHandlerOptions {
  /** The running core's connection, key and network settings, for Settings → Check connection. */
  connectionCheck?: () => ConnectionCheckSource
}

/**
 * The investigator's work as IPC handlers over the core, run by the core process
 * (src/core-process/casefile-app-core.ts): main forwards the window's calls to them, in the app
 * and in the web test harness alike, so the UI is tested against the real thing. `core()` is
 * read at each call: a core that stops or starts is swapped underneath.
 */
export function createWorkHandlers(
  core: () => CasefileCore,
  options: WorkHandlerOptions = {},
): WorkHandlers {
  const reportView = (report: LocalReport): LocalReportView => ({
    ...report,
    status: report.status,
    attachments: core()
      .listAttachments(report.localId)
      .map((a) => ({
        id: a.id,
        fileName: a.fileName,
        mimeType: a.mimeType,
        size: a.size,
        uploaded: a.url !== null,
      })),
  })

  const operationView = (op: Operation): OperationView => toOperationView(core(), op)

  const queueView = (result: QueueResult): QueueResultView =>
    result.ok
      ? {
          ok: true,
          report: reportView(result.report),
          operations: result.operations.map(operationView),
        }
      : result

  /** A record as the registry gave it, made to fit the list shape (the plain fetch's identifiers are of unspecified type). */
  const asRecord = (value: unknown): ReportRecord | null => {
    const parsed = reportRecordSchema.safeParse(value)
    if (parsed.success) return parsed.data
    const loose = reportRecordSchema.safeParse({ ...(value as object), identifiers: [] })
    return loose.success ? loose.data : null
  }

  /**
   * The last spreadsheet's rows that need fixing, with their cells, for bulkRejectedRows: what
   * the window shows keeps only counts and messages (import-view.ts). Rows already submitted,
   * already queued or repeated in the file are not problems, and rows a stop left out are only
   * to be imported again: none of them is kept.
   */
  let rowsToFix: {
    sourceName: string
    header: ImportOutcome['header']
    rejected: (ImportOutcome['rejected'][number] & { reason: 'invalid' })[]
  } | null = null
  const keepRowsToFix = (sourceName: string, outcome: ImportOutcome): ImportOutcome => {
    rowsToFix = {
      sourceName,
      header: outcome.header,
      rejected: outcome.rejected.flatMap((row) =>
        row.reason === 'invalid' ? [{ ...row, reason: 'invalid' as const }] : [],
      ),
    }
    return outcome
  }

  return {
    draftCreate: (input) => reportView(core().createDraft(input ?? {})),
    draftSave: ({ localId, draft }) => reportView(core().saveDraft(localId, draft)),
    draftGet: ({ localOrRegistryId }) => {
      const report = core().findReport(localOrRegistryId)
      return report ? reportView(report) : null
    },
    draftList: (input) =>
      core()
        .listReports(input?.status ? { status: input.status } : {})
        .map(reportView),
    draftDiscard: ({ localId }) => {
      core().discardDraft(localId)
      return null
    },
    attachmentAdd: ({ localId, fileName, bytes }) => {
      try {
        const a = core().addAttachment(localId, { bytes, fileName })
        return {
          ok: true,
          attachment: {
            id: a.id,
            fileName: a.fileName,
            mimeType: a.mimeType,
            size: a.size,
            uploaded: false,
          },
        }
      } catch (error) {
        if (error instanceof AttachmentRefusedError) return { ok: false, message: error.message }
        throw error
      }
    },
    attachmentRemove: ({ attachmentId }) => {
      core().removeAttachment(attachmentId)
      return null
    },
    reportQueue: ({ localId }) => queueView(core().queueReport(localId)),
    reportUpdate: ({ localOrRegistryId, draft }) =>
      queueView(core().queueUpdate(localOrRegistryId, draft)),
    // Only for a report this folder knows as the organization's own: a renderer cannot make
    // records for ids it invents.
    reportEditTarget: ({ registryId }) => {
      const known = core().findReport(registryId)
      if (known) return reportView(known)
      const cached = core().cachedReport(registryId)
      if (cached?.kind !== 'report' || !cached.own) return null
      return reportView(core().localRecordOf(registryId))
    },
    reportUnlist: ({ localOrRegistryId, note }) =>
      queueView(core().queueUnlist(localOrRegistryId, note ? { note } : {})),
    outboxList: () => {
      const outbox = core().outbox()
      return { ...outbox, operations: outbox.operations.map(operationView) }
    },
    outboxRetry: ({ operationId }) => operationView(core().retryNow(operationId)),
    outboxDiscard: ({ operationId }) => core().discardOperation(operationId).map(operationView),
    outboxEdit: ({ operationId, draft }) => queueView(core().editAndRequeue(operationId, draft)),
    syncNow: () => core().syncNow(),
    registryReachability: () => ({ ...core().reachability() }),
    outboxHistory: ({ state, from, to, limit }) =>
      core()
        .outboxHistory({ states: state ? [state] : ['done', 'cancelled'], from, to, limit })
        .map(operationView),
    searchRun: async ({ offline, ...query }) => {
      const answer = await core().search(query, { offline })
      // The organization's own reports among them: the window offers to open and update those.
      const own = ownReportIds(
        core().db,
        answer.reports.map((report) => report.id),
      )
      return { ...answer, ownIds: [...own] }
    },
    onFile: async ({ identifiers, online }) => ({
      results: await core().onFile(identifiers, { online }),
    }),
    searchReasons: ({ text, limit }) => ({ ...core().searchReasons(text, limit) }),
    submissionsList: (query) => {
      const { rows, total } = core().submissions(query)
      return { rows: rows.map((row) => row.record), total }
    },
    submissionsRefresh: async (input) => ({
      ...(await core().refreshSubmissions({ full: input?.full })),
    }),
    submissionGet: async ({ id, decoded }) => {
      try {
        const record = asRecord(
          decoded
            ? await core().client.decodeSubmission(id)
            : await core().client.getSubmission(id),
        )
        // The list reads the saved copy: what the registry just said of this report goes there
        // too, so the list and the detail say the same (unlisted by a colleague, updated). The
        // plain fetch masks identifiers: the saved ones are kept.
        if (record)
          upsertOwnSubmission(
            core().db,
            decoded ? record : { ...record, identifiers: undefined },
            Date.now(),
          )
        return { record, source: 'online', message: null }
      } catch (error) {
        if (
          !isRegistryError(error) ||
          !['offline', 'timeout', 'server', 'rate_limited'].includes(error.kind)
        )
          throw error
        const cached = core().cachedReport(id)
        return {
          record: cached ? asRecord(cached.record) : null,
          source: 'cache',
          message: `${error.message} Showing the copy saved on this computer.`,
        }
      }
    },
    banksList: () => ({ banks: core().banks(), refreshedAt: core().banksRefreshedAt() ?? null }),
    banksRefresh: async () => {
      await core().refreshBanks()
      return { banks: core().banks(), refreshedAt: core().banksRefreshedAt() ?? null }
    },
    bulkTemplate: async ({ format }) => {
      const fileName = format === 'xlsx' ? BULK_TEMPLATE_XLSX : BULK_TEMPLATE_CSV
      const bytes =
        format === 'xlsx'
          ? await bulkTemplateXlsxBytes()
          : new TextEncoder().encode(bulkTemplateCsv())
      return {
        fileName,
        mimeType:
          format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv',
        base64: Buffer.from(bytes).toString('base64'),
      }
    },
    bulkPreview: async ({ fileName, bytes }) =>
      importOutcomeView(
        keepRowsToFix(
          fileName,
          await importSpreadsheet(core(), { bytes }, { dryRun: true, sourceName: fileName }),
        ),
        { queuedRows: 'with-files' },
      ),
    bulkQueue: async ({ fileName, bytes, asBulk }) =>
      importOutcomeView(
        keepRowsToFix(
          fileName,
          await importSpreadsheet(core(), { bytes }, { asBulk, sourceName: fileName }),
        ),
        { queuedRows: 'with-files' },
      ),
    bulkRejectedRows: async ({ format }) => {
      const kept = rowsToFix
      if (!kept || kept.rejected.length === 0)
        return { suggestedName: `rows-to-fix.${format}`, rows: 0, base64: '' }
      const chunks: Buffer[] = []
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(Buffer.from(chunk))
          done()
        },
      })
      await exportRejectedRows(kept, sink, { format })
      const base = kept.sourceName.replace(/\.[^./\\]*$/, '') || 'rows'
      return {
        suggestedName: `${base}-to-fix.${format}`,
        rows: kept.rejected.length,
        base64: Buffer.concat(chunks).toString('base64'),
      }
    },
    exchangeLog: (input) =>
      core()
        .exchangeLog({ limit: input?.limit ?? 200 })
        .map((entry) => ({ ...entry })),
    // The doctor's checks, over the same registry, key, proxy and certificates the core sends with.
    connectionCheck: async () => {
      core()
      const source = options.connectionCheck?.()
      if (!source) throw new Error('This build of Casefile cannot check the connection.')
      const report = await checkConnection({ ...source, updateFeedUrl: DEFAULT_UPDATE_FEED_URL })
      return { ...report, text: formatConnectionReport(report) }
    },
    ...attachmentHandlers(core),
  }
}
