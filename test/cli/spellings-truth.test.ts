// Every spelling the identifier rules accept is searched, judged against what another
// organization really filed on the registry (the sandbox, through its API) rather than against
// Casefile's own forms (issue 36): a phone filed +23408… (trunk zero kept) or 00234…, found by
// the watchlist, by screening and by the desk's search alike; and a public report's reporter
// said as the window says it.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ReportInput } from '../../src/shared/domain/report-input'
import type { PublicReport } from '../../src/shared/domain/responses'
import { reportedBy } from '../../src/shared/reported-by'
import { nubanCheckDigit, nubanFitsBank, nubanInstitutionCode } from '../../src/shared/domain/nuban'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'

const registry = useSandbox()
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())
const other = () => inspector(registry.sandbox, registry.otherKey)

let serial = 0
/** A Nigerian mobile number (080…) no other test files on. */
const phone = () => `080${String(++serial)}${String(Date.now()).slice(-7)}`.slice(0, 11)

const input = (identifiers: ReportInput['identifiers']): ReportInput => ({
  fraudType: 'money_mule',
  fraudReason: uniqueReason('spellings-truth'),
  identifiers,
  attachments: [],
  showUploaderInfo: true,
})

async function folder(): Promise<string[]> {
  const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
  const at = ['--data-dir', dataDir]
  expect((await runCasefile(['watch', 'settings', '--budget', '3600', ...at])).code).toBe(0)
  return at
}

