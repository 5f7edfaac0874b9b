// The screening record as an audit trail (issue 40), read back by openpyxl as an auditor's
// tools would: a real-looking bank extract screened at --rate auto, its "About this record"
// sheet giving the input's SHA-256 and size, the registry, the organization, who ran it, the
// Casefile version, the pace and how it changed, the first search and the end on the
// registry's clock, and the limit of the registry's search; each identifier with its answer
// (searched now) and the spellings searched. A CSV record's facts are in its sidecar JSON.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import { upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { casefilePackage } from '../../../src/core/package-root'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import { exportRecord, recordAboutJson } from '../../../src/core/screening/screening-record'
import { setMaxSearchRate } from '../../../src/core/search/search-pace'
import { openTestCore } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import { tempFolder } from '../../cli/cli-harness'

const LISTING = join(
  __dirname,
  '../../fixtures/spreadsheets/bank-extracts/gtbank-customer-listing.xlsx',
)
const registry = useSandbox()
const cores: Core[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close(0)
})

/** A python3 that has openpyxl (Debian's python3-openpyxl, .ci/run). */
function python(): string {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const found = spawnSync(candidate, ['-c', 'import openpyxl'], { encoding: 'utf8' })
    if (found.status === 0) return candidate
  }
  throw new Error('No python3 with openpyxl: install python3-openpyxl (.ci/run does).')
}

/** Every sheet of the workbook as openpyxl reads it: name → rows of cell values as text. */
function openpyxlSheets(path: string): Record<string, string[][]> {
  const script = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1], read_only=True)
print(json.dumps({ws.title: [["" if c is None else str(c) for c in row] for row in ws.iter_rows(values_only=True)] for ws in book.worksheets}))
`
  const run = spawnSync(python(), ['-c', script, path], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as Record<string, string[][]>
}

describe('the screening record as an audit trail', () => {
  it('carries every fact an auditor asks for, read back with openpyxl', async () => {
    const casefile = openTestCore(registry.sandbox, { key: () => registry.key })
    cores.push(casefile)
    await refreshBanks(casefile)
    setMaxSearchRate(casefile, 40)
    // One report of the organization is saved in this folder: its name is known.
    upsertRegistryReports(
      casefile.db,
      'report',
      [
        {
          id: 'own-1',
          fraudReason: 'ours',
          reportingCompany: { businessName: 'Sandbox Bank Plc', id: 'org-1' },
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
      ],
      { own: true, seenAt: Date.now() },
    )
    const job = await Screening.startScreening(
      casefile,
      { kind: 'table', fileName: 'gtbank-customer-listing.xlsx', table: { path: LISTING } },
      { bank: '058', rate: 'auto', fresherThanMs: 7 * 86_400_000 },
    )
    expect((await runJob(casefile, job, { rate: 'auto' })).state).toBe('done')

    const dir = tempFolder('casefile-audit-')
    const path = join(dir, 'record.xlsx')
    await exportRecord(casefile, job, { path }, 'xlsx')
    const sheets = openpyxlSheets(path)
    const about = new Map((sheets['About this record'] ?? []).map(([k = '', v = '']) => [k, v]))
    const bytes = readFileSync(LISTING)
    expect(about.get('Input file SHA-256')).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(about.get('Input file size (bytes)')).toBe(String(statSync(LISTING).size))
    expect(about.get('Registry')).toBe(registry.sandbox.baseUrl)
    expect(about.get('Organization')).toBe('Sandbox Bank Plc')
    expect(about.get('Run by (this computer’s user)')).toBe(userInfo().username)
    expect(about.get('Casefile version')).toBe(casefilePackage()?.version)
    expect(about.get('Pace')).toMatch(/^auto: .*halve on a 429.*from \d/)
    expect(about.get('Pace changes (registry’s clock)')).toMatch(
      /\d{4}-\d\d-\d\dT.*\(start\).*\(end\)/,
    )
    expect(about.get('Earlier answers reused when younger than')).toBe('7 days')
    expect(about.get('Identifiers searched by this job')).toBe('12')
    const started = Date.parse(about.get('First search (registry’s clock)') ?? '')
    const ended = Date.parse(about.get('Job ended (registry’s clock)') ?? '')
    expect(ended).toBeGreaterThanOrEqual(started)
    expect(Math.abs(ended - Date.now())).toBeLessThan(120_000)
    expect(about.get('What the registry’s search returns')).toMatch(
      /listed reports only.*unlisted is not returned/,
    )

    // Each identifier: searched now, as of when, and the spellings sent for it.
    const [header = [], ...rows] = sheets['Screening record'] ?? []
    const column = (name: string) => header.indexOf(name)
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      expect(row[column('identifier_1_answer')]).toBe('searched now')
      expect(row[column('identifier_1_as_of')]).toMatch(/^\d{4}-\d\d-\d\dT/)
    }
    const spellings = rows.flatMap((row) =>
      header.flatMap((name, i) => (name.endsWith('_spellings_searched') ? [row[i] ?? ''] : [])),
    )
    expect(spellings).toContain('0012345671_gtbank')
    expect(spellings.some((s) => s.includes('Ada.Obi@Example.com') && s.includes('ada.obi@'))).toBe(
      true,
    )
    expect(spellings.some((s) => s.includes('08031112222') && s.includes('+2348031112222'))).toBe(
      true,
    )

    // A CSV record: the same facts, by key, in the JSON beside it.
    const json = JSON.parse(recordAboutJson(casefile, job)) as Record<string, unknown>
    expect(json).toMatchObject({
      inputSha256: about.get('Input file SHA-256'),
      inputBytes: bytes.length,
      registry: registry.sandbox.baseUrl,
      organization: 'Sandbox Bank Plc',
      osUser: userInfo().username,
      casefileVersion: casefilePackage()?.version,
      fresherThan: '7 days',
    })
    expect(json['searchLimit']).toMatch(/listed reports only/)
  }, 60_000)
})
