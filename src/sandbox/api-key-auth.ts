import type { FastifyInstance } from 'fastify'
import { SandboxError, sendFailure } from './envelope'
import { findOrganizationByKey, type Organization } from './organizations'
import type { SandboxDb } from './sandbox-db'

export const API_KEY_HEADER = 'x-api-key'

/**
 * Refuses, with 401, requests to endpoints 4.1–4.8 that carry no x-api-key or one no
 * organization holds; otherwise puts the organization on the request. Runs in onRequest,
 * so a refused request's body is never read.
 */
export function registerApiKeyAuth(app: FastifyInstance, db: SandboxDb): void {
  app.decorateRequest('organization', null)
  // Organizations and their keys do not change while the sandbox runs: look each key up once.
  const known = new Map<string, Organization>()
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.requiresApiKey) return
    const header = request.headers[API_KEY_HEADER]
    const key = (Array.isArray(header) ? header[0] : header)?.trim()
    if (!key)
      return sendFailure(
        reply,
        new SandboxError(
          401,
          `Missing API key: send your organization's key in the ${API_KEY_HEADER} header.`,
        ),
      )
    const organization = known.get(key) ?? findOrganizationByKey(db, key)
    if (!organization)
      return sendFailure(
        reply,
        new SandboxError(
          401,
          `Unknown API key: no organization holds the key sent in ${API_KEY_HEADER}. Check it for typos or paste the key again (the sandbox prints its demo keys at start-up).`,
        ),
      )
    known.set(key, organization)
    request.organization = organization
  })
}
