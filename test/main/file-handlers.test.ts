import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createFileHandlers } from '../../src/main/files/file-handlers'

const XLSX = Buffer.from('PK\u0003\u0004 workbook')
const CSV = Buffer.from('fraud_type,fraud_reason\nhacker,Short.\n')

function services(chosen: string | null, rows = 2) {
  const bulkRejectedRows = vi.fn(async ({ format }: { format: 'xlsx' | 'csv' }) => ({
    suggestedName: `cases-to-fix.${format}`,
    rows,
    base64: (format === 'xlsx' ? XLSX : CSV).toString('base64'),
  }))
  const chooseSavePath = vi.fn(async () => chosen)
  return { bulkRejectedRows, chooseSavePath, work: () => ({ bulkRejectedRows }) }
}

/*
 * The rows to fix of an import, saved from the window: main asks where in its own dialog (the
 * window never names a path nor handles the bytes) and writes the file the core made.
 */
describe('saving the rows to fix', () => {
  it('writes the file where the person chose, in the format its name says', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const xlsx = services(join(folder, 'to-fix.xlsx'))
    const saved = await createFileHandlers(xlsx).saveRejectedRows(undefined)
    expect(saved).toEqual({ saved: true, fileName: 'to-fix.xlsx', rows: 2 })
    expect(xlsx.chooseSavePath).toHaveBeenCalledWith('cases-to-fix.xlsx')
    expect(readFileSync(join(folder, 'to-fix.xlsx'))).toEqual(XLSX)

    const csv = services(join(folder, 'to-fix.csv'))
    await createFileHandlers(csv).saveRejectedRows(undefined)
    expect(csv.bulkRejectedRows).toHaveBeenLastCalledWith({ format: 'csv' })
    expect(readFileSync(join(folder, 'to-fix.csv'), 'utf8')).toBe(CSV.toString())

    // No extension: a workbook, named so.
    await createFileHandlers(services(join(folder, 'to-fix'))).saveRejectedRows(undefined)
    expect(existsSync(join(folder, 'to-fix.xlsx'))).toBe(true)
  })

  it('writes nothing when the dialog is closed or there is nothing to fix', async () => {
    const closed = services(null)
    expect(await createFileHandlers(closed).saveRejectedRows(undefined)).toEqual({
      saved: false,
      fileName: null,
      rows: 2,
    })
    const none = services('/nowhere/at-all.xlsx', 0)
    expect(await createFileHandlers(none).saveRejectedRows(undefined)).toMatchObject({
      saved: false,
      rows: 0,
    })
    expect(none.chooseSavePath).not.toHaveBeenCalled()
  })

  it('says in words why it could not be written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const target = join(folder, 'missing-folder', 'to-fix.xlsx')
    await expect(createFileHandlers(services(target)).saveRejectedRows(undefined)).rejects.toThrow(
      /to-fix\.xlsx could not be written|cannot be written/,
    )
  })
})
