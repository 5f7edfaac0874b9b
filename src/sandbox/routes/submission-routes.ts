import type { FastifyInstance } from 'fastify'
import { SandboxError, success } from '../envelope'
import { faultPlanOf } from '../fault-hooks'
import { getOwnReport, listOwnReports } from '../report-repository'
import { reportRecordView } from '../report-views'
import { callerOf, reportNotFound } from '../request-body'
import type { SandboxContext } from '../sandbox-context'

export const DEFAULT_PAGE_LIMIT = 10
export const MAX_PAGE_LIMIT = 100

/** Reads a positive whole-number query parameter; 400 saying the allowed range otherwise. */
export function readPagingParameter(
  name: 'page' | 'limit',
  raw: unknown,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined || raw === '') return fallback
  const text = Array.isArray(raw) ? raw[0] : raw
  const value = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new SandboxError(
      400,
      max === Number.MAX_SAFE_INTEGER
        ? `${name} must be a whole number from 1 up; got ${JSON.stringify(text)}.`
        : `${name} must be a whole number from 1 to ${max}; got ${JSON.stringify(text)}.`,
    )
  return value
}

type IdParams = { Params: { id: string } }
type PagingQuery = { Querystring: { page?: string; limit?: string } }

/** 4.4 list, 4.5 fetch and 4.6 decode: the organization's own submissions. */
export function registerSubmissionRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get<PagingQuery>(
    '/api/v1/external/reports/submissions',
    { config: { sandboxRoute: 'submissions', requiresApiKey: true } },
    async (request) => {
      const page = readPagingParameter('page', request.query.page, 1)
      const asked = readPagingParameter(
        'limit',
        request.query.limit,
        DEFAULT_PAGE_LIMIT,
        MAX_PAGE_LIMIT,
      )
      const list = faultPlanOf(request)?.list
      if (list?.oldestFirst) context.faults.count('oldest_first')
      if (list?.shift) context.faults.count('shift_pages')
      const limit = Math.min(asked, list?.maxLimit ?? asked)
      if (limit < asked) context.faults.count('page_limit')
      const { reports, total } = listOwnReports(context.db, callerOf(request).id, page, limit, list)
      return success('Successfully fetched reports', {
        data: reports.map((report) => reportRecordView(report, 'list')),
        meta: { total, page, limit },
      })
    },
  )

  app.get<IdParams>(
    '/api/v1/external/reports/submissions/:id',
    { config: { sandboxRoute: 'submission', requiresApiKey: true } },
    async (request) => {
      const report = getOwnReport(context.db, callerOf(request).id, request.params.id)
      if (!report) throw reportNotFound(request.params.id)
      return success('Successfully fetched report', { report: reportRecordView(report, 'masked') })
    },
  )

  app.get<IdParams>(
    '/api/v1/external/reports/submissions/:id/decode',
    { config: { sandboxRoute: 'decode', requiresApiKey: true } },
    async (request) => {
      const report = getOwnReport(context.db, callerOf(request).id, request.params.id)
      if (!report) throw reportNotFound(request.params.id)
      return success('Successfully decoded report', { report: reportRecordView(report, 'full') })
    },
  )
}
