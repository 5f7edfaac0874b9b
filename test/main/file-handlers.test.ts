import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createFileHandlers } from '../../src/main/files/file-handlers'
import { callContract, isContractMethod } from '../../src/shared/call-contract'
import type { ContractHandlers } from '../../src/shared/contracts'
import type { CaseExportWhat } from '../../src/shared/contracts/case-export'
import type { WorkHandlers } from '../../src/shared/contracts/work'

const XLSX = Buffer.from('PK\u0003\u0004 workbook')
const CSV = Buffer.from('fraud_type,fraud_reason\nhacker,Short.\n')
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')
const ZIP = Buffer.from('PK\u0003\u0004 case file')

const SIGNED = { subject: 'CN=Lagoon MFB fraud desk', fingerprint: 'AB:CD' }

function services(
  chosen: string | null,
  rows = 2,
  written: Awaited<ReturnType<WorkHandlers['caseExportWrite']>> | null = null,
) {
  const bulkRejectedRows = vi.fn(async ({ format }: { format: 'xlsx' | 'csv' }) => ({
    suggestedName: `cases-to-fix.${format}`,
    rows,
    base64: (format === 'xlsx' ? XLSX : CSV).toString('base64'),
  }))
  const attachmentCopy = vi.fn(async (ref: { kind: string }) =>
    ref.kind === 'kept'
      ? { ok: true as const, fileName: 'statement.pdf', bytes: new Uint8Array(PDF) }
      : { ok: false as const, message: 'The registry no longer has this file.' },
  )
  // The core's side of a case's export: the name first, then the zip written at the path given.
  const caseExportOffer = vi.fn(async (what: CaseExportWhat) =>
    (what.kind === 'report' ? what.id === 'r1' : what.caseId === 'case-0123456789')
      ? {
          outcome: 'offered' as const,
          fileName:
            what.kind === 'report'
              ? 'case-r1-20260314-090503.zip'
              : 'case-0123456789-20260314-090503.zip',
        }
      : {
          outcome: 'refused' as const,
          message:
            what.kind === 'report'
              ? `No case file was made of ${what.id}.`
              : `No case ${what.caseId} in this data folder.`,
        },
  )
  const caseExportWrite = vi.fn(async ({ path }: { what: CaseExportWhat; path: string }) => {
    if (written) return written
    writeFileSync(path, ZIP, { mode: 0o600 })
    return {
      outcome: 'written' as const,
      fingerprint: 'f'.repeat(64),
      signedBy: SIGNED,
      savedCopies: [],
    }
  })
  const screeningExport = vi.fn(
    async ({
      job,
      format,
      content = 'hits',
    }: {
      job: number
      format: 'xlsx' | 'csv'
      content?: 'hits' | 'record'
    }) => ({
      suggestedName: `screening-${job}-${content}.${format}`,
      rows,
      base64: (format === 'xlsx' ? XLSX : CSV).toString('base64'),
    }),
  )
  const chooseSavePath = vi.fn(async () => chosen)
  return {
    bulkRejectedRows,
    attachmentCopy,
    caseExportOffer,
    caseExportWrite,
    screeningExport,
    chooseSavePath,
    log: vi.fn(),
    work: () => ({
      bulkRejectedRows,
      attachmentCopy,
      caseExportOffer,
      caseExportWrite,
      screeningExport,
    }),
  }
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

/* A copy of an attachment: the core reads it (by id or a report's link), main asks where and writes it. */
describe('saving a copy of an attachment', () => {
  it('suggests its original name and writes its bytes where the person chose', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const chosen = services(join(folder, 'evidence.pdf'))
    const saved = await createFileHandlers(chosen).saveAttachment({
      kind: 'kept',
      attachmentId: 'a1',
    })
    expect(saved).toEqual({ saved: true, fileName: 'evidence.pdf', message: null })
    expect(chosen.chooseSavePath).toHaveBeenCalledWith('statement.pdf', 'attachment')
    expect(readFileSync(join(folder, 'evidence.pdf'))).toEqual(PDF)
  })

  it('asks nothing when the file cannot be had, and writes nothing when the dialog is closed', async () => {
    const refused = services('/nowhere/x.pdf')
    expect(
      await createFileHandlers(refused).saveAttachment({
        kind: 'link',
        reportId: 'r1',
        url: 'https://registry.example.com/files/a.pdf',
      }),
    ).toEqual({ saved: false, fileName: null, message: 'The registry no longer has this file.' })
    expect(refused.chooseSavePath).not.toHaveBeenCalled()
    expect(
      await createFileHandlers(services(null)).saveAttachment({ kind: 'kept', attachmentId: 'a1' }),
    ).toEqual({ saved: false, fileName: null, message: null })
  })
})

