import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FeatureHandlers } from '../core-context'
import {
  BULK_TEMPLATE_CSV,
  BULK_TEMPLATE_XLSX,
  bulkTemplateCsv,
  writeBulkTemplateXlsx,
  exportRejectedRows,
} from '../spreadsheet/index'
import { importSpreadsheet, type ImportOutcome } from './import-spreadsheet'
import { importOutcomeView } from './import-view'

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

/** The import's slice of the contract: the template, the preview, the queue and the rows to fix. */
export const importHandlers: FeatureHandlers<
  'bulkTemplate' | 'bulkPreview' | 'bulkQueue' | 'bulkRejectedRows'
> = (core) => {
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
  }
}
