import type { FastifyInstance } from 'fastify'
import { MAX_BULK_BYTES, readBulkUpload } from '../bulk-upload'
import { success } from '../envelope'
import { receiveFilePart, receivedFile } from '../multipart-file'
import { createReports } from '../report-repository'
import { callerOf } from '../request-body'
import type { SandboxContext } from '../sandbox-context'
import { listBanks } from '../seed-banks'

/**
 * 4.7 bulk upload: the Casefile bulk template as CSV or XLSX in the part named `file`. Valid
 * rows become reports of the caller, all in one transaction; the others come back as
 * `failedUploads: [{row, reason}]`.
 */
export function registerBulkRoute(app: FastifyInstance, context: SandboxContext): void {
  const banks = listBanks(context.db)
  app.post(
    '/api/v1/external/reports/bulk',
    {
      config: { sandboxRoute: 'bulk', requiresApiKey: true },
      preValidation: receiveFilePart(MAX_BULK_BYTES),
    },
    async (request) => {
      const caller = callerOf(request)
      const { bytes } = receivedFile(request)
      const { inputs, failedUploads, warnings } = await readBulkUpload(context, banks, bytes)
      createReports(context.db, caller, inputs, context.now())
      const summary = `Bulk upload processed: ${inputs.length} report${inputs.length === 1 ? '' : 's'} created, ${failedUploads.length} row${failedUploads.length === 1 ? '' : 's'} failed.`
      return success([summary, ...warnings].join('\n'), { failedUploads })
    },
  )
}
