import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCore, type Core } from '../../../src/core/open-core'
import * as Screening from '../../../src/core/screening/screening'
import { jobProgress, readJobProgress } from '../../../src/core/screening/screening-progress'
import { startReader } from '../../../src/core/store/read-thread'
import {
  hitLinks,
  jobAnswers,
  totalsOf,
  uncheckedRows,
} from '../../../src/core/screening/screening-results'
import {
  jobRow,
  markAnswered,
  markFailed,
  type IdentifierRow,
} from '../../../src/core/screening/screening-store'

const cores: Core[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close(0)
})

/**
 * A job with every outcome a row can have: hits (own and public), clean, an identifier the
 * registry refused, rows never searched, a row with an unreadable cell beside a clean
 * identifier, and a row whose identifier columns are empty.
 */
async function variedJob(rows: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-progress-'))
  const core = openCore({
    dataDir,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
  cores.push(core)
  const lines = ['Name,BVN,Phone']
  for (let i = 0; i < rows; i++)
    lines.push(
      i === 7
        ? 'Empty,,'
        : i === 9
          ? `Unreadable,123,080${String(20_000_000 + i)}`
          : `Customer ${i},${22_200_000_000 + i},080${String(20_000_000 + i)}`,
    )
  const path = join(dataDir, 'list.csv')
  writeFileSync(path, `${lines.join('\n')}\n`)
  const job = await Screening.startScreening(
    core,
    { kind: 'table', fileName: 'list.csv', table: { path } },
    { offline: true },
  )
  const identifiers = core.db
    .prepare('SELECT * FROM screening_identifiers WHERE job_id = ? ORDER BY id')
    .all(job) as IdentifierRow[]
  const at = Date.parse('2026-03-14T09:00:00.000Z')
  identifiers.forEach((identifier, i) => {
    if (i % 10 === 0)
      markAnswered(core.db, identifier.id, { reportIds: [`own-${i}`], publicReportIds: [] }, at)
    else if (i % 10 === 1)
      markAnswered(core.db, identifier.id, { reportIds: [], publicReportIds: [`pub-${i}`] }, at)
    else if (i % 10 === 2) markFailed(core.db, identifier.id, 'The registry refused this value.')
    else if (i % 10 < 7)
      markAnswered(core.db, identifier.id, { reportIds: [], publicReportIds: [] }, at)
    // The rest are never searched.
  })
  return { core, job }
}

describe("a screening job's progress, counted in SQL", () => {
  it('gives the same totals, rows not fully checked and hits as reading every answer', async () => {
    const { core, job } = await variedJob(120)
    const answers = jobAnswers(core.db, job)
    const progress = jobProgress(core.db, jobRow(core.db, job)!, { limit: 10_000 })
    expect(progress.totals).toEqual(totalsOf(answers))
    expect(progress.totals.hits).toBeGreaterThan(0)
    expect(progress.totals.clean).toBeGreaterThan(0)
    expect(progress.totals.partly).toBeGreaterThan(0)
    expect(progress.totals.notChecked).toBeGreaterThan(0)
    expect(progress.totals.unread).toBeGreaterThan(0)
    expect(progress.unchecked).toEqual(uncheckedRows(answers))
    expect(progress.hitLinks).toEqual(hitLinks(answers))
    expect(progress.more).toBe(false)
    expect(progress.moreUnchecked).toBe(false)
  })

  it('gives a page of hits and of rows not fully checked, and says there are more', async () => {
    const { core, job } = await variedJob(120)
    const answers = jobAnswers(core.db, job)
    const view = Screening.showJob(core, job, { offset: 3, limit: 5 })
    expect(view.hits.map((h) => h.row)).toEqual(
      hitLinks(answers)
        .slice(3, 8)
        .map((l) => l.row),
    )
    expect(view.more).toBe(true)
    expect(view.unchecked).toEqual(uncheckedRows(answers).slice(0, 5))
    expect(view.moreUnchecked).toBe(true)
    expect(view.totals).toEqual(totalsOf(answers))
  })

  it('keeps a row answered between its count and its page in the outcome it was counted with', async () => {
    const { core, job } = await variedJob(40)
    const pending = core.db
      .prepare('SELECT id FROM screening_identifiers WHERE job_id = ? AND checked_at IS NULL')
      .all(job) as { id: number }[]
    expect(pending.length).toBeGreaterThan(0)
    // The counts read first (as on the reading thread), then every identifier answered clean
    // before the page is read: as a running job does between the two reads.
    const reader = startReader(core.db, ':memory:')
    const racing = {
      ...reader,
      read: async (queries: Parameters<typeof reader.read>[0]) => {
        const answers = await reader.read(queries)
        for (const { id } of pending)
          markAnswered(core.db, id, { reportIds: [], publicReportIds: [] }, Date.now())
        return answers
      },
    }
    const progress = await readJobProgress({ db: core.db, reader: racing }, jobRow(core.db, job)!, {
      limit: 100,
    })
    expect(progress.unchecked.length).toBeGreaterThan(0)
    for (const row of progress.unchecked) {
      expect(['partly', 'unchecked', 'unread']).toContain(row.outcome)
      expect(row.reason).not.toBe('')
    }
  })

  it("answers the window's poll the same from the reading thread", async () => {
    const { core, job } = await variedJob(60)
    expect(await core.reader.warmUp()).toBe(true)
    expect(await Screening.readShowJob(core, job, { limit: 20 })).toEqual(
      Screening.showJob(core, job, { limit: 20 }),
    )
    expect(await Screening.readListJobs(core)).toEqual(Screening.listJobs(core))
  })
})