/*
 * A report's case file: the core names it, main asks where (a .zip), and only then does the core
 * make it and write it there. The window never names the path; the bytes never cross to main.
 */
describe('saving a case file', () => {
  it('suggests its name, then has the core write it where the person chose, as a .zip', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const chosen = services(join(folder, 'for-the-police'))
    expect(await createFileHandlers(chosen).saveCaseFile({ id: 'r1' })).toEqual({
      saved: true,
      fileName: 'for-the-police.zip',
      fingerprint: 'f'.repeat(64),
      signedBy: SIGNED,
      message: null,
    })
    expect(chosen.chooseSavePath).toHaveBeenCalledWith('case-r1-20260314-090503.zip', 'case-file')
    expect(chosen.caseExportWrite).toHaveBeenCalledWith({
      what: { kind: 'report', id: 'r1' },
      path: join(folder, 'for-the-police.zip'),
    })
    expect(readFileSync(join(folder, 'for-the-police.zip'))).toEqual(ZIP)
  })

  it('asks nothing when no case file can be made, and makes nothing when the dialog is closed', async () => {
    const refused = services('/nowhere/x.zip')
    expect(await createFileHandlers(refused).saveCaseFile({ id: 'r2' })).toEqual({
      saved: false,
      fileName: null,
      fingerprint: null,
      signedBy: null,
      message: 'No case file was made of r2.',
    })
    expect(refused.chooseSavePath).not.toHaveBeenCalled()
    const closed = services(null)
    expect(await createFileHandlers(closed).saveCaseFile({ id: 'r1' })).toEqual({
      saved: false,
      fileName: null,
      fingerprint: null,
      signedBy: null,
      message: null,
    })
    expect(closed.caseExportWrite).not.toHaveBeenCalled()
  })
})

