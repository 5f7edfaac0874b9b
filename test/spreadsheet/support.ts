import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import {
  readTableRows,
  type ReadTableOptions,
  type TableSource,
} from '../../src/core/spreadsheet/read-table'
import type { TableRow } from '../../src/core/spreadsheet/table-row'

export { BANKS, REASON } from '../fixtures/spreadsheets/fixture-values'

export const FIXTURES = join(__dirname, '../fixtures/spreadsheets')
export const fixture = (name: string) => ({ path: join(FIXTURES, name) })

export const utf8 = (text: string) => new TextEncoder().encode(text)

export async function allRows(
  source: TableSource,
  options?: ReadTableOptions,
): Promise<TableRow[]> {
  const rows: TableRow[] = []
  for await (const row of readTableRows(source, options)) rows.push(row)
  return rows
}

/** A temp directory removed after the test. */
export function useTempDir(): () => Promise<string> {
  const dirs: string[] = []
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
  })
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'casefile-sheet-'))
    dirs.push(dir)
    return dir
  }
}

/** Resolves to the error a promise rejects with (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}
