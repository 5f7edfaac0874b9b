// npm run bench:watch — the watchlist's politeness and speed, printed (never asserted in tests):
// 1,000 watched phones, checked daily within the default hourly budget, over the in-memory
// registry on a driven clock (no real waiting). Day 1 is the first check of every item (what is
// on file, no alerts); days 2 and 3 are re-checks, with reports filed on 50
// watched phones at random times of day 2 and a 429 asking for 30 minutes of quiet at 15:00.
// Printed: checks made (target one per item per period) and requests (a phone is asked in each
// spelling the identifier rules accept, seven; the reports are filed in each of them in turn,
// one in seven as 080…), and requests per check, none inside a Retry-After, the
// largest burst in any minute, the longest time from a report being filed to its alert, and
// the core's CPU per check and while it waits between checks (real timers, nothing due).
import type { CoreContext } from '../src/core/core-context'
import { migrate } from '../src/core/store/migrations'
import { FolderClock } from '../src/core/sync/folder-clock'
import { registryQuietUntil } from '../src/core/search/polite-search'
import * as Watchlist from '../src/core/watchlist/watchlist'
import { DEFAULT_HOURLY_BUDGET, HOUR_MS, watchTick } from '../src/core/watchlist/watch-check'
import { runWatchlist } from '../src/core/watchlist/watch-runs'
import { MemoryRegistry } from '../test/support/memory-registry'
import { DAY, MINUTE, drivenClock, reportInput } from '../test/support/memory-engine'
import { tempStore } from '../test/support/temp-store'
import { nigerianPhoneSpellings } from '../src/shared/domain/identifiers'
import { CoreKept } from '../src/core/core-kept'

const ITEMS = 1000
const FILED = 50

const { db } = tempStore('casefile-watch-bench-')
migrate(db)
const clock = drivenClock()
const registry = new MemoryRegistry({ now: () => clock.now(), laptop: clock })
const requests: { at: number; quiet: boolean }[] = []
let core: CoreContext = null as unknown as CoreContext
const client = {
  ...registry.client,
  quietUntil: () => 0,
  searchReports: (...args: Parameters<typeof registry.client.searchReports>) => {
    requests.push({ at: clock.now(), quiet: registryQuietUntil(core) > clock.now() })
    return registry.client.searchReports(...args)
  },
}
core = {
  db,
  clock,
  folderClock: new FolderClock(db, clock),
  client,
  reachability: { current: () => ({ state: 'online' }), onChange: () => () => undefined },
  kept: new CoreKept(),
} as unknown as CoreContext

const phones = Array.from({ length: ITEMS }, (_, i) => `0803${String(4_000_000 + i)}`)
Watchlist.addNormalized(
  core,
  phones.map((value) => ({ type: 'phone', value })),
)
const start = clock.now()