/* A case's bundle, saved as a report's case file is: main's dialog, the core's zip written there. */
describe('saving a case', () => {
  it('has the zip written where the person chose, with .zip, and says its fingerprint and signer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const chosen = services(join(folder, 'mule-network'))
    expect(await createFileHandlers(chosen).saveCase({ caseId: 'case-0123456789' })).toEqual({
      saved: true,
      fileName: 'mule-network.zip',
      fingerprint: 'f'.repeat(64),
      signedBy: SIGNED,
      message: null,
    })
    expect(chosen.chooseSavePath).toHaveBeenCalledWith(
      'case-0123456789-20260314-090503.zip',
      'case',
    )
    expect(chosen.caseExportWrite).toHaveBeenCalledWith({
      what: { kind: 'case', caseId: 'case-0123456789' },
      path: join(folder, 'mule-network.zip'),
    })
    expect(readFileSync(join(folder, 'mule-network.zip'))).toEqual(ZIP)
  })

  it('asks nothing when no bundle can be made, and makes nothing when the dialog is closed', async () => {
    const refused = services('/nowhere/x.zip')
    expect(await createFileHandlers(refused).saveCase({ caseId: 'case-ffffffffff' })).toEqual({
      saved: false,
      fileName: null,
      fingerprint: null,
      signedBy: null,
      message: 'No case case-ffffffffff in this data folder.',
    })
    expect(refused.chooseSavePath).not.toHaveBeenCalled()
    const closed = services(null)
    expect(await createFileHandlers(closed).saveCase({ caseId: 'case-0123456789' })).toEqual({
      saved: false,
      fileName: null,
      fingerprint: null,
      signedBy: null,
      message: null,
    })
    expect(closed.caseExportWrite).not.toHaveBeenCalled()
  })

  it('words what the core could not write, with no path nor system code; the code goes to the log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const said = async (
      reason: 'permission_denied' | 'disk_full' | 'folder_missing' | 'not_a_file' | 'failed',
    ) => {
      const double = services(join(folder, 'bundle.zip'), 2, {
        outcome: 'unwritten',
        reason,
        errno: 'EXYZ',
      })
      const answer = await createFileHandlers(double).saveCase({ caseId: 'case-0123456789' })
      expect(answer).toMatchObject({ saved: false, fileName: null, signedBy: null })
      expect(double.log).toHaveBeenCalledWith('bundle.zip was not written (EXYZ)')
      expect(answer.message).not.toMatch(/EXYZ|\/|casefile-save/)
      return answer.message
    }
    expect(await said('permission_denied')).toBe(
      'bundle.zip cannot be written there: permission denied. Choose a folder you can write to.',
    )
    expect(await said('disk_full')).toBe(
      'bundle.zip cannot be written: the disk is full. Make room, or choose another disk.',
    )
    expect(await said('folder_missing')).toBe(
      'bundle.zip cannot be written: the folder chosen is no longer there. Choose another.',
    )
    expect(await said('not_a_file')).toMatch(/a folder of that name is in the way/)
    expect(await said('failed')).toBe(
      'bundle.zip could not be written there. Try again, or choose another folder.',
    )
  })

  it('replaces nothing the dialog did not ask about: a name typed without .zip whose .zip exists', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    writeFileSync(join(folder, 'mule-network.zip'), 'an earlier bundle')
    const typed = services(join(folder, 'mule-network'))
    const answer = await createFileHandlers(typed).saveCase({ caseId: 'case-0123456789' })
    expect(answer).toMatchObject({ saved: false, fileName: null })
    expect(answer.message).toMatch(/^mule-network\.zip is already there, .*nothing was written/)
    expect(typed.caseExportWrite).not.toHaveBeenCalled()
    expect(readFileSync(join(folder, 'mule-network.zip'), 'utf8')).toBe('an earlier bundle')
    // Chosen by its own name, the dialog asked: the core replaces it (whole, or not at all).
    const chosen = services(join(folder, 'mule-network.zip'))
    expect((await createFileHandlers(chosen).saveCase({ caseId: 'case-0123456789' })).saved).toBe(
      true,
    )
    expect(readFileSync(join(folder, 'mule-network.zip'))).toEqual(ZIP)
  })

  it('refuses an answer from the core that does not fit the contract (both hops are checked)', async () => {
    const double = services('/tmp/x.zip')
    double.caseExportOffer.mockResolvedValueOnce({
      outcome: 'offered',
      fileName: '',
    } as never)
    await expect(
      createFileHandlers(double).saveCase({ caseId: 'case-0123456789' }),
    ).rejects.toThrow()
    expect(double.chooseSavePath).not.toHaveBeenCalled()
  })
})

/*
 * The window cannot name where a case's zip goes: saveCase and saveCaseFile take an id and
 * nothing else, and what writes at a path is not a window channel at all (main alone calls it).
 */
describe('no path from the window', () => {
  it('refuses a path given with the id, and has no channel that takes one', async () => {
    const double = services('/tmp/chosen.zip')
    const handlers = createFileHandlers(double) as unknown as ContractHandlers
    for (const [method, input] of [
      ['saveCase', { caseId: 'case-0123456789', path: '/tmp/evil.zip' }],
      ['saveCaseFile', { id: 'r1', path: '/tmp/evil.zip' }],
    ] as const) {
      const result = await callContract(method, [input], handlers)
      expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    }
    expect(double.caseExportOffer).not.toHaveBeenCalled()
    for (const method of ['caseExportOffer', 'caseExportWrite', 'caseBuild', 'caseFileBuild'])
      expect(isContractMethod(method), method).toBe(false)
  })
})

