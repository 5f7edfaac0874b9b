import type { FastifyInstance } from 'fastify'
import { SandboxError, success } from '../envelope'
import { faultPlanOf } from '../fault-hooks'
import {
  LISTING_STATUS_LISTED,
  createReport,
  getOwnReport,
  newestOtherReport,
  replaceReport,
  unlistReport,
} from '../report-repository'
import { createdReportView } from '../report-views'
import { callerOf, parseReportBody, reportNotFound } from '../request-body'
import type { SandboxContext } from '../sandbox-context'

type IdParams = { Params: { id: string } }

/** 4.1 create, 4.2 update and 4.8 unlist: the routes that write a report. */
export function registerReportRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    '/api/v1/external/reports',
    { config: { sandboxRoute: 'create', requiresApiKey: true } },
    async (request, reply) => {
      const input = parseReportBody(context, request.body)
      const caller = callerOf(request)
      const report = createReport(context.db, caller, input, context.now())
      // A fault (wrong_report) answers with another report of the organization than the one filed.
      const wrong = faultPlanOf(request)?.wrongReport
      let answer = report
      if (wrong) {
        context.faults.count('wrong_report')
        const other = wrong.reportId
          ? getOwnReport(context.db, caller.id, wrong.reportId)
          : newestOtherReport(context.db, caller.id, report.id)
        answer = other ?? { ...report, id: wrong.reportId ?? report.id }
      }
      return reply
        .code(201)
        .send(success('Fraud report created successfully', createdReportView(answer)))
    },
  )

  app.put<IdParams>(
    '/api/v1/external/reports/:id',
    { config: { sandboxRoute: 'update', requiresApiKey: true } },
    async (request) => {
      const caller = callerOf(request)
      const input = parseReportBody(context, request.body)
      const existing = getOwnReport(context.db, caller.id, request.params.id)
      if (!existing) throw reportNotFound(request.params.id)
      if (existing.listingStatus !== LISTING_STATUS_LISTED)
        throw new SandboxError(
          409,
          `Report ${existing.id} is ${existing.listingStatus} (since ${existing.exitedListAt}) and can no longer be updated: file a new report instead.`,
        )
      const report = replaceReport(context.db, caller.id, existing.id, input, context.now())
      return success('Fraud report updated successfully', createdReportView(report))
    },
  )

  app.put<IdParams>(
    '/api/v1/external/reports/:id/unlist',
    { config: { sandboxRoute: 'unlist', requiresApiKey: true } },
    async (request) => {
      const caller = callerOf(request)
      const existing = getOwnReport(context.db, caller.id, request.params.id)
      if (!existing) throw reportNotFound(request.params.id)
      if (existing.listingStatus !== LISTING_STATUS_LISTED)
        // Unlisting twice is not an error, so a client may safely resend an unlist whose answer it lost.
        return success('Fraud report was already unlisted', {})
      unlistReport(context.db, caller.id, existing.id, context.now())
      return success('Fraud report unlisted successfully', {})
    },
  )
}
