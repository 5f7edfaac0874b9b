import { describe, expect, it } from 'vitest'
import {
  classifyHttpFailure,
  classifyTransportFailure,
  cutRawBody,
} from '../../../src/core/registry/classify-failure'
import { parseRetryAfter, RETRY_AFTER_MAX_MS } from '../../../src/core/registry/retry-after'

const endpoint = 'POST /api/v1/external/reports'
const envelope = (message: string) => JSON.stringify({ success: false, message, data: null })

describe('classifyHttpFailure: by status', () => {
  it.each([
    [400, 'validation'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [409, 'validation'],
    [413, 'too_large'],
    [415, 'validation'],
    [422, 'validation'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
  ] as const)('%i is %s', (status, kind) => {
    expect(classifyHttpFailure(endpoint, { status, headers: {}, body: envelope('x') }).kind).toBe(
      kind,
    )
  })

  it("carries the registry's own message", () => {
    const error = classifyHttpFailure(endpoint, {
      status: 400,
      headers: {},
      body: envelope('fraudReason must be at least 50 characters'),
    })
    expect(error.message).toBe('fraudReason must be at least 50 characters')
  })

  it('says what to do when the registry gives no message', () => {
    const error = classifyHttpFailure(endpoint, {
      status: 401,
      headers: {},
      body: '<html>nope</html>',
    })
    // What to do, in no front's words: each front says where its key is given.
    expect(error.message).toMatch(
      /refused the API key; the queue waits until a valid one is given.*\(HTTP 401\)/,
    )
  })

  it('reads a 2xx with success:false as a refusal, by the envelope, whose outcome a write must check', () => {
    const error = classifyHttpFailure(endpoint, {
      status: 200,
      headers: {},
      body: envelope('Invalid identifier'),
    })
    // The registry may have saved the report and failed only its answer (issue 24, item 6).
    expect(error).toMatchObject({
      kind: 'validation',
      message: 'Invalid identifier',
      outcomeUnknown: true,
    })
    const read = classifyHttpFailure('GET /api/v1/external/reports/submissions', {
      status: 200,
      headers: {},
      body: envelope('No reports'),
    })
    expect(read).toMatchObject({ kind: 'validation', outcomeUnknown: false })
  })

  it('reads Retry-After on 429 and 503', () => {
    expect(
      classifyHttpFailure(endpoint, { status: 429, headers: { 'retry-after': '7' }, body: '' })
        .retryAfterMs,
    ).toBe(7000)
    expect(
      classifyHttpFailure(endpoint, { status: 503, headers: { 'retry-after': '2' }, body: '' })
        .retryAfterMs,
    ).toBe(2000)
  })

  it('marks a 500 as outcome unknown (the write may have happened) and a 503 or 429 as not', () => {
    expect(
      classifyHttpFailure(endpoint, { status: 500, headers: {}, body: '' }).outcomeUnknown,
    ).toBe(true)
    expect(
      classifyHttpFailure(endpoint, { status: 503, headers: {}, body: '' }).outcomeUnknown,
    ).toBe(false)
    expect(
      classifyHttpFailure(endpoint, { status: 429, headers: {}, body: '' }).outcomeUnknown,
    ).toBe(false)
  })

  it('never repeats the API key, even when the registry echoes it', () => {
    const key = 'sk_live_abcdef123456'
    const error = classifyHttpFailure(
      endpoint,
      { status: 401, headers: {}, body: envelope(`Unknown key ${key}`) },
      key,
    )
    expect(error.message).not.toContain(key)
    expect(JSON.stringify(error)).not.toContain(key)
    expect(String(error.stack)).not.toContain(key)
  })
})

describe('classifyTransportFailure', () => {
  it('refused and DNS failures are offline, and nothing was sent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      expect(
        classifyTransportFailure(endpoint, {
          code,
          timedOut: false,
          cancelled: false,
          requestSent: true,
        }),
      ).toMatchObject({
        kind: 'offline',
        outcomeUnknown: false,
      })
    }
  })
  it('a dropped connection is offline with an unknown outcome', () => {
    expect(
      classifyTransportFailure(endpoint, {
        code: 'ECONNRESET',
        timedOut: false,
        cancelled: false,
        requestSent: true,
      }),
    ).toMatchObject({
      kind: 'offline',
      outcomeUnknown: true,
    })
  })
  it('our own timeout is a timeout with an unknown outcome', () => {
    expect(
      classifyTransportFailure(endpoint, {
        code: 'ERR_CANCELED',
        timedOut: true,
        cancelled: false,
        requestSent: true,
      }),
    ).toMatchObject({
      kind: 'timeout',
      outcomeUnknown: true,
    })
  })
  it("the caller's abort is cancelled", () => {
    expect(
      classifyTransportFailure(endpoint, {
        code: 'ERR_CANCELED',
        timedOut: false,
        cancelled: true,
        requestSent: false,
      }).kind,
    ).toBe('cancelled')
  })
})

describe('a Retry-After date is read in the registry’s time (issue 24, item 3)', () => {
  const HOUR = 60 * 60 * 1000
  /** A 429 from a registry whose clock reads `registryNow`, asking for two minutes of quiet. */
  const limitedAt = (registryNow: number) =>
    classifyHttpFailure(endpoint, {
      status: 429,
      headers: {
        date: new Date(registryNow).toUTCString(),
        'retry-after': new Date(registryNow + 120_000).toUTCString(),
      },
      body: '',
    })

  it('this computer 2 h behind the registry: two minutes, not the 1-hour cap', () => {
    expect(limitedAt(Date.now() + 2 * HOUR).retryAfterMs).toBe(120_000)
  })

  it('this computer 2 h ahead of the registry: two minutes, not ignored', () => {
    expect(limitedAt(Date.now() - 2 * HOUR).retryAfterMs).toBe(120_000)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z')
  it('reads seconds', () => expect(parseRetryAfter('120', now)).toBe(120_000))
  it('reads an HTTP-date', () =>
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000))
  it('clamps a date in the past to 0 and a huge delay to the cap', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('999999999', now)).toBe(RETRY_AFTER_MAX_MS)
  })
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
  })
})

describe('cutRawBody', () => {
  it('keeps a few KiB and says how long the body was', () => {
    expect(cutRawBody('x'.repeat(10_000))).toMatch(/… \(10000 characters\)$/)
  })
})