// Reports to file during day 2, and a 429 at 15:00 on day 2.
const filings = Array.from({ length: FILED }, (_, i) => ({
  at: start + DAY + Math.floor(Math.random() * DAY),
  phone: phones[(i * 7919) % ITEMS] as string,
  // Written as another bank may write it, each accepted spelling in turn (+23408…, 00234… too):
  // found because a phone is asked in each spelling.
  spelling: i,
  id: '',
})).sort((a, b) => a.at - b.at)
const spellingsOf = (phone: string) => nigerianPhoneSpellings(phone) ?? [phone]
const SPELLINGS = spellingsOf(phones[0] as string).length
const rateLimitAt = start + DAY + 15 * HOUR_MS
let rateLimited = false
const alertAt = new Map<string, number>()
async function main(): Promise<void> {
  let ticks = 0
  let cpuChecks = 0
  const checkTimes: number[] = []
  const cpuStart = process.cpuUsage()

  const end = start + 3 * DAY
  for (;;) {
    const now = clock.now()
    for (const filing of filings)
      if (!filing.id && filing.at <= now)
        filing.id = registry.file(
          {
            ...reportInput('bench'),
            identifiers: [
              {
                label: 'phone',
                value: spellingsOf(filing.phone)[
                  filing.spelling % spellingsOf(filing.phone).length
                ] as string,
              },
            ],
          },
          { own: false },
        )
    if (!rateLimited && now >= rateLimitAt) {
      rateLimited = true
      registry.fail('search', { kind: 'rate_limited', retryAfterMs: 30 * MINUTE })
    }
    const tick = await watchTick(core)
    ticks++
    if (tick.checked) cpuChecks++
    if (tick.checked && !tick.failure) checkTimes.push(clock.now())
    for (const alert of tick.alerts) alertAt.set(alert.report_id, clock.now())
    // The next thing to happen: the watcher's wake-up, a filing, or the 429.
    const pending = filings.filter((f) => !f.id).map((f) => f.at)
    const next = Math.min(tick.nextAt ?? end, ...pending, rateLimited ? Infinity : rateLimitAt, end)
    if (next >= end) break
    clock.set(Math.max(next, now))
  }
  const cpu = process.cpuUsage(cpuStart)

  const onDay = (times: readonly number[], d: number) =>
    times.filter((at) => at >= start + d * DAY && at < start + (d + 1) * DAY).length
  const day = (d: number) =>
    onDay(
      requests.map((r) => r.at),
      d,
    )
  const checksOn = (d: number) => onDay(checkTimes, d)
  const perMinute = new Map<number, number>()
  for (const r of requests)
    perMinute.set(Math.floor(r.at / MINUTE), (perMinute.get(Math.floor(r.at / MINUTE)) ?? 0) + 1)
  const perHour = new Map<number, number>()
  for (const r of requests)
    perHour.set(Math.floor(r.at / HOUR_MS), (perHour.get(Math.floor(r.at / HOUR_MS)) ?? 0) + 1)
  const latencies = filings.map((f) => (alertAt.get(f.id) ?? Infinity) - f.at)
  const fmtH = (ms: number) =>
    Number.isFinite(ms) ? `${(ms / HOUR_MS).toFixed(1)} h` : 'never (not due again by the end)'

  // The core while it waits: the real watcher with real timers, nothing due, for 2 s.
  const idleClock = { now: () => Date.now() }
  const idleCore = { ...core, clock: idleClock } as CoreContext
  db.prepare('UPDATE watch_items SET next_check_at = ?').run(Date.now() + DAY)
  const watcher = runWatchlist(idleCore)
  await new Promise((resolve) => setTimeout(resolve, 200))
  const idleStart = process.cpuUsage()
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const idle = process.cpuUsage(idleStart)
  await watcher.stop()

  console.log(
    `Watchlist bench: ${ITEMS} phones, daily, budget ${DEFAULT_HOURLY_BUDGET} checks/hour`,
  )
  console.log(
    `  checks day 1 (first checks): ${checksOn(0)}   day 2: ${checksOn(1)}   day 3: ${checksOn(2)}   target ${ITEMS} each (one per item)`,
  )
  console.log(
    `  requests day 1: ${day(0)}   day 2: ${day(1)}   day 3: ${day(2)}   (a phone's check asks its ${SPELLINGS} spellings: target ${SPELLINGS * ITEMS})`,
  )
  console.log(
    `  requests per check: ${(requests.length / Math.max(1, checkTimes.length)).toFixed(2)} (${requests.length} requests, ${checkTimes.length} checks answered)`,
  )
  console.log(
    `  requests inside a Retry-After: ${requests.filter((r) => r.quiet).length} (one 429 of 30 min on day 2)`,
  )
  console.log(
    `  largest burst: ${Math.max(...perMinute.values())} in a minute, ${Math.max(...perHour.values())} in an hour`,
  )
  console.log(
    `  filed → alert, ${FILED} reports filed on day 2 (each spelling in turn): longest ${fmtH(Math.max(...latencies.filter(Number.isFinite)))}, alerted ${latencies.filter(Number.isFinite).length}/${FILED}`,
  )
  console.log(
    `  CPU: ${((cpu.user + cpu.system) / 1000 / Math.max(1, cpuChecks)).toFixed(2)} ms a check (${cpuChecks} checks, ${ticks} wake-ups); waiting between checks: ${((idle.user + idle.system) / 1000).toFixed(1)} ms over 2 s`,
  )
}

void main()
