import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../support/use-sandbox'
import { runCli } from '../../src/cli/main'
import { EXIT } from '../../src/cli/exit-codes'
import { acquireLease } from '../../src/core/sync/sync-lease'
import { openDatabase } from '../../src/core/store/open-database'
import { closedPortUrl, uniqueReason } from '../support/core-with-sandbox'
import { cliFolderKeychain, folderKeyOf, reportFile } from './cli-harness'

const registry = useSandbox()

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env: { CASEFILE_API_KEY: registry.key, ...env },
    folderKeychain: cliFolderKeychain,
  })
  const stdout = out.join('\n')
  return { code, stdout, stderr: err.join('\n'), json: () => JSON.parse(stdout) }
}

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'casefile-cli-'))
}

async function configured(): Promise<string> {
  const dataDir = folder()
  expect(
    (
      await cli([
        'config',
        'set',
        '--base-url',
        registry.sandbox.baseUrl,
        '--upload-url',
        registry.sandbox.uploadUrl,
        '--data-dir',
        dataDir,
      ])
    ).code,
  ).toBe(EXIT.ok)
  return dataDir
}

describe('casefile CLI', () => {
  it('submit → outbox → sync --until-idle → submissions → search, with stable JSON', async () => {
    const dataDir = await configured()
    const submitted = await cli(['submit', reportFile(dataDir), '--data-dir', dataDir, '--json'])
    expect(submitted.code).toBe(EXIT.ok)
    expect(submitted.json()).toEqual({
      localId: expect.any(String),
      registryId: null,
      status: 'queued',
      operations: [
        { id: expect.any(Number), kind: 'upload_attachment', state: 'queued' },
        { id: expect.any(Number), kind: 'create_report', state: 'queued' },
      ],
    })

    const outbox = (await cli(['outbox', '--data-dir', dataDir, '--json'])).json()
    expect(outbox).toMatchObject({
      pending: 2,
      counts: { queued: 2 },
      paused: null,
      lastSyncAt: null,
    })
    expect(Object.keys(outbox.operations[0]).sort()).toEqual([
      'attempts',
      'id',
      'kind',
      'lastError',
      'nextAttemptAt',
      'outcomeUnknown',
      'registryId',
      'reportId',
      'state',
    ])

    const synced = await cli(['sync', '--until-idle', '--data-dir', dataDir, '--json'])
    expect(synced.code).toBe(EXIT.ok)
    expect(synced.json()).toMatchObject({
      leaseHeld: true,
      sent: 2, // the upload and the create
      reports: 1,
      pending: 0,
      needsAttention: 0,
      offline: false,
      paused: null,
      exitCode: 0,
    })

    const submissions = (
      await cli(['submissions', '--refresh', '--data-dir', dataDir, '--json'])
    ).json()
    expect(submissions.total).toBeGreaterThanOrEqual(1)
    expect(submissions.rows[0]).toMatchObject({
      fraudType: 'money_mule',
      attachments: [expect.stringMatching(/^http/)],
    })

    const search = (
      await cli(['search', '--type', 'phone', '08031234567', '--data-dir', dataDir, '--json'])
    ).json()
    expect(search.source).toBe('online')
    expect(search.reports.length).toBeGreaterThanOrEqual(1)
    const offline = (
      await cli([
        'search',
        '--type',
        'phone',
        '0803-123-4567',
        '--offline',
        '--data-dir',
        dataDir,
        '--json',
      ])
    ).json()
    expect(offline).toMatchObject({ source: 'offline', asOf: { search: search.asOf.search } })
  })

  it('refuses a bad report with a message per field, exit 1, and leaves nothing queued', async () => {
    const dataDir = await configured()
    const bad = await cli([
      'submit',
      reportFile(dataDir, {
        fraudReason: 'too short',
        identifiers: [{ label: 'nin', value: '123' }],
      }),
      '--data-dir',
      dataDir,
    ])
    expect(bad.code).toBe(EXIT.usage)
    expect(bad.stderr).toMatch(/fraudReason: The reason has 9 characters; it needs at least 50/)
    expect(bad.stderr).toMatch(/identifiers\.0\.value: A NIN is 11 digits/)
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json().pending).toBe(0)
  })

  it('exits 3 offline, 4 with a refused registry.key, 5 when another process holds the folder', async () => {
    const dataDir = await configured()
    expect((await cli(['submit', reportFile(dataDir), '--data-dir', dataDir])).code).toBe(EXIT.ok)

    expect(
      (await cli(['sync', '--data-dir', dataDir], { CASEFILE_API_KEY: 'sbx_wrong' })).code,
    ).toBe(EXIT.unauthorized)

    const lockedDb = openDatabase(join(dataDir, 'casefile.db'), await folderKeyOf(dataDir))
    acquireLease(lockedDb, 'desktop-app-elsewhere:1:x', Date.now(), 60_000)
    expect((await cli(['sync', '--data-dir', dataDir])).code).toBe(EXIT.busy)
    lockedDb.prepare('DELETE FROM sync_lease').run()
    lockedDb.close()

    const down = await closedPortUrl()
    expect(
      (
        await cli([
          'config',
          'set',
          '--base-url',
          down,
          '--upload-url',
          down,
          // A closed port stands in for the registry being down: another origin, so confirmed.
          '--confirm-registry-change',
          '--data-dir',
          dataDir,
        ])
      ).code,
    ).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.offline)
    // The upload waited for the key too (no file leaves with a refused key): both are kept.
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json()).toMatchObject({
      pending: 2,
      counts: { waiting_retry: 1 },
    })
  })

  it('says what to do when no registry is set, or the command is unknown', async () => {
    const empty = await cli(['outbox', '--data-dir', folder()])
    expect(empty.code).toBe(EXIT.usage)
    expect(empty.stderr).toMatch(
      /No registry is set.*casefile config set --base-url URL --upload-url URL/,
    )
    expect((await cli(['frobnicate'])).stderr).toMatch(/Unknown command "frobnicate"/)
    expect(
      (
        await cli([
          'config',
          'set',
          '--base-url',
          'not a url',
          '--upload-url',
          'x',
          '--data-dir',
          folder(),
        ])
      ).stderr,
    ).toMatch(/--base-url: Write the address in full/)
  })
})

