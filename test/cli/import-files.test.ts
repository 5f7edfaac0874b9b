import { linkSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../support/use-sandbox'
import { EXIT } from '../../src/cli/exit-codes'
import { submissionsWithReason, uniqueReason } from '../support/core-with-sandbox'
import { runCasefile, sandboxFolder } from './cli-harness'

/* The spreadsheet the user gives and the rejected-rows file Casefile writes never lose a value. */

const registry = useSandbox()
const cli = (args: string[]) => runCasefile(args, { CASEFILE_API_KEY: registry.key })

const configured = () => sandboxFolder(cli, registry.sandbox)

const pending = async (dataDir: string) =>
  (await cli(['outbox', '--data-dir', dataDir, '--json'])).json().pending

describe('the fix-and-reimport loop', () => {
  // XLSX keeps the text as it is (a quote-prefix style, not a quote): test/spreadsheet/export.test.ts round-trips both.
  it('gives the registry the text the user wrote, not the quote that neutralized it', async () => {
    const dataDir = await configured()
    const reason = `+${uniqueReason('formula')} (received, then moved on)`
    const sheet = join(dataDir, 'cases.csv')
    writeFileSync(sheet, `fraud_type,fraud_reason,phone\nnope,"${reason}",08031234567\n`)
    const out = join(dataDir, 'to-fix.csv')
    const first = await cli(['import', sheet, '--rejected-out', out, '--data-dir', dataDir])
    expect(first.code).toBe(EXIT.needsAttention)
    expect(await pending(dataDir)).toBe(0)

    const text = readFileSync(out, 'utf8')
    expect(text).toContain(`'${reason}`) // neutralized for spreadsheet programs
    writeFileSync(out, text.replace('nope', 'hacker')) // the user fixes the fraud type
    const second = await cli(['import', out, '--data-dir', dataDir])
    expect(second.code, second.stdout + second.stderr).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
  })
})

describe('the fix-and-reimport loop, with several problems in a row', () => {
  it('imports the fixed row: the reasons column does not read as a quote left open', async () => {
    const dataDir = await configured()
    const sheet = join(dataDir, 'cases.csv')
    writeFileSync(
      sheet,
      'fraud_type,fraud_reason,account_number_1,bank_1,phone\nnope,Short,0123456780,Access Bank,\n',
    )
    const out = join(dataDir, 'to-fix.csv')
    expect((await cli(['import', sheet, '--rejected-out', out, '--data-dir', dataDir])).code).toBe(
      EXIT.needsAttention,
    )
    const reason = uniqueReason('two-problems')
    writeFileSync(out, readFileSync(out, 'utf8').replace('nope,Short,', `hacker,"${reason}",`))
    const fixed = await cli(['import', out, '--data-dir', dataDir])
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(EXIT.ok)
    expect(await pending(dataDir)).toBe(1)
  })
})

describe('--rejected-out', () => {
  const badSheet = (dataDir: string) => {
    const sheet = join(dataDir, 'cases.csv')
    writeFileSync(
      sheet,
      `fraud_type,fraud_reason,phone\nhacker,${uniqueReason('ok-row')},08031234567\nnope,short,1\n`,
    )
    return sheet
  }

  it('refuses the file being imported, by path, through a link or a hard link, even in a dry run', async () => {
    const dataDir = await configured()
    const sheet = badSheet(dataDir)
    const before = readFileSync(sheet)
    symlinkSync(sheet, join(dataDir, 'link.csv'))
    linkSync(sheet, join(dataDir, 'hard.csv'))
    for (const out of [
      sheet,
      join(dataDir, '.', 'cases.csv'),
      join(dataDir, 'link.csv'),
      join(dataDir, 'hard.csv'),
    ])
      for (const dry of [['--dry-run'], []]) {
        const run = await cli([
          'import',
          sheet,
          ...dry,
          '--rejected-out',
          out,
          '--data-dir',
          dataDir,
        ])
        expect(run.code).toBe(EXIT.usage)
        expect(run.stderr).toMatch(
          /is the spreadsheet being imported.*cases-to-fix\.csv|link-to-fix|hard-to-fix/s,
        )
      }
    expect(readFileSync(sheet)).toEqual(before)
    expect(await pending(dataDir)).toBe(0)
  })

  it('is checked before anything is queued, and says why in words', async () => {
    const dataDir = await configured()
    const sheet = badSheet(dataDir)
    for (const [out, why] of [
      [join(dataDir, 'missing', 'out.csv'), /folder .*missing does not exist/],
      [dataDir + '/', /give a file name ending in \.csv or \.xlsx/],
      [join(dataDir, 'out.txt'), /ending in \.csv or \.xlsx/],
    ] as const) {
      const run = await cli(['import', sheet, '--rejected-out', out, '--data-dir', dataDir])
      expect(run.code).toBe(EXIT.usage)
      expect(run.stderr).toMatch(/^Nothing was imported: /)
      expect(run.stderr).toMatch(why)
      expect(run.stderr).not.toMatch(/ENOENT/)
    }
    expect(await pending(dataDir)).toBe(0)
  })

  it('replaces an earlier file whole, leaving no temporary file beside it', async () => {
    const dataDir = await configured()
    const out = join(dataDir, 'to-fix.csv')
    writeFileSync(out, 'an older list\n')
    const run = await cli([
      'import',
      badSheet(dataDir),
      '--dry-run',
      '--rejected-out',
      out,
      '--data-dir',
      dataDir,
    ])
    expect(run.code).toBe(EXIT.needsAttention)
    expect(readFileSync(out, 'utf8')).toMatch(/casefile_errors/)
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(dataDir).filter((n) => n.endsWith('.tmp'))).toEqual([])
  })
})

describe('unknown columns', () => {
  it('refuse the file before anything is queued, naming the column and what was meant', async () => {
    const dataDir = await configured()
    const sheet = join(dataDir, 'four.csv')
    const links = [1, 2, 3, 4].map((i) => `https://example.com/${i}.pdf`)
    writeFileSync(
      sheet,
      `fraud_type,fraud_reason,phone,attachment_1,attachment_2,attachment_3,attachment_4,fraud_reson\nhacker,${uniqueReason('four')},08031234567,${links.join(',')},x\n`,
    )
    const run = await cli(['import', sheet, '--data-dir', dataDir])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toMatch(
      /Column G "attachment_4" .*at most 3 attachments: attachment_1…attachment_3/,
    )
    expect(run.stderr).toMatch(/Column H "fraud_reson" .*Did you mean "fraud_reason"\?/)
    expect(await pending(dataDir)).toBe(0)
  })
})
