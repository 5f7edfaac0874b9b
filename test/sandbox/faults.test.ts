import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type FaultRuleInput } from '../../src/sandbox'
import { submissionsResponseSchema } from '../../src/shared/domain/responses'
import {
  account,
  call,
  createReport,
  paths,
  reportBody,
  reportCount,
  tempDataDir,
  useSandbox,
} from './sandbox-harness'
import { formWithFile } from './sample-files'

let nextRandom = 0.5
const h = useSandbox({ random: () => nextRandom })

beforeEach(async () => {
  nextRandom = 0.5
  const cleared = await call(h.sandbox.baseUrl + paths.faults, { method: 'DELETE' })
  expect(cleared.status).toBe(200)
})

async function setFaults(rules: FaultRuleInput[]) {
  const result = await call(h.sandbox.baseUrl + paths.faults, { method: 'PUT', json: { rules } })
  expect(result.status, result.body.message).toBe(200)
}

async function faultState() {
  return (await call(h.sandbox.baseUrl + paths.faults)).body.data as {
    rules: (FaultRuleInput & { count?: number })[]
    counters: { requests: Record<string, number>; injected: Record<string, number> }
  }
}

function create(overrides = {}, signal?: AbortSignal) {
  return call(h.sandbox.baseUrl + paths.create, {
    key: h.key,
    json: reportBody(overrides),
    signal,
  })
}

/** Waits, without asserting on time, until the registry holds `count` reports. */
async function untilReportCount(count: number): Promise<void> {
  for (let i = 0; i < 200 && (await reportCount(h.sandbox)) < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 10))
}

async function isListedReason(reason: string): Promise<boolean> {
  const page = await call(`${h.sandbox.baseUrl}${paths.submissions}?limit=100`, { key: h.key })
  return submissionsResponseSchema.parse(page.body).data.data.some((r) => r.fraudReason === reason)
}

const uniqueReason = (tag: string) =>
  `Fault test ${tag}: a report written to check that the sandbox keeps what it committed.`

