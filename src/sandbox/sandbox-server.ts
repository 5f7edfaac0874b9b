import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { resolve, join } from 'node:path'
import { createReportInputSchema } from '../shared/domain/report-input'
import { registerApiKeyAuth } from './api-key-auth'
import { registerErrorHandling, type SandboxLogger } from './error-handling'
import { registerFaultHooks } from './fault-hooks'
import {
  FaultInjector,
  parseFaultRules,
  type FaultCounters,
  type FaultRule,
  type FaultRuleInput,
} from './fault-injection'
import { hostForUrl, registerHostCheck, sandboxHostNames } from './host-names'
import { listOrganizations, seedDemoOrganizations } from './organizations'
import { seedPublicReports } from './public-reports'
import { UPLOAD_SERVICE_PREFIX } from './route-names'
import { registerAdminRoutes } from './routes/admin-routes'
import { registerBankRoutes } from './routes/bank-routes'
import { registerBulkRoute } from './routes/bulk-route'
import { registerReportRoutes } from './routes/report-routes'
import { registerSearchRoute } from './routes/search-route'
import { registerSubmissionRoutes } from './routes/submission-routes'
import { registerUploadRoutes } from './routes/upload-routes'
import type { SandboxContext } from './sandbox-context'
import { UPLOADS_DIR, openSandboxDb, type SandboxDb } from './sandbox-db'
import { listBanks, seedBanks } from './seed-banks'

export const DEFAULT_HOST = '127.0.0.1'

export interface StartSandboxOptions {
  /** 0 (the default) takes a free port. */
  port?: number
  /** 127.0.0.1 unless given; 0.0.0.0 exposes the API (never the admin routes) to the network. */
  host?: string
  /** Holds the SQLite file and the uploads folder; created if missing, reused as it is. */
  dataDir: string
  /** Fault rules active from the start (see fault-injection.ts). */
  faults?: FaultRuleInput[]
  /** Where start-up lines and internal errors go; silent when absent. */
  logger?: SandboxLogger
  /** Source of randomness for error rates, so tests can make them certain. */
  random?: () => number
  /** Clock for createdAt/updatedAt and exit times. */
  now?: () => Date
}

export interface DemoKey {
  key: string
  /** The organization's business name. */
  organization: string
  organizationId: string
}

export interface RunningSandbox {
  /** {base_url} of the spec, e.g. http://127.0.0.1:41234 */
  baseUrl: string
  /** {upload_url} of the spec: the upload endpoint is `${uploadUrl}/api/v1/upload`. */
  uploadUrl: string
  port: number
  host: string
  dataDir: string
  demoKeys: DemoKey[]
  /** Replaces the fault rules (checked: throws a ZodError on a bad rule). */
  setFaults: (rules: FaultRuleInput[]) => void
  /** Drops every fault rule and zeroes the counters. */
  clearFaults: () => void
  faultState: () => { rules: FaultRule[]; counters: FaultCounters }
  /** Closes the server (dropping held and keep-alive connections) and the database. */
  stop: () => Promise<void>
}

const silent: SandboxLogger = { info: () => {}, error: () => {} }

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return hostForUrl(host)
}

/** Seeds a new data dir (demo organizations, public reports) and refreshes the bank list. */
function seed(db: SandboxDb, now: Date): void {
  seedDemoOrganizations(db, now)
  seedPublicReports(db)
  seedBanks(db)
}

/** Builds the fastify app with every route; not listening yet. */
export async function buildSandboxApp(
  context: SandboxContext,
  logger: SandboxLogger,
  shutdown: AbortSignal,
): Promise<FastifyInstance> {
  // forceCloseConnections: stop() must not wait for keep-alive clients or held requests.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  // An empty JSON body is no body: clients send PUT …/unlist with no body, some with the header.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, done)
  })
  await app.register(multipart)

  registerErrorHandling(app, logger)
  // Every answer is dated by the sandbox's own clock (clients learn the registry's time from it).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('date', context.now().toUTCString())
    return payload
  })
  // First of all hooks: a request for another name is refused before anything else runs.
  registerHostCheck(app, () => context.address)
  registerFaultHooks(app, context.faults, shutdown)
  registerApiKeyAuth(app, context.db)

  registerReportRoutes(app, context)
  registerSearchRoute(app, context)
  registerSubmissionRoutes(app, context)
  registerBulkRoute(app, context)
  registerUploadRoutes(app, context)
  registerBankRoutes(app, context)
  registerAdminRoutes(app, context)
  return app
}

/** Starts the sandbox registry in this process; resolves once it is listening. */
export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const logger = options.logger ?? silent
  const now = options.now ?? (() => new Date())
  const dataDir = resolve(options.dataDir)
  const faults = new FaultInjector(parseFaultRules(options.faults ?? []), options.random, () =>
    now().getTime(),
  )
  const db = openSandboxDb(dataDir)
  const shutdown = new AbortController()
  let app: FastifyInstance | undefined
  try {
    seed(db, now())
    const bankSlugs = new Set(listBanks(db).map((bank) => bank.slug))
    const context: SandboxContext = {
      db,
      dataDir,
      uploadsDir: join(dataDir, UPLOADS_DIR),
      faults,
      reportInputSchema: createReportInputSchema({ bankSlugs }),
      now,
      address: null,
    }
    app = await buildSandboxApp(context, logger, shutdown.signal)
    const host = options.host ?? DEFAULT_HOST
    await app.listen({ port: options.port ?? 0, host })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)
    const baseUrl = `http://${urlHost(host)}:${port}`
    context.address = { baseUrl, hostNames: sandboxHostNames(host, port) }
    const demoKeys = listOrganizations(db).map((organization) => ({
      key: organization.apiKey,
      organization: organization.businessName,
      organizationId: organization.id,
    }))

    let stopped: Promise<void> | undefined
    const running: RunningSandbox = {
      baseUrl,
      uploadUrl: `${baseUrl}${UPLOAD_SERVICE_PREFIX}`,
      port,
      host,
      dataDir,
      demoKeys,
      setFaults: (rules) => faults.setRules(parseFaultRules(rules)),
      clearFaults: () => faults.reset(),
      faultState: () => faults.snapshot(),
      stop: () => {
        const listening = app as FastifyInstance
        stopped ??= (async () => {
          shutdown.abort()
          try {
            await listening.close()
          } finally {
            db.close()
          }
        })()
        return stopped
      },
    }
    logger.info(`Sandbox registry listening on ${running.baseUrl} (data in ${dataDir})`)
    logger.info(`  {base_url}   = ${running.baseUrl}`)
    logger.info(`  {upload_url} = ${running.uploadUrl}`)
    for (const demo of demoKeys) logger.info(`  x-api-key for ${demo.organization}: ${demo.key}`)
    return running
  } catch (error) {
    shutdown.abort()
    await app?.close()
    db.close()
    throw error
  }
}
