import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportRows, type ExportColumn } from '../../src/core/spreadsheet/export'
import { useTempDir } from './support'

/*
 * What Casefile writes for spreadsheet programs (the hits file, the screening record, rows to
 * fix and exports all go through exportRows), opened in a real one: LibreOffice, headless
 * (Debian's libreoffice-calc-nogui; .ci/run installs it, and without it this test fails). Each
 * payload's formula adds up to 1337, a number written nowhere in the file: if any cell comes
 * back as 1337, a formula was evaluated.
 */

const tempDir = useTempDir()

/** Formula starts behind what a program trims or does not show, full-width signs, separators. */
const LEADS = [
  '=',
  '+',
  '-',
  '@',
  '|',
  '\t=',
  '\r=',
  '\n=',
  ' =',
  '  =',
  '\u00a0=',
  '\u3000=',
  '\u2003=',
  '\u200b=',
  '\u200e=',
  '\u202e=',
  '\ufeff=',
  '\u2028=',
  '\uff1d',
  '\uff0b',
  '\uff0d',
  '\uff20',
  ';=',
  ',=',
  '; =',
  "'=",
  "' =",
]
/** The same payloads again behind a separator a program may split on where we wrote commas. */
const SPLIT = ['Paid\t=', 'Paid\t =', 'Paid;=', 'Paid|=', 'Paid, =']
const PAYLOADS = [...LEADS, ...SPLIT].flatMap((lead) => [`${lead}1000+337`, `${lead}SUM(1000;337)`])
const columns: ExportColumn<readonly [string, number]>[] = [
  { header: 'text', value: (r) => r[0] },
  { header: 'row', value: (r) => r[1] },
]

/** Opens `input` in LibreOffice Calc and saves it as CSV, formulas as their values. */
function libreOfficeAsCsv(dir: string, input: string, importFilter?: string): Promise<string> {
  const args = [
    `-env:UserInstallation=file://${join(dir, 'profile')}`,
    '--headless',
    ...(importFilter ? [`--infilter=${importFilter}`] : []),
    '--convert-to',
    'csv:Text - txt - csv (StarCalc):44,34,76,1',
    '--outdir',
    join(dir, 'out'),
    input,
  ]
  try {
    execFileSync('soffice', args, { stdio: 'pipe', timeout: 60_000 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'soffice is missing: install libreoffice-calc-nogui (Debian), as .ci/run does.',
      )
    throw error
  }
  const name = input
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '.csv')
  return readFile(join(dir, 'out', name), 'utf8')
}

describe('cells that start like formulas, opened in LibreOffice', () => {
  it('come back as text from CSV and XLSX: no formula evaluated, no cell split off', async () => {
    const dir = await tempDir()
    const rows = PAYLOADS.map((text, i) => [text, i + 1] as const)
    const csv = join(dir, 'hits.csv')
    const xlsx = join(dir, 'hits.xlsx')
    await exportRows(rows, columns, { path: csv }, { format: 'csv' })
    await exportRows(rows, columns, { path: xlsx }, { format: 'xlsx' })
    // As a person might import it: comma, tab, semicolon and pipe as separators, spaces
    // trimmed, formulas evaluated (CSV filter options 1, 11 and 13).
    const fromCsv = await libreOfficeAsCsv(
      dir,
      csv,
      'CSV:44/9/59/124,34,76,1,,1033,false,true,false,false,true,-1,true',
    )
    const fromXlsx = await libreOfficeAsCsv(dir, xlsx)
    for (const back of [fromCsv, fromXlsx]) {
      expect(back).not.toContain('1337')
      // Every payload is still in its own row, its number in the second column, nothing split.
      for (let i = 1; i <= PAYLOADS.length; i++) expect(back).toMatch(new RegExp(`",${i}\\r?\\n`))
    }
  }, 120_000)
})
