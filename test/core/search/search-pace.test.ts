// The folder's pace of background searches (issue 40): additive increase while answers come
// back promptly, halved once a round trip on a 429, never above the organization's ceiling,
// one pace for every process on the folder (two cores on one folder stand for the app and a
// scheduled `casefile`), and a screening at --rate auto against a registry that lets 5
// searches a second through: nothing is sent inside a Retry-After and the pace stays at or
// under the registry's limit.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import { exchangeLog } from '../../../src/core/log/log'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import {
  DEFAULT_MAX_SEARCH_RATE,
  START_RATE,
  maxSearchRate,
  searchPaceOf,
  setMaxSearchRate,
} from '../../../src/core/search/search-pace'
import { openTestCore } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'

const registry = useSandbox()
const cores: Core[] = []
afterEach(async () => {
  registry.sandbox.clearFaults()
  for (const core of cores.splice(0)) await core.close(0)
})

function open(dataDir?: string): Core {
  const core = openTestCore(registry.sandbox, {
    key: () => registry.key,
    ...(dataDir ? { dataDir } : {}),
  })
  cores.push(core)
  return core
}

describe("the folder's pace", () => {
  it('starts low, rises with prompt answers, halves once a round trip on a 429, within the ceiling', async () => {
    const core = open()
    const pace = searchPaceOf(core)
    expect(pace.current()).toMatchObject({ rate: START_RATE, ceiling: DEFAULT_MAX_SEARCH_RATE })
    for (let n = 0; n < 20; n++) pace.answered(5)
    const turn = await pace.takeTurn()
    // Twenty prompt answers from 2 a second: about a step of 1 a second per second of them.
    expect(pace.current().rate).toBeGreaterThan(START_RATE + 4)
    // Two 429s for searches sent before the halving: halved once, not twice.
    pace.refused({ at: turn.at, rate: pace.current().rate })
    const halved = pace.current().rate
    pace.refused(turn)
    expect(pace.current().rate).toBe(halved)
    // The organization's ceiling holds whatever the answers.
    setMaxSearchRate(core, 3)
    expect(maxSearchRate(core.db)).toBe(3)
    for (let n = 0; n < 200; n++) pace.answered(5)
    await pace.takeTurn()
    expect(pace.current().rate).toBe(3)
  })

  it('is one pace for every process on the folder: turns are shared, and so is a halving', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-pace-'))
    const app = searchPaceOf(open(dataDir))
    const cli = searchPaceOf(open(dataDir))
    const turns: number[] = []
    const started = Date.now()
    await Promise.all(
      [app, cli].map(async (pace) => {
        for (let n = 0; n < 3; n++) turns.push((await pace.takeTurn()).at)
      }),
    )
    // Six turns at 2 a second between the two: 2.5 s at least, whoever took them.
    expect(Math.max(...turns) - started).toBeGreaterThanOrEqual(2400)
    const before = cli.current().rate
    app.refused({ at: Date.now(), rate: before })
    expect(cli.current().rate).toBeCloseTo(before / 2)
  })

  it('screening at --rate auto sends nothing inside a Retry-After and stays within the registry’s limit', async () => {
    const core = open()
    await refreshBanks(core)
    setMaxSearchRate(core, 50)
    // The pace as a run that already rose would have it, above what the registry allows.
    const pace = searchPaceOf(core)
    for (let n = 0; n < 300; n++) pace.answered(5)
    await pace.takeTurn()
    const risen = pace.current().rate
    expect(risen).toBeGreaterThan(8)
    registry.sandbox.setFaults([
      { kind: 'rate_limit', route: 'search', perSecond: 5, retryAfterSeconds: 1 },
    ])
    const dir = mkdtempSync(join(tmpdir(), 'casefile-auto-'))
    const lines = ['Email', ...Array.from({ length: 40 }, (_, i) => `auto${i}@pace.example`)]
    writeFileSync(join(dir, 'auto.csv'), `${lines.join('\n')}\n`)
    const job = await Screening.startScreening(
      core,
      { kind: 'table', fileName: 'auto.csv', table: { path: join(dir, 'auto.csv') } },
      { rate: 'auto' },
    )
    expect((await runJob(core, job, { rate: 'auto' })).state).toBe('done')
    const log = exchangeLog(core, { limit: 10_000 }).filter((e) => e.endpoint.includes('search'))
    const refused = log.filter((e) => e.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    const quiets = refused.map((e) => Date.parse(e.at) + e.durationMs)
    const inside = log.filter((e) => {
      const at = Date.parse(e.at)
      return e.status != null && quiets.some((from) => at > from && at < from + 1000)
    })
    expect(inside).toEqual([])
    // Come down towards the limit (the bench follows a longer run down to it: at or below 5).
    expect(pace.current().rate).toBeLessThan(risen * 0.8)
  }, 60_000)
})
