// `casefile watch check` killed (SIGKILL) in the middle of a round, against the sandbox behind a
// proxy that counts the searches per identifier: the checks recorded before the kill are kept
// with their alerts, the next runs finish the round, and no identifier is searched twice except
// the one whose search was in flight at the kill.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { openCore } from '../../src/core/open-core'
import { applyKey } from '../../src/core/store/open-database'
import { checkDue } from '../../src/core/watchlist/watch-check'
import { CLAIM_LEASE_MS } from '../../src/core/watchlist/watch-claims'
import * as Watchlist from '../../src/core/watchlist/watchlist'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder } from './cli-harness'
import { useBuiltCasefile } from './built-casefile'

const FOLDER_KEY = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
const registry = useSandbox()
const DAY = 24 * 60 * 60 * 1000

/**
 * The registry as the CLI sees it: the sandbox behind a proxy that counts each search by the
 * value searched, answers it ~200 ms later, and can hold the answer to one of them forever
 * (the registry searched, the answer never came back).
 */
function countingProxy() {
  const searched = new Map<string, number>()
  const order: string[] = []
  const held: ServerResponse[] = []
  let holdSearch = 0 // the nth search from now whose answer is held (0: none)
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      let hold = false
      if (req.method === 'POST' && req.url?.endsWith('/reports/search')) {
        const { value } = JSON.parse(body.toString()) as { value: string }
        searched.set(value, (searched.get(value) ?? 0) + 1)
        order.push(value)
        hold = holdSearch > 0 && --holdSearch === 0
      }
      forward(req, body, (answer, answerBody) => {
        if (hold) return void held.push(res)
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          res.end(answerBody)
        }, 200)
      })
    })
  })
  const forward = (
    req: IncomingMessage,
    body: Buffer,
    answered: (answer: IncomingMessage, body: Buffer) => void,
  ) => {
    const target = new URL(registry.sandbox.baseUrl)
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (chunk: Buffer) => parts.push(chunk))
        answer.on('end', () => answered(answer, Buffer.concat(parts)))
      },
    )
    outgoing.end(body)
  }
  return {
    searched,
    order,
    held,
    holdNthSearch(n: number) {
      holdSearch = n
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    async stop() {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const proxy = countingProxy()
let proxyUrl = ''
beforeAll(async () => {
  proxyUrl = await proxy.start()
})
afterAll(() => proxy.stop())

/** The built `casefile`, as a scheduler runs it (`later`: faketime's offset, '+3m'). */
const built = useBuiltCasefile(() => ({ CASEFILE_API_KEY: registry.key, ...TEST_FOLDER_KEY_ENV }))
const casefile = (args: string[], later?: string) =>
  built(args, {}, later ? { faketime: later } : {})

async function until(probe: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

interface ItemState {
  value: string
  last_checked_at: number | null
  snapshot_json: string | null
  claim_token: string | null
  claim_until: number | null
}

/** The folder's items and alerts, read as they are on disk (another process may hold it). */
function onDisk(dataDir: string) {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, FOLDER_KEY)
    const items = db
      .prepare(
        'SELECT value, last_checked_at, snapshot_json, claim_token, claim_until FROM watch_items ORDER BY id',
      )
      .all() as ItemState[]
    const alerts = db
      .prepare('SELECT value, kind, report_id AS reportId FROM watch_alerts ORDER BY id')
      .all() as { value: string; kind: string; reportId: string }[]
    return { items: new Map(items.map((i) => [i.value, i])), alerts }
  } finally {
    db.close()
  }
}

/** The folder's core in this process, on a clock `offsetMs` away from now (the test drives time). */
function coreAt(dataDir: string, offsetMs: number) {
  return openCore({
    dataDir,
    folderKey: FOLDER_KEY,
    connection: { baseUrl: proxyUrl, uploadUrl: registry.sandbox.uploadUrl },
    getApiKey: () => registry.key,
    clock: { now: () => Date.now() + offsetMs },
  })
}

const fileOn = (phone: string) =>
  inspector(registry.sandbox, registry.otherKey).createReport({
    fraudType: 'money_mule',
    fraudReason: uniqueReason('watch-kill'),
    identifiers: [{ label: 'bvn', value: phone }],
    attachments: [],
    showUploaderInfo: true,
  })

describe('casefile watch check, killed mid-round', () => {
  it('keeps every check recorded before the kill; the next runs search each identifier once more at most', async () => {
    const runCasefile = (args: string[]) =>
      runInProcess(args, { ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
    const dataDir = await sandboxFolder(runCasefile, {
      baseUrl: proxyUrl,
      uploadUrl: registry.sandbox.uploadUrl,
    })
    expect((await runCasefile(['watch', 'list', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    // One check a second (a run keeps the pace the settings say): the round stays short.
    const budget = ['watch', 'settings', '--budget', '3600', '--data-dir', dataDir]
    expect((await runCasefile(budget)).code).toBe(EXIT.ok)
    const stamp = String(Date.now()).slice(-6)
    // BVNs: a check is one search (a phone is asked in each of its spellings).
    const phones = Array.from({ length: 6 }, (_, i) => `2220${i}${stamp}`)

    // Watched and first checked two days ago (what was on file then kept, no alert); another
    // organization has filed on four of them since: all six are due, four with a new report.
    await fileOn(phones[1]!)
    await fileOn(phones[3]!)
    // On file before the items are added, by more than the registry clock's margin (a second):
    // a report filed since an item was added is an alert at its first check.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    const seeding = coreAt(dataDir, -2 * DAY)
    Watchlist.addNormalized(
      seeding,
      phones.map((value) => ({ type: 'bvn', value })),
      { random: () => 0 },
    )
    expect(await checkDue(seeding)).toMatchObject({ checked: 6, alerts: [] })
    await seeding.close()
    const filed = new Map<string, string>()
    for (const i of [0, 2, 3, 5]) filed.set(phones[i]!, (await fileOn(phones[i]!)).id)
    proxy.searched.clear()
    proxy.order.length = 0

    // The round: three searches answered and recorded, the fourth sent and never answered.
    proxy.holdNthSearch(4)
    const roundStart = Date.now()
    const killed = casefile(['watch', 'check', '--all', '--json', '--data-dir', dataDir])
    // Checks go one at a time: the fourth search is sent once the third check is committed.
    await until(() => proxy.held.length === 1, 'the fourth search to be in flight')
    killed.child.kill('SIGKILL')
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' })
    // Oldest-checked first: the order they were first checked in.
    expect(proxy.order).toEqual(phones.slice(0, 4))
    const inFlight = phones[3]!

    const afterKill = onDisk(dataDir)
    for (const phone of phones.slice(0, 3))
      expect(afterKill.items.get(phone)?.last_checked_at).toBeGreaterThanOrEqual(roundStart)
    for (const phone of phones.slice(3))
      expect(afterKill.items.get(phone)?.last_checked_at).toBeLessThan(roundStart)
    // The one in flight is still claimed by the killed process, until the lease lapses.
    expect(afterKill.items.get(inFlight)?.claim_until).toBeGreaterThan(Date.now())
    expect(afterKill.alerts).toEqual(
      [phones[0]!, phones[2]!].map((value) => ({
        value,
        kind: 'new_report',
        reportId: filed.get(value),
      })),
    )

    // The scheduler's next run: what the round had not reached, passing the claimed one by.
    const next = casefile(['watch', 'check', '--json', '--data-dir', dataDir])
    expect(await next.exited).toEqual({ code: EXIT.needsAttention, signal: null })
    expect(JSON.parse(next.stdout())).toMatchObject({
      checked: 2,
      alerts: [{ value: phones[5], kind: 'new_report', reportId: filed.get(phones[5]!) }],
    })
    expect(proxy.searched.get(inFlight)).toBe(1)

    // A run once the lease has lapsed (three minutes later, faketime's clock): the claimed one
    // is searched again. The registry answered its first search, but the answer died with the
    // process: asking once more is the one repeat a kill can cost, and the only one here.
    expect(CLAIM_LEASE_MS).toBeLessThan(3 * 60_000)
    const last = casefile(['watch', 'check', '--json', '--data-dir', dataDir], '+3m')
    expect(await last.exited).toEqual({ code: EXIT.needsAttention, signal: null })
    expect(JSON.parse(last.stdout())).toMatchObject({
      checked: 1,
      alerts: [{ value: inFlight, kind: 'new_report', reportId: filed.get(inFlight) }],
    })

    const end = onDisk(dataDir)
    // Searched once each in the round, but for the one in flight at the kill: twice.
    expect(Object.fromEntries(proxy.searched)).toEqual(
      Object.fromEntries(phones.map((p) => [p, p === inFlight ? 2 : 1])),
    )
    // The checks recorded before the kill were kept as they were, not done again.
    for (const phone of phones.slice(0, 3)) {
      expect(end.items.get(phone)?.last_checked_at).toBe(
        afterKill.items.get(phone)?.last_checked_at,
      )
      expect(end.items.get(phone)?.snapshot_json).toBe(afterKill.items.get(phone)?.snapshot_json)
    }
    // One alert for each report filed since the first check: none lost, none doubled.
    expect(end.alerts.map((a) => `${a.value} ${a.kind} ${a.reportId}`).sort()).toEqual(
      [...filed].map(([phone, id]) => `${phone} new_report ${id}`).sort(),
    )
    expect([...end.items.values()].every((i) => i.claim_token === null)).toBe(true)
  }, 90_000)
})
