import type { FastifyRequest } from 'fastify'
import type { ReportInput } from '../shared/domain/report-input'
import { SandboxError } from './envelope'
import { issueLines } from './issue-lines'
import type { Organization } from './organizations'
import type { SandboxContext } from './sandbox-context'

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The real registry's own docs send showUploaderInfo as the string "true", so the sandbox
 * takes "true"/"false" as well as booleans; anything else is left for the schema to refuse.
 */
export function normalizeReportBody(body: Record<string, unknown>): Record<string, unknown> {
  const flag = body.showUploaderInfo
  if (flag === 'true' || flag === 'false') return { ...body, showUploaderInfo: flag === 'true' }
  return body
}

/** A create or update body checked with the shared schema; 400 naming each bad field otherwise. */
export function parseReportBody(context: SandboxContext, body: unknown): ReportInput {
  if (!isPlainObject(body))
    throw new SandboxError(
      400,
      'The body must be a JSON object with fraudType, fraudReason, identifiers, attachments and showUploaderInfo, sent with Content-Type: application/json.',
    )
  const result = context.reportInputSchema.safeParse(normalizeReportBody(body))
  if (!result.success)
    throw new SandboxError(400, `The report was not saved:\n${issueLines(result.error)}`)
  return result.data
}

/** The organization the auth hook found; the route must be marked requiresApiKey. */
export function callerOf(request: FastifyRequest): Organization {
  if (!request.organization)
    throw new Error(
      `Route ${request.routeOptions.url} reads the caller but is not marked requiresApiKey.`,
    )
  return request.organization
}

/** 404 for an unknown id and for another organization's report alike, so ids of others do not leak. */
export function reportNotFound(id: string): SandboxError {
  return new SandboxError(
    404,
    `Report ${JSON.stringify(id)} was not found among your organization's reports: check the id (it is the id create returned).`,
  )
}