describe('latency', () => {
  it('holds a request longer than a short client timeout; the next one is not held', async () => {
    await setFaults([{ kind: 'latency', ms: 400, route: 'banks', count: 1 }])
    await expect(
      fetch(h.sandbox.baseUrl + paths.banks, { signal: AbortSignal.timeout(50) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' })
    const next = await call(h.sandbox.baseUrl + paths.banks)
    expect(next.status).toBe(200)
    expect((await faultState()).counters.injected.latency).toBe(1)
  })
})

describe('500/503 answers', () => {
  it('answers the next N matching requests with the status, writing nothing, then recovers', async () => {
    await setFaults([{ kind: 'error', status: 503, route: 'create', count: 2 }])
    const before = await reportCount(h.sandbox)
    for (let i = 0; i < 2; i++) {
      const result = await create()
      expect(result.status).toBe(503)
      expect(result.body).toMatchObject({ success: false, data: null })
      expect(result.body.message).toMatch(/unavailable.*nothing was written/)
    }
    expect(await reportCount(h.sandbox)).toBe(before)
    expect((await create()).status).toBe(201)
    expect((await faultState()).rules).toEqual([])
  })

  it('answers 500 by default and only on its route', async () => {
    await setFaults([{ kind: 'error', route: 'search' }])
    const search = await call(h.sandbox.baseUrl + paths.search, {
      key: h.key,
      json: { identifier: 'bvn', value: '22212345678' },
    })
    expect(search.status).toBe(500)
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
  })

  it('fires for the share of requests its rate says (drawn from the random source)', async () => {
    await setFaults([{ kind: 'error', rate: 0.3, route: 'banks' }])
    nextRandom = 0.5
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
    nextRandom = 0.1
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(500)
    await setFaults([{ kind: 'error', rate: 0, route: 'banks' }])
    nextRandom = 0
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
  })
})

describe('429 with Retry-After', () => {
  it('in seconds', async () => {
    await setFaults([{ kind: 'rate_limit', retryAfterSeconds: 2, route: 'create', count: 1 }])
    const before = await reportCount(h.sandbox)
    const result = await create()
    expect(result.status).toBe(429)
    expect(result.headers.get('retry-after')).toBe('2')
    expect(result.body).toMatchObject({ success: false, data: null })
    expect(result.body.message).toMatch(/Too many requests.*wait 2 s/)
    expect(await reportCount(h.sandbox)).toBe(before)
  })

  it('as an HTTP-date', async () => {
    await setFaults([
      { kind: 'rate_limit', retryAfterSeconds: 60, retryAfterForm: 'http-date', count: 1 },
    ])
    const result = await call(h.sandbox.baseUrl + paths.banks)
    expect(result.status).toBe(429)
    const header = result.headers.get('retry-after') ?? ''
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    expect(Date.parse(header)).toBeGreaterThan(Date.now() + 30_000)
  })

  it('as a registry’s limit: perSecond requests in any second pass, the rest are refused', async () => {
    await setFaults([{ kind: 'rate_limit', perSecond: 3, retryAfterSeconds: 1, route: 'banks' }])
    const statuses: number[] = []
    for (let n = 0; n < 5; n++) statuses.push((await call(h.sandbox.baseUrl + paths.banks)).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
  })
})

describe('stall', () => {
  it('"drop": the client times out, the request is dropped unhandled, nothing is written', async () => {
    await setFaults([{ kind: 'stall', ms: 300, then: 'drop', route: 'create', count: 2 }])
    const before = await reportCount(h.sandbox)
    await expect(create({}, AbortSignal.timeout(100))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    // A client that waits longer sees the connection close without an answer.
    await expect(create()).rejects.toThrow(/fetch failed/)
    expect(await reportCount(h.sandbox)).toBe(before)
    expect((await faultState()).counters.injected.stall).toBe(2)
  })

  it('"answer": the client gives up, yet the sandbox handles the request and the report is filed', async () => {
    await setFaults([{ kind: 'stall', ms: 300, then: 'answer', route: 'create', count: 1 }])
    const before = await reportCount(h.sandbox)
    const reason = uniqueReason('stall-answer')
    await expect(create({ fraudReason: reason }, AbortSignal.timeout(100))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    await untilReportCount(before + 1)
    expect(await reportCount(h.sandbox)).toBe(before + 1)
    expect(await isListedReason(reason)).toBe(true)
  })
})

describe('stall on a multipart route', () => {
  it('"answer" still stores the upload whose client gave up', async () => {
    await setFaults([{ kind: 'stall', ms: 300, then: 'answer', route: 'upload', count: 1 }])
    const bytes = Buffer.from('%PDF-1.4 uploaded during a stall')
    const request = call(h.sandbox.uploadUrl + paths.upload, {
      body: formWithFile(bytes, 'late.pdf'),
      signal: AbortSignal.timeout(100),
    })
    await expect(request).rejects.toMatchObject({ name: 'TimeoutError' })
    const url = `${h.sandbox.uploadUrl}/files/${createHash('sha256').update(bytes).digest('hex')}.pdf`
    let status = 0
    for (let i = 0; i < 200 && status !== 200; i++) {
      status = (await fetch(url)).status
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(status).toBe(200)
  })
})

describe('commit then drop', () => {
  it('a create is committed although the client saw the socket close', async () => {
    await setFaults([{ kind: 'commit_then_drop', route: 'create', count: 1 }])
    const before = await reportCount(h.sandbox)
    const reason = uniqueReason('commit-then-drop')
    await expect(create({ fraudReason: reason })).rejects.toThrow(/fetch failed/)
    expect(await reportCount(h.sandbox)).toBe(before + 1)
    expect(await isListedReason(reason)).toBe(true)
    expect((await faultState()).counters.injected.commit_then_drop).toBe(1)
  })

  it('an unlist is committed although the client saw the socket close', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(6001)] })
    await setFaults([{ kind: 'commit_then_drop', route: 'unlist', count: 1 }])
    await expect(
      call(h.sandbox.baseUrl + paths.unlist(id), { method: 'PUT', key: h.key }),
    ).rejects.toThrow(/fetch failed/)
    const decoded = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    expect((decoded.body.data as { report: { listingStatus: string } }).report.listingStatus).toBe(
      'unlisted',
    )
  })
})

describe('commit then drop on bulk', () => {
  it('files the rows although the client saw the socket close', async () => {
    const reason = uniqueReason('bulk-commit-then-drop')
    const csv = `fraud_type,fraud_reason,bvn\nhacker,${reason},22244445555\n`
    await setFaults([{ kind: 'commit_then_drop', route: 'bulk', count: 1 }])
    const before = await reportCount(h.sandbox)
    await expect(
      call(h.sandbox.baseUrl + paths.bulk, {
        key: h.key,
        body: formWithFile(Buffer.from(csv), 'r.csv'),
      }),
    ).rejects.toThrow(/fetch failed/)
    expect(await reportCount(h.sandbox)).toBe(before + 1)
    expect(await isListedReason(reason)).toBe(true)
  })
})

describe('the admin route', () => {
  it('reports the rules with their remaining counts and the requests per route', async () => {
    await setFaults([{ kind: 'latency', ms: 1, route: 'banks', count: 3 }])
    await call(h.sandbox.baseUrl + paths.banks)
    await call(h.sandbox.baseUrl + paths.submissions, { key: h.key })
    const state = await faultState()
    expect(state.rules).toEqual([{ kind: 'latency', ms: 1, route: 'banks', count: 2 }])
    expect(state.counters.requests.banks).toBe(1)
    expect(state.counters.requests.submissions).toBe(1)
    expect(state.counters.requests.create).toBe(0)
  })

  it('DELETE drops the rules and zeroes the counters', async () => {
    await setFaults([{ kind: 'error', route: 'banks' }])
    await call(h.sandbox.baseUrl + paths.banks)
    const cleared = await call(h.sandbox.baseUrl + paths.faults, { method: 'DELETE' })
    expect(cleared.status).toBe(200)
    const state = await faultState()
    expect(state.rules).toEqual([])
    expect(state.counters.requests.banks).toBe(0)
    expect(state.counters.injected.error).toBe(0)
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
  })

  it.each([
    [
      { rules: [{ kind: 'explode' }] },
      /kind: latency, error, rate_limit, stall, commit_then_drop, fail_after_commit, wrong_report, oldest_first, shift_pages or page_limit/,
    ],
    [{ rules: [{ kind: 'error', rate: 2 }] }, /rules\.0\.rate/],
    [
      { rules: [{ kind: 'latency', ms: 5, route: 'everything' }] },
      /rules\.0\.route: .*"everything"/,
    ],
    [{ rules: [{ kind: 'error', count: 0 }] }, /rules\.0\.count/],
  ])('refuses a bad rule set with 400 and keeps the old one (%j)', async (body, message) => {
    await setFaults([{ kind: 'latency', ms: 1, route: 'banks' }])
    const result = await call(h.sandbox.baseUrl + paths.faults, { method: 'PUT', json: body })
    expect(result.status).toBe(400)
    expect(result.body.message).toMatch(message)
    expect((await faultState()).rules).toEqual([{ kind: 'latency', ms: 1, route: 'banks' }])
  })

  it('setFaults/clearFaults of the start result do the same in-process', async () => {
    h.sandbox.setFaults([{ kind: 'error', status: 503, route: 'banks', count: 1 }])
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(503)
    h.sandbox.setFaults([{ kind: 'error', route: 'banks' }])
    h.sandbox.clearFaults()
    expect((await call(h.sandbox.baseUrl + paths.banks)).status).toBe(200)
    expect(() => h.sandbox.setFaults([{ kind: 'latency', ms: -1 }])).toThrow()
  })
})

describe('faults given at start', () => {
  const stops: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop()
  })

  it('apply from the first request, and stop() does not wait for a held request', async () => {
    const dataDir = tempDataDir()
    const sandbox = await startSandbox({
      port: 0,
      dataDir,
      faults: [
        { kind: 'error', status: 503, route: 'banks' },
        { kind: 'stall', ms: 60_000, route: 'submissions' },
      ],
    })
    stops.push(async () => {
      await sandbox.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })
    expect((await call(sandbox.baseUrl + paths.banks)).status).toBe(503)
    const held = call(sandbox.baseUrl + paths.submissions, { key: sandbox.demoKeys[0]!.key })
    held.catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 50))
    await sandbox.stop()
    await expect(held).rejects.toThrow(/fetch failed/)
  })
})

