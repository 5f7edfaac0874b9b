import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCore } from '../../../src/core/open-core'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import { runCasefile } from '../../cli/cli-harness'
import { PDF_BYTES } from '../../support/temp-store'
import * as Outbox from '../../../src/core/outbox/outbox'

// A spreadsheet from a partner names files on this computer in its attachment cells, and what
// they name is uploaded for every organization on the registry to see. Only files inside the
// spreadsheet's own folder (or a folder the user names) may go; the dry run says which.

const REASON = 'The caller claimed to be from the bank and asked for the OTP to reverse a transfer.'
const HEADER = 'fraud_type,fraud_reason,phone,attachment_1'
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A laptop: a secret outside the partner's folder, the partner's folder with its spreadsheet. */
function laptop(attachments: string[]) {
  const home = mkdtempSync(join(tmpdir(), 'casefile-paths-'))
  dirs.push(home)
  mkdirSync(join(home, '.ssh'))
  writeFileSync(join(home, '.ssh', 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbg==\n')
  writeFileSync(join(home, 'payslip.pdf'), PDF_BYTES)
  const partner = join(home, 'partner')
  mkdirSync(join(partner, 'evidence'), { recursive: true })
  writeFileSync(join(partner, 'evidence', 'statement.pdf'), PDF_BYTES)
  const rows = attachments.map(
    (attachment, i) => `hacker,"${REASON} Case ${i}.",0803123456${i},${attachment}`,
  )
  const sheet = join(partner, 'cases.csv')
  writeFileSync(sheet, [HEADER, ...rows].join('\n'))
  const dataDir = join(home, 'data')
  const core = openCore({
    dataDir,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9' },
    getApiKey: () => undefined,
  })
  return { home, partner, sheet, core, dataDir }
}

const storedAttachments = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'attachments'))
  } catch {
    return []
  }
}