/* A screening job's hits, saved from the window as the rows to fix are: main's dialog, the core's bytes. */
describe('saving the hits of a screening', () => {
  it('writes the file where the person chose, in the format its name says', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const xlsx = services(join(folder, 'hits.xlsx'), 3)
    expect(await createFileHandlers(xlsx).saveScreeningHits({ job: 4 })).toEqual({
      saved: true,
      fileName: 'hits.xlsx',
      rows: 3,
    })
    expect(xlsx.chooseSavePath).toHaveBeenCalledWith('screening-4-hits.xlsx', 'screening-hits')
    expect(readFileSync(join(folder, 'hits.xlsx'))).toEqual(XLSX)
    const csv = services(join(folder, 'hits.csv'))
    await createFileHandlers(csv).saveScreeningHits({ job: 4 })
    expect(csv.screeningExport).toHaveBeenLastCalledWith({ job: 4, format: 'csv', content: 'hits' })
    expect(readFileSync(join(folder, 'hits.csv'))).toEqual(CSV)
  })

  it('asks nothing when there is no hit, and writes nothing when the dialog is closed', async () => {
    const none = services('/never', 0)
    expect(await createFileHandlers(none).saveScreeningHits({ job: 1 })).toEqual({
      saved: false,
      fileName: null,
      rows: 0,
    })
    expect(none.chooseSavePath).not.toHaveBeenCalled()
    expect(await createFileHandlers(services(null)).saveScreeningHits({ job: 1 })).toEqual({
      saved: false,
      fileName: null,
      rows: 2,
    })
  })
})

/* Every row of a screening with its outcome: the same path as the hits, its own name and title. */
describe('saving the screening record', () => {
  it('asks the core for the record, offers its own name, and writes the format chosen', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
    const xlsx = services(join(folder, 'record.xlsx'), 2000)
    expect(await createFileHandlers(xlsx).saveScreeningRecord({ job: 4 })).toEqual({
      saved: true,
      fileName: 'record.xlsx',
      rows: 2000,
    })
    expect(xlsx.screeningExport).toHaveBeenCalledWith({ job: 4, format: 'xlsx', content: 'record' })
    expect(xlsx.chooseSavePath).toHaveBeenCalledWith('screening-4-record.xlsx', 'screening-record')
    expect(readFileSync(join(folder, 'record.xlsx'))).toEqual(XLSX)
    const csv = services(join(folder, 'record'))
    expect((await createFileHandlers(csv).saveScreeningRecord({ job: 4 })).fileName).toBe(
      'record.xlsx',
    )
    const named = services(join(folder, 'record.csv'))
    await createFileHandlers(named).saveScreeningRecord({ job: 4 })
    expect(named.screeningExport).toHaveBeenLastCalledWith({
      job: 4,
      format: 'csv',
      content: 'record',
    })
    expect(readFileSync(join(folder, 'record.csv'))).toEqual(CSV)
  })

  it('asks nothing for a job with no row, and writes nothing when the dialog is closed', async () => {
    const none = services('/never', 0)
    expect((await createFileHandlers(none).saveScreeningRecord({ job: 1 })).saved).toBe(false)
    expect(none.chooseSavePath).not.toHaveBeenCalled()
    expect(await createFileHandlers(services(null)).saveScreeningRecord({ job: 1 })).toEqual({
      saved: false,
      fileName: null,
      rows: 2,
    })
  })
})

/*
 * Every file main saves from its dialogs holds suspects' data (rows to fix, an attachment, a
 * case file, hits, a screening record): the user's alone, 0600, whatever the umask and whatever
 * mode a file it replaces had. POSIX modes: Linux and macOS.
 */
describe.skipIf(process.platform === 'win32')('what main saves is owner-only', () => {
  it('writes every kind of file 0600 under umask 022, over an older 0644 file too', async () => {
    const before = process.umask(0o022)
    try {
      const folder = mkdtempSync(join(tmpdir(), 'casefile-save-'))
      const path = (name: string) => join(folder, name)
      writeFileSync(path('hits.xlsx'), 'an older export', { mode: 0o644 })
      const saves: [string, (h: ReturnType<typeof createFileHandlers>) => unknown][] = [
        ['to-fix.csv', (h) => h.saveRejectedRows(undefined)],
        ['statement.pdf', (h) => h.saveAttachment({ kind: 'kept', attachmentId: 'a1' })],
        ['hits.xlsx', (h) => h.saveScreeningHits({ job: 1 })],
        ['record.csv', (h) => h.saveScreeningRecord({ job: 1 })],
      ]
      for (const [name, save] of saves) {
        await save(createFileHandlers(services(path(name))))
        expect([name, statSync(path(name)).mode & 0o777]).toEqual([name, 0o600])
      }
    } finally {
      process.umask(before)
    }
  })
})