/** The ids of the organization's submissions, one page as the registry lists it now. */
async function listedIds(page: number, limit: number): Promise<string[]> {
  const result = await call(
    `${h.sandbox.baseUrl}${paths.submissions}?page=${page}&limit=${limit}`,
    { key: h.key },
  )
  return submissionsResponseSchema.parse(result.body).data.data.map((r) => r.id)
}

describe('fail_after_commit', () => {
  it('files the report, then answers 200 with success:false', async () => {
    await setFaults([{ kind: 'fail_after_commit', route: 'create', count: 1 }])
    const before = await reportCount(h.sandbox)
    const reason = uniqueReason('fail after commit')
    const result = await create({ fraudReason: reason })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ success: false, data: null })
    expect(await reportCount(h.sandbox)).toBe(before + 1)
    expect(await isListedReason(reason)).toBe(true)
    expect((await faultState()).counters.injected.fail_after_commit).toBe(1)
    expect((await create({ fraudReason: `${reason} again` })).status).toBe(201)
  })
})

describe('wrong_report', () => {
  it('files the create, and answers with the organization’s newest other report', async () => {
    const earlier = await createReport(h.sandbox, h.key, { identifiers: [account(71)] })
    await setFaults([{ kind: 'wrong_report', route: 'create', count: 1 }])
    const reason = uniqueReason('wrong report')
    const result = await create({ fraudReason: reason })
    expect(result.status).toBe(201)
    expect(result.body.data).toMatchObject({ id: earlier, identifiers: [account(71)] })
    expect(await isListedReason(reason)).toBe(true)
    expect((await faultState()).counters.injected.wrong_report).toBe(1)
  })

  it('answers with the report named, or with the new report’s fields under an id that exists nowhere', async () => {
    const named = await createReport(h.sandbox, h.key, { identifiers: [account(72)] })
    await setFaults([{ kind: 'wrong_report', route: 'create', reportId: named, count: 1 }])
    expect((await create({ identifiers: [account(73)] })).body.data).toMatchObject({
      id: named,
      identifiers: [account(72)],
    })
    await setFaults([{ kind: 'wrong_report', route: 'create', reportId: 'rep_nowhere', count: 1 }])
    expect((await create({ identifiers: [account(74)] })).body.data).toMatchObject({
      id: 'rep_nowhere',
      identifiers: [account(74)],
    })
  })
})

