import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCore, type Core } from '../../../src/core/open-core'
import * as Screening from '../../../src/core/screening/screening'
import { openJobIds } from '../../../src/core/screening/screening-store'
import { forgetCutOffWrites, writeJobInSlices } from '../../../src/core/screening/screening-write'
import { processHolder } from '../../../src/core/store/lease-holder'

const cores: Core[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close(0)
})

function folder(): Core {
  const core = openCore({
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-write-')),
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
  cores.push(core)
  return core
}

const input = (rows: number) => ({
  header: ['BVN'],
  problems: [],
  rows: Array.from({ length: rows }, (_, i) => ({
    rowNumber: i + 2,
    cells: [String(22_200_000_000 + i)],
    values: [
      {
        label: 'bvn' as const,
        value: String(22_200_000_000 + i),
        column: 'BVN',
        written: String(i),
      },
    ],
  })),
})

/** A job whose writing stopped before its last transaction (its process killed then). */
async function cutOff(core: Core, holder: string): Promise<number> {
  let written = 0
  await expect(
    writeJobInSlices(
      core.db,
      {
        fileName: 'book.csv',
        rate: 10,
        pace: 'fixed',
        fresherThanMs: null,
        audit: {},
        input: input(3000),
        now: Date.now(),
        holder,
        state: 'open',
      },
      (jobId) => {
        written = jobId
        throw new Error('killed')
      },
    ),
  ).rejects.toThrow('killed')
  return written
}

const count = (core: Core, table: string, jobId: number) =>
  (
    core.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE job_id = ?`).get(jobId) as {
      n: number
    }
  ).n

describe('a screening job written in slices', () => {
  it('is whole once started: every row, each identifier once, listed and run', async () => {
    const core = folder()
    const path = join(core.dataDir, 'book.csv')
    const lines = [
      'BVN',
      ...Array.from({ length: 2500 }, (_, i) => String(22_200_000_000 + (i % 2000))),
    ]
    writeFileSync(path, `${lines.join('\n')}\n`)
    const job = await Screening.startScreening(core, {
      kind: 'table',
      fileName: 'book.csv',
      table: { path },
    })
    expect(count(core, 'screening_rows', job)).toBe(2500)
    expect(count(core, 'screening_identifiers', job)).toBe(2000)
    expect(count(core, 'screening_row_identifiers', job)).toBe(2500)
    expect(Screening.listJobs(core).map((j) => [j.job, j.state])).toEqual([[job, 'open']])
    expect(openJobIds(core.db)).toEqual([job])
  })

  it('is neither listed nor run while a write is unfinished, and forgotten once its process is gone', async () => {
    const core = folder()
    const dead = await cutOff(core, `${hostname()}:999999999:gone`)
    const alive = await cutOff(core, processHolder())
    expect(count(core, 'screening_rows', dead)).toBeGreaterThan(0)
    expect(Screening.listJobs(core)).toEqual([])
    expect(openJobIds(core.db)).toEqual([])

    expect(forgetCutOffWrites(core.db, Date.now())).toBe(1)
    expect(count(core, 'screening_rows', dead)).toBe(0)
    expect(count(core, 'screening_identifiers', dead)).toBe(0)
    // This process's own write is still going on: kept, until it is too old to be one.
    expect(count(core, 'screening_rows', alive)).toBeGreaterThan(0)
    expect(forgetCutOffWrites(core.db, Date.now() + 2 * 3_600_000)).toBe(1)
    expect(count(core, 'screening_rows', alive)).toBe(0)
  })
})
