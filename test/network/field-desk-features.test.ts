// Screening, the watchlist and the case file on a bank's network, each run as the installed
// `casefile` would be: a separate process under a clock 65 minutes slow (faketime), reaching the
// registry only through squid with a password, behind a TLS front signed by the bank's own CA.
// What each prints must be what it did, and what the case file says of time must be the
// registry's, not the wrong clock's.
import { execFileSync, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { BANK_REGISTRY_NAME, useBankNetwork } from '../support/bank-network'
import { reportFile, runCasefile, sandboxFolder, tempFolder } from '../cli/cli-harness'
import { useBuiltCasefile } from '../cli/built-casefile'
import { nubanCheckDigit } from '../../src/shared/domain/nuban'

const network = useBankNetwork()
/** The laptop's clock: 65 minutes slow, as one never set since the last change of hour. */
const SLOW = '-65m'
const SLOW_MS = 65 * 60_000

interface Run {
  code: number | null
  stdout: string
  stderr: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any -- the README's --json shapes
}

const built = useBuiltCasefile(() => ({
  ...TEST_FOLDER_KEY_ENV,
  CASEFILE_API_KEY: network.key,
  HTTPS_PROXY: network.authProxy.urlWithCredentials ?? '',
  NO_PROXY: '',
  no_proxy: '',
}))

/** `casefile ARGS` in its own process, its clock slow, its only way out the proxy with a password. */
async function onTheLaptop(args: string[]): Promise<Run> {
  const run = built(args, {}, { faketime: SLOW })
  const { code } = await run.exited
  const stdout = run.stdout()
  return { code, stdout, stderr: run.stderr(), json: () => JSON.parse(stdout) }
}

const tunnels = () =>
  network.authProxy
    .accessEntries()
    .filter(
      (e) =>
        e.method === 'CONNECT' &&
        e.target === `${BANK_REGISTRY_NAME}:${network.fronts.good.port}` &&
        e.status === 200,
    ).length

describe(
  'on a bank laptop: slow clock, proxy with a password, the bank’s own CA',
  { timeout: 120_000 },
  () => {
    const phone = `0809${String(Date.now()).slice(-7)}`
    const watched = `0807${String(Date.now()).slice(-7)}`
    let dataDir = ''
    let ownId = ''

    it('the clock really is slow in the child, and a report goes out through the proxy', async () => {
      const seen = await new Promise<string>((resolve) => {
        const child = spawn('faketime', [
          '-f',
          SLOW,
          process.execPath,
          '-e',
          'console.log(Date.now())',
        ])
        let out = ''
        child.stdout.on('data', (c: Buffer) => (out += c.toString()))
        child.on('exit', () => resolve(out))
      })
      expect(Date.now() - Number(seen)).toBeGreaterThan(SLOW_MS - 60_000)

      const baseUrl = `https://${BANK_REGISTRY_NAME}:${network.fronts.good.port}`
      dataDir = await sandboxFolder(
        (args) => runCasefile([...args, '--ca-file', network.caPath], TEST_FOLDER_KEY_ENV),
        { baseUrl, uploadUrl: `${baseUrl}/upload-service` },
      )
      const reason = uniqueReason('field')
      const file = reportFile(tempFolder(), {
        fraudReason: reason,
        identifiers: [{ label: 'phone', value: phone }],
      })
      expect((await onTheLaptop(['submit', file, '--data-dir', dataDir])).code).toBe(0)
      const sync = await onTheLaptop(['sync', '--until-idle', '--json', '--data-dir', dataDir])
      expect(sync.code, sync.stderr).toBe(0)
      expect(sync.json()).toMatchObject({ reports: 1, offline: false })
      const mine = await onTheLaptop(['submissions', '--refresh', '--json', '--data-dir', dataDir])
      expect(mine.code, mine.stderr).toBe(0)
      ownId = mine.json().rows.find((r: { fraudReason: string }) => r.fraudReason === reason)?.id
      expect(ownId).toBeTruthy()
      await network.authProxy.waitForAccessLog(() => tunnels() > 0)
    })

    it('the watchlist raises an alert for a report another bank filed, through the proxy', async () => {
      const at = ['--data-dir', dataDir]
      expect((await onTheLaptop(['watch', 'add', '--type', 'phone', watched, ...at])).code).toBe(0)
      // The most checks an hour allowed (a check a second), so the second check below does not
      // wait out the default pace of one every 30 s.
      const budget = await onTheLaptop(['watch', 'settings', '--budget', '3600', ...at])
      expect(budget.code, budget.stderr).toBe(0)
      const first = await onTheLaptop(['watch', 'check', '--json', ...at])
      expect(first.code, first.stderr).toBe(0)
      expect(first.json()).toEqual({ checked: 1, alerts: [], exitCode: 0, remaining: 0 })
      const filed = await inspector(network.sandbox, network.otherKey).createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('field watch'),
        identifiers: [{ label: 'phone', value: watched }],
        attachments: [],
        showUploaderInfo: true,
      })
      const before = tunnels()
      const check = await onTheLaptop(['watch', 'check', '--all', '--json', ...at])
      expect(check.code, check.stderr).toBe(2)
      expect(check.json().alerts).toEqual([
        expect.objectContaining({ kind: 'new_report', reportId: filed.id, value: watched }),
      ])
      await network.authProxy.waitForAccessLog(() => tunnels() > before)
    })

    it('screening a list finds both phones on file and says the third is clean', async () => {
      const list = join(tempFolder(), 'customers.csv')
      writeFileSync(
        list,
        `name,phone\nAda,${phone}\nBola,+234${watched.slice(1)}\nChidi,08011112222\n`,
      )
      const run = await onTheLaptop(['screen', list, '--json', '--data-dir', dataDir])
      expect(run.code, run.stderr).toBe(2)
      const result = run.json()
      expect(result.totals).toMatchObject({ rows: 3, hits: 2, unchecked: 0 })
      expect(result.hits.map((h: { row: number }) => h.row).sort()).toEqual([2, 3])
    })

    it('an account without its bank: the fitting banks first, then --all-banks finds another bank’s report, through the proxy', async () => {
      // Fits only Heritage Bank and Rand Merchant Bank of the sandbox's list; filed at Zenith.
      const number = '0690000031'
      const filed = await inspector(network.sandbox, network.otherKey).createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('field all banks'),
        identifiers: [{ label: 'account', value: `${number}_zenith-bank` }],
        attachments: [],
        showUploaderInfo: true,
      })
      const at = ['--data-dir', dataDir]
      const fitting = await onTheLaptop(['search', '--type', 'account', number, '--json', ...at])
      expect(fitting.code, fitting.stderr).toBe(0)
      expect(fitting.json()).toMatchObject({
        source: 'online',
        banksNotSearched: expect.any(Number),
      })
      expect(fitting.json().banksNotSearched).toBeGreaterThan(0)
      expect(fitting.json().reports.map((r: { id: string }) => r.id)).not.toContain(filed.id)
      const before = tunnels()
      const all = await onTheLaptop(['search', '--type', 'account', number, '--all-banks', ...at])
      expect(all.code, all.stderr).toBe(0)
      expect(all.stdout).toContain(filed.id)
      expect(all.stdout).toMatch(/searched at all \d+ banks of the list/)
      await network.authProxy.waitForAccessLog(() => tunnels() > before)
    })

    it('a one-bank extract with a title row and numbers that lost their zeros, screened with --bank', async () => {
      // A GTBank account whose number begins with two zeros, filed by another bank.
      const serial = '00' + String(Date.now()).slice(-7)
      const account = `${serial}${nubanCheckDigit('000058', serial)}`
      const filed = await inspector(network.sandbox, network.otherKey).createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('field extract'),
        identifiers: [{ label: 'account', value: `${account}_gtbank` }],
        attachments: [],
        showUploaderInfo: true,
      })
      const list = join(tempFolder(), 'gtbank-listing.csv')
      // As a core-banking report exports it: a title and a date line, the number as a number.
      writeFileSync(
        list,
        `Customer listing,,\nRun on 28/11/2026,,\nName,Account No,Phone\nAda,${Number(account)},08011112222\n`,
      )
      const run = await onTheLaptop([
        'screen',
        list,
        '--bank',
        'Guaranty Trust Bank',
        '--json',
        '--data-dir',
        dataDir,
      ])
      expect(run.code, run.stderr).toBe(2)
      const result = run.json()
      expect(result.totals).toMatchObject({ rows: 1, hits: 1 })
      expect(JSON.stringify(result.hits)).toContain(filed.id)
    })

    it('a case file fetched on the slow laptop gives the registry’s times, and says the computer’s clock was off', async () => {
      const zip = join(tempFolder(), 'case.zip')
      const run = await onTheLaptop([
        'case',
        'export',
        ownId,
        '--out',
        zip,
        '--json',
        '--data-dir',
        dataDir,
      ])
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0)
      const log = JSON.parse(
        execFileSync('unzip', ['-p', zip, 'retrieval-log.json'], { encoding: 'utf8' }),
      )
      const now = Date.now()
      // The registry's time (its Date header, to the second), never the laptop's 65 minutes behind.
      expect(Math.abs(Date.parse(log.exportedAt) - now)).toBeLessThan(5 * 60_000)
      for (const exchange of log.exchanges)
        expect(Math.abs(Date.parse(exchange.at) - now), exchange.request).toBeLessThan(5 * 60_000)
      expect(log.computerClock).toMatchObject({ aheadOfRegistryMs: expect.any(Number) })
      expect(log.computerClock.aheadOfRegistryMs).toBeLessThan(-(SLOW_MS - 2 * 60_000))
      const text = execFileSync('sh', ['-c', `unzip -p "${zip}" case.pdf | pdftotext - -`], {
        encoding: 'utf8',
      })
      expect(text).toMatch(/this computer[’']s clock was\s+6[456]\s+minutes\s+behind/i)
      // The PDFs' own dates (pdfinfo's CreationDate) are the registry's time the body states,
      // never the slow clock's.
      for (const name of ['case.pdf', 'certificate-s84.pdf']) {
        const info = execFileSync(
          'sh',
          ['-c', `unzip -p "${zip}" "${name}" | pdfinfo -isodates -`],
          { encoding: 'utf8' },
        )
        const created = /CreationDate:\s+(\S+)/.exec(info)?.[1] ?? ''
        expect(Math.abs(Date.parse(created) - Date.parse(log.exportedAt)), name).toBeLessThan(1000)
      }
      const verify = await onTheLaptop(['case', 'verify', zip])
      expect(verify.code, verify.stdout).toBe(0)
    })
  },
)