describe('attachment paths in a spreadsheet', () => {
  const posix = process.platform !== 'win32'

  it.each([
    ['an absolute path', '/etc/passwd', /full path is not read/],
    ['a home-relative path', '~/.ssh/id_rsa', /full path is not read/],
    ['a path up and out', '../.ssh/id_rsa', /goes up out of the spreadsheet's folder/],
    ['a path up and back in', 'evidence/../evidence/statement.pdf', /goes up out/],
    ['a file with no extension', 'evidence/notes', /not a file type the registry takes/],
  ])('refuses %s, naming the cell, and queues and uploads nothing', async (_what, path, why) => {
    const { sheet, core, dataDir, partner } = laptop([path])
    writeFileSync(join(partner, 'evidence', 'notes'), 'PRIVATE=1\nTOKEN=abc\n')
    for (const dryRun of [true, false]) {
      const outcome = await importSpreadsheet(core, { path: sheet }, { dryRun })
      expect(outcome.totals).toMatchObject({ queued: 0, rejected: 1 })
      expect(outcome.rejected[0]?.errors).toEqual([
        { column: 'attachment_1', cell: 'D2', message: expect.stringMatching(why) },
      ])
    }
    expect(Outbox.outbox(core).operations).toEqual([])
    expect(storedAttachments(dataDir)).toEqual([])
    await core.close()
  })

  it.runIf(posix)(
    'refuses a link that leads out of the folder, and a link to a folder',
    async () => {
      const { sheet, core, dataDir, partner, home } = laptop([
        'evidence/payslip.pdf',
        'evidence/ssh',
      ])
      symlinkSync(join(home, 'payslip.pdf'), join(partner, 'evidence', 'payslip.pdf'))
      symlinkSync(join(home, '.ssh'), join(partner, 'evidence', 'ssh'))
      const outcome = await importSpreadsheet(core, { path: sheet })
      expect(outcome.totals).toMatchObject({ queued: 0, rejected: 2 })
      expect(outcome.rejected[0]?.errors[0]?.message).toMatch(/link to a file outside/)
      expect(outcome.rejected[1]?.errors[0]?.message).toMatch(/link to a file outside/)
      expect(Outbox.outbox(core).operations).toEqual([])
      expect(storedAttachments(dataDir)).toEqual([])
      await core.close()
    },
  )

  it.runIf(posix)(
    'refuses a FIFO named as an attachment at once, instead of hanging the import on it',
    async () => {
      const { sheet, core, dataDir, partner } = laptop(['evidence/pipe.pdf'])
      execFileSync('mkfifo', [join(partner, 'evidence', 'pipe.pdf')])
      for (const dryRun of [true, false]) {
        const outcome = await importSpreadsheet(core, { path: sheet }, { dryRun })
        expect(outcome.totals).toMatchObject({ queued: 0, rejected: 1 })
        expect(outcome.rejected[0]?.errors[0]?.message).toMatch(
          /not a file \(a folder, device or pipe\)/,
        )
      }
      expect(storedAttachments(dataDir)).toEqual([])
      await core.close()
    },
    10_000,
  )

  it('takes a file inside the folder (a link that stays inside too) and lists it, in the dry run and after', async () => {
    const { sheet, core, partner } = laptop(['evidence/statement.pdf', 'latest.pdf'])
    if (posix) symlinkSync(join(partner, 'evidence', 'statement.pdf'), join(partner, 'latest.pdf'))
    else writeFileSync(join(partner, 'latest.pdf'), PDF_BYTES)
    const file = { column: 'attachment_1', size: PDF_BYTES.length, type: 'application/pdf' }
    const dry = await importSpreadsheet(core, { path: sheet }, { dryRun: true })
    expect(dry.queued.map((row) => row.files)).toEqual([
      [{ ...file, path: 'evidence/statement.pdf' }],
      [{ ...file, path: 'latest.pdf' }],
    ])
    const real = await importSpreadsheet(core, { path: sheet })
    expect(real.totals).toMatchObject({ queued: 2, rejected: 0 })
    expect(real.queued.map((row) => row.files?.[0]?.path)).toEqual([
      'evidence/statement.pdf',
      'latest.pdf',
    ])
    expect(Outbox.outbox(core).operations.map((op) => op.kind)).toContain('upload_attachment')
    await core.close()
  })

  it('reads from the folder the user names instead, and from nowhere for a spreadsheet without one', async () => {
    const { sheet, core, home } = laptop(['payslip.pdf'])
    const fromSheet = await importSpreadsheet(core, { path: sheet }, { dryRun: true })
    expect(fromSheet.rejected[0]?.errors[0]?.message).toMatch(/no such file/)
    const named = await importSpreadsheet(
      core,
      { path: sheet },
      { dryRun: true, attachmentsDir: home },
    )
    expect(named.queued[0]?.files?.[0]?.path).toBe('payslip.pdf')
    const inWindow = await importSpreadsheet(
      core,
      { bytes: new TextEncoder().encode(`${HEADER}\nhacker,"${REASON}",08031234567,payslip.pdf`) },
      { dryRun: true },
    )
    expect(inWindow.rejected[0]?.errors[0]?.message).toMatch(/can only carry links/)
    await core.close()
  })
})

describe('casefile import --dry-run', () => {
  it('lists the files each row would upload, and refuses the hostile ones with exit 2', async () => {
    const { sheet, core, dataDir } = laptop(['evidence/statement.pdf', '/etc/passwd'])
    await core.close()
    const dir = ['--data-dir', dataDir]
    await runCasefile([
      'config',
      'set',
      '--base-url',
      'http://127.0.0.1:9',
      '--upload-url',
      'http://127.0.0.1:9',
      ...dir,
    ])
    const result = await runCasefile(['import', sheet, '--dry-run', ...dir])
    expect(result.code).toBe(2)
    expect(result.stdout).toMatch(
      /Row 2 would upload evidence\/statement\.pdf \(attachment_1, application\/pdf, \d+ bytes\)/,
    )
    expect(result.stdout).toMatch(/Row 3: .*full path is not read/)
    expect(result.stdout).not.toMatch(/Row 3 would upload/)
  })
})
