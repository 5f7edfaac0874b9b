import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SandboxError, success } from '../envelope'
import { parseFaultRules, type FaultInjector } from '../fault-injection'
import { issueLines } from '../issue-lines'
import { isLoopbackAddress } from '../loopback'
import { countReports } from '../report-repository'
import type { SandboxContext } from '../sandbox-context'

export const ADMIN_FAULTS_PATH = '/__sandbox/faults'

/** The admin routes change how the sandbox behaves: only a caller on this machine may use them. */
export function assertLoopback(request: FastifyRequest): void {
  const address = request.socket.remoteAddress
  if (!isLoopbackAddress(address))
    throw new SandboxError(
      403,
      `The sandbox admin routes answer only to this machine (127.0.0.1 or ::1); this request came from ${address ?? 'an unknown address'}. Run the test or the tool on the sandbox's host.`,
    )
}

function faultState(faults: FaultInjector, context: SandboxContext) {
  return { ...faults.snapshot(), reportCount: countReports(context.db) }
}

/**
 * GET reads the fault rules and counters, PUT replaces the rules with `{rules: [...]}`,
 * DELETE drops the rules and zeroes the counters. Not faulted, no API key.
 */
export function registerAdminRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { faults } = context
  app.get(ADMIN_FAULTS_PATH, async (request) => {
    assertLoopback(request)
    return success('Sandbox fault state', faultState(faults, context))
  })

  app.put(ADMIN_FAULTS_PATH, async (request) => {
    assertLoopback(request)
    try {
      faults.setRules(parseFaultRules(request.body))
    } catch (error) {
      if (error instanceof z.ZodError)
        throw new SandboxError(
          400,
          `The fault rules were not applied:\n${issueLines(error)}\nSend {"rules": [{"kind": "latency", "ms": 200, "route": "create", "count": 1}, …]}.`,
        )
      throw error
    }
    return success('Sandbox faults set', faultState(faults, context))
  })

  app.delete(ADMIN_FAULTS_PATH, async (request) => {
    assertLoopback(request)
    faults.reset()
    return success('Sandbox faults cleared and counters reset', faultState(faults, context))
  })
}
