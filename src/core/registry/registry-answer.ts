import type { z } from 'zod'
import { classifyHttpFailure, redact, unexpectedResponse } from './classify-failure'
import { nestsDeeperThan } from './json-depth'
import { RegistryError } from '../registry-error'

/**
 * The largest answer read: a submissions page or a search result is a few hundred KiB (100
 * reports of about 2 KiB); 8 MiB leaves room for a registry that pages generously, and keeps a
 * hostile or broken answer from costing the core its memory.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024
/** Real answers nest about six deep; far deeper is not an answer to read. */
const MAX_JSON_DEPTH = 32

/**
 * An answer larger than any the registry gives, cut off unread. The registry answered, so a
 * write may have been done: the outcome is unknown and is checked before anything is resent.
 */
export function answerTooLarge(endpoint: string): RegistryError {
  return new RegistryError({
    kind: 'unexpected_response',
    message: `The registry's answer was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB, far more than any answer it gives, so Casefile did not read it. It will be checked with the registry before anything is sent again.`,
    endpoint,
    outcomeUnknown: true,
  })
}

/** What came back from the registry, as read off the wire (the body as text, at most 8 MiB). */
export interface RegistryAnswer {
  status: number
  headers: Record<string, unknown>
  body: string
}

export type AnswerReading<T> = { ok: true; data: T } | { ok: false; error: RegistryError }

/**
 * The answer checked, in order: a status other than 2xx is the registry's refusal; then the
 * body must be JSON of a sane depth, must not say `success: false`, and must fit the endpoint's
 * shared schema. Whatever is wrong comes back as one RegistryError, the key redacted from it.
 */
export function readAnswer<S extends z.ZodType>(
  endpoint: string,
  answer: RegistryAnswer,
  schema: S,
  apiKey: string | undefined,
): AnswerReading<z.output<S>> {
  const { status, body } = answer
  const refused = (error: RegistryError) => ({ ok: false as const, error })
  if (status < 200 || status >= 300) return refused(classifyHttpFailure(endpoint, answer, apiKey))
  if (nestsDeeperThan(body, MAX_JSON_DEPTH))
    return refused(
      unexpectedResponse(
        endpoint,
        status,
        body,
        `the answer nests more than ${MAX_JSON_DEPTH} levels deep`,
        apiKey,
      ),
    )
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return refused(unexpectedResponse(endpoint, status, body, 'the answer is not JSON', apiKey))
  }
  if (
    typeof json === 'object' &&
    json !== null &&
    (json as { success?: unknown }).success === false
  )
    return refused(classifyHttpFailure(endpoint, answer, apiKey))
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const where = parsed.error.issues[0]
    return refused(
      unexpectedResponse(
        endpoint,
        status,
        body,
        redact(`${where?.path.join('.') || 'body'}: ${where?.message ?? 'shape'}`, apiKey),
        apiKey,
      ),
    )
  }
  return { ok: true, data: parsed.data }
}