/** Files a report as another organization writes it, and checks the registry holds it so. */
async function filedAs(label: ReportInput['identifiers'][number]['label'], value: string) {
  const report = await other().createReport(input([{ label, value }]))
  const held = await other().searchReports({ identifier: label, value })
  expect(held.reports.map((r) => r.id)).toContain(report.id)
  return report.id
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface CheckJson {
  alerts: { kind: string; reportId: string; value: string }[]
}

describe('a phone in every spelling the identifier rules accept', () => {
  it('filed +23408… or 00234… by another organization: a watchlist alert, a screening hit and a search result', async () => {
    const at = await folder()
    const watched = phone()
    const subscriber = watched.slice(1)
    await runCasefile(['watch', 'add', '--type', 'phone', watched, ...at])
    const first = await runCasefile(['watch', 'check', '--all', '--json', ...at])
    expect((first.json() as CheckJson).alerts).toEqual([])
    await pause(1_500)

    const trunkKept = await filedAs('phone', `+2340${subscriber}`)
    const doubleZero = await filedAs('phone', `00234${subscriber}`)
    const bareTrunk = await filedAs('phone', `2340${subscriber}`)
    const expected = [trunkKept, doubleZero, bareTrunk].sort()

    const check = (await runCasefile(['watch', 'check', '--all', '--json', ...at])).json()
    expect(
      (check as CheckJson).alerts
        .filter((a) => a.kind === 'new_report')
        .map((a) => a.reportId)
        .sort(),
    ).toEqual(expected)

    const list = join(tempFolder('casefile-spellings-'), 'list.csv')
    writeFileSync(list, `Name,Phone\nAda,${watched}\n`)
    const screened = await runCasefile(['screen', list, '--map', 'Phone=phone', '--json', ...at])
    expect(screened.code).toBe(2)
    const hits = (screened.json() as { hits: { reportIds?: string[]; reportId?: string }[] }).hits
    const hitIds = JSON.stringify(hits)
    for (const id of expected) expect(hitIds).toContain(id)

    const search = await runCasefile(['search', '--type', 'phone', watched, '--json', ...at])
    expect(search.code).toBe(0)
    const found = search.json() as { reports: { id: string }[]; searched: string[] }
    expect(found.reports.map((r) => r.id).sort()).toEqual(expected)
    // Each accepted spelling asked once.
    expect(found.searched).toHaveLength(new Set(found.searched).size)
  }, 60_000)
})

describe("a public report's reporter, in the CLI as in the window", () => {
  it('says the victim, a member of the public, not the victim’s bank', async () => {
    const at = await folder()
    // The sandbox's seeded public report: filed by the victim (reportingEntity "self"), at
    // Access Bank (financialInstitution, the victim's bank).
    const search = await runCasefile(['search', '--type', 'phone', '08031234567', ...at])
    expect(search.code).toBe(0)
    const line = search.stdout.split('\n').find((l) => l.startsWith('pub-'))
    expect(line).toContain(reportedBy({ reportingEntity: 'self' } as PublicReport) as string)
    expect(line).toContain('The victim, a member of the public')
    expect(line).not.toContain('Access Bank')
  }, 60_000)
})

/** An Access Bank account number (CBN code 044) no other test files on. */
function accessAccount(): string {
  for (let n = Number(String(Date.now()).slice(-8)) * 10 + ++serial; ; n++) {
    const serialDigits = String(n % 1_000_000_000).padStart(9, '0')
    const number = `${serialDigits}${nubanCheckDigit(nubanInstitutionCode('044') as string, serialDigits)}`
    if (nubanFitsBank(number, '044')) return number
  }
}

describe('a new folder with no bank list yet', () => {
  it('fetches the list itself to watch, import, screen and search accounts; nothing fails unexpectedly', async () => {
    // `config set` (and the watchlist's pace) only: no bank list is saved in this folder.
    const at = await folder()
    const [listed, typed] = [accessAccount(), accessAccount()]

    const list = join(tempFolder('casefile-fresh-'), 'accounts.csv')
    writeFileSync(list, `Name,Account,Bank\nAda,${listed},Access Bank\n`)
    const imported = await runCasefile(['watch', 'import', list, '--json', ...at])
    expect(imported.stderr).not.toMatch(/not in the bank list/)
    expect(imported.code).toBe(0)
    const added = await runCasefile([
      'watch',
      'add',
      '--type',
      'account',
      `${typed} Access Bank`,
      ...at,
    ])
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect((await runCasefile(['watch', 'check', '--all', '--json', ...at])).code).toBe(0)
    await pause(1_500)

    const filed = await filedAs('account', `${listed}_access-bank`)
    const other2 = await filedAs('account', `${typed}_access-bank`)
    const check = (await runCasefile(['watch', 'check', '--all', '--json', ...at])).json()
    expect(
      (check as CheckJson).alerts
        .filter((a) => a.kind === 'new_report')
        .map((a) => a.reportId)
        .sort(),
    ).toEqual([filed, other2].sort())

    // A second new folder: the desk's search of an account number without its bank; offline
    // first (no list can be fetched: said plainly, exit 1), then online.
    const fresh = ['--data-dir', await sandboxFolder(runCasefile, registry.sandbox)]
    const offline = await runCasefile([
      'search',
      listed,
      '--type',
      'account',
      '--offline',
      ...fresh,
    ])
    expect(offline.stderr).toMatch(/bank list is not on this computer yet/)
    expect(offline.code).toBe(1)
    const search = await runCasefile(['search', listed, '--type', 'account', '--json', ...fresh])
    expect(search.stderr).not.toMatch(/unexpectedly/)
    expect(search.code).toBe(0)
    expect((search.json() as { reports: { id: string }[] }).reports.map((r) => r.id)).toContain(
      filed,
    )

    // And a third: screening a list of accounts with their banks by name.
    const third = ['--data-dir', await sandboxFolder(runCasefile, registry.sandbox)]
    const screened = await runCasefile(['screen', list, '--json', ...third])
    expect(screened.code).toBe(2)
    expect(JSON.stringify((screened.json() as { hits: unknown[] }).hits)).toContain(filed)
  }, 90_000)
})

describe('a name in decomposed Unicode, an email with capitals', () => {
  it('filed so by another organization: a watchlist alert, a screening hit and a search result', async () => {
    const at = await folder()
    const tag = `${++serial}${String(Date.now()).slice(-6)}`
    // Composed (NFC) as typed here; the other organization's system writes it decomposed (NFD).
    const name = `Chỉnwẹ́ Ọ̀kàfọ̀ ${tag}`.normalize('NFC')
    const decomposed = name.normalize('NFD')
    expect(decomposed).not.toBe(name)
    // Typed with capitals, as the customer record has it; filed so by the other organization.
    const email = `Ada.Obi.${tag}@Example.com`
    await runCasefile(['watch', 'add', '--type', 'account_name', name, ...at])
    await runCasefile(['watch', 'add', '--type', 'email', email, ...at])
    const first = await runCasefile(['watch', 'check', '--all', '--json', ...at])
    expect((first.json() as CheckJson).alerts).toEqual([])
    await pause(1_500)

    const nfd = await filedAs('account_name', decomposed)
    const capitals = await filedAs('email', email)
    const lower = await filedAs('email', email.toLowerCase())
    const expected = [nfd, capitals, lower].sort()
    const check = (await runCasefile(['watch', 'check', '--all', '--json', ...at])).json()
    expect(
      (check as CheckJson).alerts
        .filter((a) => a.kind === 'new_report')
        .map((a) => a.reportId)
        .sort(),
    ).toEqual(expected)

    const list = join(tempFolder('casefile-encodings-'), 'list.csv')
    writeFileSync(list, `Name,Email\n${name},${email}\n`)
    const screened = await runCasefile([
      'screen',
      list,
      '--map',
      'Name=account_name',
      '--map',
      'Email=email',
      '--json',
      ...at,
    ])
    expect(screened.code).toBe(2)
    const hitIds = JSON.stringify((screened.json() as { hits: unknown[] }).hits)
    for (const id of expected) expect(hitIds).toContain(id)

    const byName = await runCasefile(['search', '--type', 'account_name', name, '--json', ...at])
    expect((byName.json() as { reports: { id: string }[] }).reports.map((r) => r.id)).toEqual([nfd])
    const byEmail = await runCasefile(['search', '--type', 'email', email, '--json', ...at])
    expect(
      (byEmail.json() as { reports: { id: string }[] }).reports.map((r) => r.id).sort(),
    ).toEqual([capitals, lower].sort())
  }, 90_000)
})
