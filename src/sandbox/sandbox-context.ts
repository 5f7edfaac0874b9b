import type { createReportInputSchema } from '../shared/domain/report-input'
import type { SandboxAddress } from './host-names'
import type { FaultInjector } from './fault-injection'
import type { Organization } from './organizations'
import type { SandboxRoute } from './route-names'
import type { SandboxDb } from './sandbox-db'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which sandbox route this is, for faults and counters; admin routes have none. */
    sandboxRoute?: SandboxRoute
    /** Whether the route needs a valid x-api-key (registry-api.md 5: endpoints 4.1 to 4.8). */
    requiresApiKey?: boolean
  }
  interface FastifyRequest {
    /** The organization whose x-api-key came with the request, on routes that require one. */
    organization: Organization | null
  }
}

/** What every route handler works with; built once per sandbox start. */
export interface SandboxContext {
  db: SandboxDb
  dataDir: string
  uploadsDir: string
  faults: FaultInjector
  /** The create/update body schema, with the bank list's slugs checked on accounts. */
  reportInputSchema: ReturnType<typeof createReportInputSchema>
  now: () => Date
  /** Where the sandbox listens and the names it answers to; null until it listens. */
  address: SandboxAddress | null
}