describe('casefile import', () => {
  it('queues good rows, lists bad ones by row and column, writes them out to fix, exits 2', async () => {
    const dataDir = await configured()
    const file = join(dataDir, 'cases.csv')
    writeFileSync(
      file,
      `fraud_type,fraud_reason,phone\nhacker,${uniqueReason('cli-import')},08031234567\nnope,short,123\n`,
    )
    const out = join(dataDir, 'to-fix.csv')
    const result = await cli([
      'import',
      file,
      '--rejected-out',
      out,
      '--data-dir',
      dataDir,
      '--json',
    ])
    expect(result.code).toBe(EXIT.needsAttention)
    expect(result.json()).toMatchObject({
      mode: 'individual',
      totals: { dataRows: 2, queued: 1, rejected: 1, skippedEmpty: 0 },
      rejected: [
        {
          rowNumber: 3,
          reason: 'invalid',
          errors: expect.arrayContaining([
            expect.objectContaining({ column: 'fraud_type', cell: 'A3' }),
          ]),
        },
      ],
    })
    expect(readFileSync(out, 'utf8')).toMatch(/casefile_errors/)
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json().pending).toBe(1)
    const unreadable = join(dataDir, 'not-a-sheet.xlsx')
    writeFileSync(unreadable, 'MZ\u0090\u0000 not a spreadsheet')
    expect((await cli(['import', unreadable, '--data-dir', dataDir])).stderr).toMatch(
      /not-a-sheet\.xlsx: /,
    )
  })
})

describe('the desktop app’s folders', () => {
  it('defaults to the app’s active profile and finds the Registry profile’s addresses in its settings', async () => {
    const config = folder()
    mkdirSync(join(config, 'Casefile'), { recursive: true })
    writeFileSync(
      join(config, 'Casefile', 'settings.json'),
      JSON.stringify({
        version: 1,
        activeProfile: 'registry',
        registry: { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      }),
    )
    const shown = (await cli(['config', 'show', '--json'], { XDG_CONFIG_HOME: config })).json()
    expect(shown).toMatchObject({
      dataDir: join(config, 'Casefile', 'profiles', 'registry'),
      connection: {
        profileId: 'registry',
        baseUrl: registry.sandbox.baseUrl,
        uploadUrl: registry.sandbox.uploadUrl,
      },
    })
    expect((await cli(['outbox', '--json'], { XDG_CONFIG_HOME: config })).code).toBe(EXIT.ok)
    expect(
      (await cli(['outbox'], { XDG_CONFIG_HOME: config, CASEFILE_PROFILE: 'nope' })).stderr,
    ).toMatch(/CASEFILE_PROFILE="nope" is not a profile/)
  })
})

describe('exports', () => {
  it('writes submissions and search results to CSV and XLSX, formulas neutralized', async () => {
    const dataDir = await configured()
    const reason = `=HYPERLINK("http://evil.example") ${uniqueReason('export')}`
    writeFileSync(
      join(dataDir, 'r.json'),
      JSON.stringify({
        fraudType: 'hacker',
        fraudReason: reason,
        identifiers: [{ label: 'phone', value: '+2348031234567' }],
      }),
    )
    await cli(['submit', join(dataDir, 'r.json'), '--data-dir', dataDir])
    await cli(['sync', '--until-idle', '--data-dir', dataDir])
    const csv = join(dataDir, 'subs.csv')
    const sub = await cli(['submissions', '--refresh', '--export', csv, '--data-dir', dataDir])
    expect(sub.stdout).toMatch(/Wrote [1-9]\d* submission\(s\)/)
    const text = readFileSync(csv, 'utf8')
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")`)
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m)
    const xlsx = join(dataDir, 'found.xlsx')
    const found = await cli([
      'search',
      '--type',
      'phone',
      '+2348031234567',
      '--export',
      xlsx,
      '--data-dir',
      dataDir,
    ])
    expect(found.stdout).toMatch(/Wrote [1-9]\d* row\(s\)/)
    expect(readFileSync(xlsx).subarray(0, 2).toString()).toBe('PK')
  })
})
