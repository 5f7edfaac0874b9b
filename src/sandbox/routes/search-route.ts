import type { FastifyInstance } from 'fastify'
import { searchInputSchema } from '../../shared/domain/search-input'
import { SandboxError, success } from '../envelope'
import { issueLines } from '../issue-lines'
import { searchPublicReports } from '../public-reports'
import { searchListedReports } from '../report-repository'
import { reportRecordView } from '../report-views'
import { isPlainObject } from '../request-body'
import type { SandboxContext } from '../sandbox-context'

/**
 * 4.3 search: exact match on identifier type and value, over the listed reports of every
 * organization (not only the caller's) and over the seeded public reports.
 */
export function registerSearchRoute(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    '/api/v1/external/reports/search',
    { config: { sandboxRoute: 'search', requiresApiKey: true } },
    async (request) => {
      if (!isPlainObject(request.body))
        throw new SandboxError(
          400,
          'The search body must be a JSON object {"identifier": "<type>", "value": "<value>"}, sent with Content-Type: application/json.',
        )
      const parsed = searchInputSchema.safeParse(request.body)
      if (!parsed.success)
        throw new SandboxError(400, `The search was not run:\n${issueLines(parsed.error)}`)
      const { identifier, value } = parsed.data
      const reports = searchListedReports(context.db, identifier, value)
      const publicReports = searchPublicReports(context.db, identifier, value)
      return success(
        reports.length + publicReports.length > 0 ? 'Reports found' : 'No reports found',
        {
          reports: reports.map((report) => reportRecordView(report, 'full')),
          publicReports,
        },
      )
    },
  )
}
