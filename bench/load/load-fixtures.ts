import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchReportRows } from '../bulk-fixture'
import { fillSearchCache } from '../offline-search-bench'
import type { RegistryClient } from '../../src/core/registry/registry-client'
import { bulkCsv, bulkRowCells } from '../../src/core/sync/bulk-file-of-reports'
import { writeXlsx } from '../../src/core/spreadsheet/xlsx-writer'
import * as Watchlist from '../../src/core/watchlist/watchlist'
import type { Core } from '../../src/core/open-core'

/**
 * The organization's reports filed on the registry in bulk files of 1,000, numbered from
 * `from` (an account each, at Access Bank): bench:load's and bench:submissions' own reports.
 */
export async function fileOwnReports(
  client: RegistryClient,
  from: number,
  count: number,
): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const n = from + start + i
      const row = bulkRowCells({
        fraudType: 'money_mule',
        fraudReason: `Case ${n}: funds from a hijacked account were moved through this account within minutes.`,
        identifiers: [{ label: 'account', value: `${String(4_000_000_000 + n)}_access-bank` }],
        attachments: [],
        showUploaderInfo: false,
      })
      if (!row.ok) throw new Error(row.message)
      return row.cells
    })
    const bytes = new TextEncoder().encode(bulkCsv(rows))
    await client.bulkUpload({ bytes, fileName: 'seed.csv', mimeType: 'text/csv' })
  }
}

/** Other organizations' reports and earlier searches, in the app's own folder; BVNs on them. */
export function fillCache(core: Core, reports: number): { fillMs: number; bvns: string[] } {
  const filled = fillSearchCache(core.db, { reports, ownShare: 0 })
  const bvns = filled.identifiers.filter((i) => i.identifier === 'bvn').map((i) => i.value)
  return { fillMs: filled.fillMs, bvns }
}

/** A screening list of BVNs, one a row (distinct per `offset`), as the window reads a file. */
export function bvnList(count: number, offset: number): Uint8Array {
  const lines = ['bvn']
  for (let i = 0; i < count; i++) lines.push(String(23_000_000_000 + offset + i))
  return new TextEncoder().encode(`${lines.join('\n')}\n`)
}

/** An XLSX of the bulk template: `rows` distinct valid reports from `offset`. */
export async function reportsWorkbook(
  dir: string,
  name: string,
  rows: number,
  offset: number,
): Promise<Uint8Array> {
  const path = join(dir, name)
  await writeXlsx({ path }, [
    { name: 'Reports', header: true, rows: benchReportRows(rows, { offset, bankBy: 'slug' }) },
  ])
  return readFileSync(path)
}

/** Phones on the watchlist (each asked in every spelling a phone has). */
export function watchPhones(core: Core, count: number): void {
  Watchlist.addNormalized(
    core,
    Array.from({ length: count }, (_, i) => ({ type: 'phone', value: `0705${4_000_000 + i}` })),
  )
}
