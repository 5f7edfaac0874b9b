import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import { failure } from './envelope'
import type { FaultInjector, FaultPlan } from './fault-injection'

/** Ends the exchange without an answer, as a dead network or a crashed server would. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack()
  request.raw.socket.destroy()
  return reply
}

const plans = new WeakMap<FastifyRequest, FaultPlan>()

/** The faults decided for a request, for the routes that apply their own (create, submissions). */
export function faultPlanOf(request: FastifyRequest): FaultPlan | undefined {
  return plans.get(request)
}

/**
 * Applies the injector's faults to every named sandbox route, in two places:
 * - onRequest, before authentication and before the body is read: the request is counted and
 *   429 / 500 / 503 are answered there (they stand for the infrastructure in front of the API);
 * - preHandler, once the body is read and the key checked: latency and stalls, which stand for
 *   a slow server. Files (upload, bulk) are read before that too, so a request whose client
 *   gave up during a stall with then=answer is still handled, as it would be by a slow server.
 * `shutdown` aborts held requests when the sandbox stops, so stop() never waits for a stall.
 */
export function registerFaultHooks(
  app: FastifyInstance,
  faults: FaultInjector,
  shutdown: AbortSignal,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.config.sandboxRoute
    if (!route) return
    const plan = faults.plan(route)
    if (plan.rateLimit) {
      faults.count('rate_limit')
      return reply
        .code(429)
        .header('retry-after', plan.rateLimit.retryAfter)
        .send(
          failure(
            `Too many requests (sandbox fault injection): wait ${plan.rateLimit.seconds} s, as the Retry-After header says, then send again.`,
          ),
        )
    }
    if (plan.error) {
      faults.count('error')
      return reply
        .code(plan.error)
        .send(
          failure(
            plan.error === 503
              ? 'The registry is unavailable for a moment (sandbox fault injection): nothing was written; try again later.'
              : 'The registry failed on an internal error (sandbox fault injection): nothing was written; try again later.',
          ),
        )
    }
    plans.set(request, plan)
  })

  app.addHook('preHandler', async (request, reply) => {
    const plan = plans.get(request)
    if (!plan) return
    try {
      if (plan.delayMs > 0) {
        faults.count('latency')
        await sleep(plan.delayMs, undefined, { signal: shutdown })
      }
      if (plan.stall) {
        faults.count('stall')
        await sleep(plan.stall.ms, undefined, { signal: shutdown })
        if (plan.stall.then === 'drop') return dropConnection(request, reply)
      }
    } catch {
      // The sandbox is stopping: let go of the held request at once.
      return dropConnection(request, reply)
    }
  })

  // onSend runs once the handler has committed its write: the answer is ready and is thrown
  // away, or replaced by a failure that is not true.
  app.addHook('onSend', async (request, reply, payload) => {
    const plan = plans.get(request)
    if (plan?.commitThenDrop) {
      faults.count('commit_then_drop')
      dropConnection(request, reply)
    } else if (plan?.failAfterCommit && reply.statusCode >= 200 && reply.statusCode < 300) {
      faults.count('fail_after_commit')
      reply.code(200).header('content-type', 'application/json; charset=utf-8')
      return JSON.stringify(failure(plan.failAfterCommit))
    }
    return payload
  })
}
