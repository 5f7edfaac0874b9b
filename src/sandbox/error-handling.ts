import type { FastifyError, FastifyInstance } from 'fastify'
import { ROUTE_NOT_FOUND, SandboxError, failure, sendFailure } from './envelope'

export interface SandboxLogger {
  info: (line: string) => void
  error: (line: string) => void
}

/** Fastify's and the multipart plugin's own refusals, in the registry's envelope and our words. */
function explain(error: FastifyError, contentType: string | undefined): SandboxError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new SandboxError(
        400,
        'Malformed JSON body: it could not be parsed. Send one valid JSON object with Content-Type: application/json.',
      )
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SandboxError(
        415,
        `Content-Type ${JSON.stringify(contentType ?? '')} is not accepted here: send JSON with Content-Type: application/json, or files as multipart/form-data.`,
      )
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SandboxError(
        413,
        'The request body is larger than the 1 MiB a JSON request may be: shorten it (files go through the upload endpoint).',
      )
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new SandboxError(
        400,
        'No file uploaded: the request is not multipart. Send multipart/form-data with one part named "file".',
      )
    default:
      return null
  }
}

/**
 * Every failure leaves as `{success: false, message, data: null}`: our own SandboxErrors with
 * their status, framework refusals translated, and anything else as a 500 that is logged.
 * Unknown routes answer 404 "Route not found", the message the spec documents.
 */
export function registerErrorHandling(app: FastifyInstance, logger: SandboxLogger): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure(ROUTE_NOT_FOUND)))

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof SandboxError) return sendFailure(reply, error)
    const explained = explain(error, request.headers['content-type'])
    if (explained) return sendFailure(reply, explained)
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return sendFailure(reply, new SandboxError(error.statusCode, error.message))
    logger.error(
      `sandbox: ${request.method} ${request.url} failed: ${error.stack ?? error.message}`,
    )
    return sendFailure(
      reply,
      new SandboxError(
        500,
        `The sandbox failed on an internal error (${error.message}). This is a sandbox bug, not a problem with your request; whether it was applied is unknown.`,
      ),
    )
  })
}
