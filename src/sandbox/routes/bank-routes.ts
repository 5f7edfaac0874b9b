import type { FastifyInstance } from 'fastify'
import { success } from '../envelope'
import type { SandboxContext } from '../sandbox-context'
import { listBanks } from '../seed-banks'

/** 4.10: the public bank list, no API key. */
export function registerBankRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/api/v1/meta-data/banks', { config: { sandboxRoute: 'banks' } }, async () =>
    success('Banks fetched successfully', { entity: listBanks(context.db) }),
  )
}