describe('the submissions list as a registry may page it', () => {
  it('oldest_first lists the oldest first', async () => {
    for (let i = 0; i < 3; i++)
      await createReport(h.sandbox, h.key, { identifiers: [account(80 + i)] })
    const newestFirst = await listedIds(1, 100)
    await setFaults([{ kind: 'oldest_first', route: 'submissions' }])
    const all = await call(`${h.sandbox.baseUrl}${paths.submissions}?limit=100`, { key: h.key })
    const { data, meta } = submissionsResponseSchema.parse(all.body).data
    const pages = Math.ceil(meta.total / 100)
    const last = await listedIds(pages, 100)
    expect(last.at(-1)).toBe(newestFirst[0])
    expect(data.map((r) => Date.parse(r.createdAt!))).toEqual(
      data.map((r) => Date.parse(r.createdAt!)).sort((a, b) => a - b),
    )
    expect((await faultState()).counters.injected.oldest_first).toBeGreaterThanOrEqual(2)
  })

  it('shift_pages moves the list by `by` more at each request: paging forward skips items', async () => {
    for (let i = 0; i < 8; i++)
      await createReport(h.sandbox, h.key, { identifiers: [account(90 + i)] })
    const steady = await listedIds(1, 8)
    await setFaults([{ kind: 'shift_pages', by: 2, route: 'submissions' }])
    const first = await listedIds(1, 3) // as it was
    const second = await listedIds(2, 3) // two further along: items 3 and 4 are never seen
    expect(first).toEqual(steady.slice(0, 3))
    expect(second).toEqual(steady.slice(5, 8))
    expect((await faultState()).counters.injected.shift_pages).toBe(1)
  })

  it('page_limit answers at most `max` a page whatever the limit asked, and its meta says so', async () => {
    for (let i = 0; i < 5; i++)
      await createReport(h.sandbox, h.key, { identifiers: [account(110 + i)] })
    const steady = await listedIds(1, 6)
    await setFaults([{ kind: 'page_limit', max: 2, route: 'submissions' }])
    const page = await call(`${h.sandbox.baseUrl}${paths.submissions}?page=2&limit=100`, {
      key: h.key,
    })
    const { data, meta } = submissionsResponseSchema.parse(page.body).data
    expect(meta).toMatchObject({ page: 2, limit: 2 })
    expect(data.map((r) => r.id)).toEqual(steady.slice(2, 4))
    expect((await faultState()).counters.injected.page_limit).toBe(1)
  })
})

describe('the sandbox’s own clock', () => {
  it('dates every answer, and a Retry-After date, by it', async () => {
    const dataDir = tempDataDir()
    const registryNow = Date.parse('2031-03-04T05:06:07.000Z')
    const sandbox = await startSandbox({
      port: 0,
      dataDir,
      now: () => new Date(registryNow),
      faults: [
        {
          kind: 'rate_limit',
          retryAfterSeconds: 120,
          retryAfterForm: 'http-date',
          route: 'create',
        },
      ],
    })
    try {
      const banks = await call(sandbox.baseUrl + paths.banks)
      expect(banks.headers.get('date')).toBe(new Date(registryNow).toUTCString())
      const limited = await call(sandbox.baseUrl + paths.create, {
        key: sandbox.demoKeys[0]!.key,
        json: reportBody(),
      })
      expect(limited.status).toBe(429)
      expect(Date.parse(limited.headers.get('retry-after')!)).toBe(registryNow + 120_000)
      expect(Date.parse(limited.headers.get('date')!)).toBe(registryNow)
    } finally {
      await sandbox.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
