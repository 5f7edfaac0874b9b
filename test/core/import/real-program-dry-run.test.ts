import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { EXIT } from '../../../src/cli/exit-codes'
import { runCasefile, sandboxFolder } from '../../cli/cli-harness'

/* `casefile import --dry-run` on spreadsheets written by real programs says what the import would. */

const registry = useSandbox()
const cli = (args: string[]) => runCasefile(args, { CASEFILE_API_KEY: registry.key })
const fixture = (name: string) => join(__dirname, '../../fixtures/spreadsheets/real-programs', name)

describe('a dry run of spreadsheets from real programs', () => {
  it('rejects the formula row of an openpyxl workbook naming each cell, and says which sheet of a workbook it read', async () => {
    const dataDir = await sandboxFolder(cli, registry.sandbox)
    const formulas = await cli([
      'import',
      fixture('openpyxl-formulas.xlsx'),
      '--dry-run',
      '--data-dir',
      dataDir,
    ])
    expect(formulas.code, formulas.stderr).toBe(EXIT.needsAttention)
    expect(formulas.stdout).toMatch(/^2 data rows: 1 would be queued, 1 rejected/m)
    for (const [cell, column] of [
      ['C2', 'show_uploader_info'],
      ['F2', 'nin'],
      ['G2', 'account_name'],
    ])
      expect(formulas.stdout).toContain(
        `${cell} ${column}: Cell ${cell} holds a formula whose value was never calculated: open and save the file in Excel or LibreOffice`,
      )

    const cover = await cli([
      'import',
      fixture('cover-sheet.xlsx'),
      '--dry-run',
      '--data-dir',
      dataDir,
    ])
    expect(cover.code, cover.stderr).toBe(EXIT.ok)
    expect(cover.stdout).toMatch(/^2 data rows: 2 would be queued, 0 rejected/m)
    expect(cover.stderr).toContain(
      "Note: Sheet 'Reports' was read: it is the first sheet whose row 1 holds the template's header",
    )

    const titled = await cli([
      'import',
      fixture('merged-title.xlsx'),
      '--dry-run',
      '--data-dir',
      dataDir,
    ])
    expect(titled.code).toBe(EXIT.usage)
    expect(titled.stderr).toContain(
      "Sheet 'Reports': The header must be row 1 of the sheet: delete the rows above it (row 2 holds the header)",
    )
  })
})
