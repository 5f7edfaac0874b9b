import type { FastifyReply } from 'fastify'

/** The envelope of registry-api.md 2.1, as every sandbox answer carries it. */
export interface Envelope<T> {
  success: boolean
  message: string
  data: T
}

export function success<T>(message: string, data: T): Envelope<T> {
  return { success: true, message, data }
}

export function failure(message: string): Envelope<null> {
  return { success: false, message, data: null }
}

/**
 * A refusal the sandbox answers on purpose: the HTTP status (see src/sandbox/README.md for
 * which condition gets which) and a message saying what is wrong and how to fix it.
 */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'SandboxError'
  }
}

export function sendFailure(reply: FastifyReply, error: SandboxError): FastifyReply {
  return reply.code(error.statusCode).headers(error.headers).send(failure(error.message))
}

export const ROUTE_NOT_FOUND = 'Route not found'
