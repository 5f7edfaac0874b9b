// Every failure the README lists ends in a message and its documented exit code, never a stack
// trace; with --json it is { "error": { code, message, exitCode } } on stdout.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { runCli } from '../../src/cli/main'
import { acquireLease } from '../../src/core/sync/sync-lease'
import { openDatabase } from '../../src/core/store/open-database'
import {
  closedPortUrl,
  inspector,
  submissionsWithReason,
  uniqueReason,
} from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { PDF_BYTES } from '../support/temp-store'
import {
  cliFolderKeychain,
  folderKeyOf,
  runCasefile,
  STACK_TRACE,
  tempFolder,
  type CliResult,
} from './cli-harness'

const registry = useSandbox()
const unavailable = useSandbox({
  faults: [{ kind: 'error', status: 503, rate: 1, route: 'banks' }],
})

const withKey = (env: Record<string, string> = {}) => ({ CASEFILE_API_KEY: registry.key, ...env })

async function configured(target: { baseUrl: string; uploadUrl: string } = registry.sandbox) {
  const dataDir = tempFolder()
  const set = await runCasefile([
    'config',
    'set',
    '--base-url',
    target.baseUrl,
    '--upload-url',
    target.uploadUrl,
    '--data-dir',
    dataDir,
  ])
  expect(set.code).toBe(EXIT.ok)
  return dataDir
}

function reportFile(dir: string, overrides: Record<string, unknown> = {}): string {
  const path = join(dir, `report-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(
    path,
    JSON.stringify({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('cli-errors'),
      identifiers: [{ label: 'phone', value: '08031234567' }],
      ...overrides,
    }),
  )
  return path
}

/** Runs the command as text and as --json: same exit code, one message, the JSON error shape, no trace. */
async function expectFailure(
  args: string[],
  expected: { exitCode: number; code: string; message: RegExp },
  env: Record<string, string> = withKey(),
): Promise<CliResult> {
  const text = await runCasefile(args, env)
  expect(text.code, text.stderr).toBe(expected.exitCode)
  expect(text.stderr).toMatch(expected.message)
  expect(text.stderr).not.toMatch(STACK_TRACE)
  expect(text.stdout).toBe('')
  const json = await runCasefile([...args, '--json'], env)
  expect(json.code).toBe(expected.exitCode)
  expect(json.json()).toEqual({
    error: {
      code: expected.code,
      message: expect.stringMatching(expected.message),
      exitCode: expected.exitCode,
    },
  })
  expect(json.stdout).not.toMatch(STACK_TRACE)
  return text
}

describe('the exit codes of the README, each with its message', () => {
  it('1: bad usage, and bad input (a report the rules refuse)', async () => {
    await expectFailure(['sync', '--untill-idle'], {
      exitCode: EXIT.usage,
      code: 'usage',
      message: /Did you mean --until-idle\?/,
    })
    const dataDir = await configured()
    await expectFailure(
      ['submit', reportFile(dataDir, { fraudReason: 'short' }), '--data-dir', dataDir],
      {
        exitCode: EXIT.usage,
        code: 'invalid_input',
        message: /fraudReason: The reason has 5 characters; it needs at least 50/,
      },
    )
  })

  it('2: items need attention after a sync (the registry refused an update), rows rejected by an import', async () => {
    const dataDir = await configured()
    const reason = uniqueReason('exit-2')
    const report = join(dataDir, 'report.json')
    const body = {
      fraudType: 'hacker',
      fraudReason: reason,
      identifiers: [{ label: 'email', value: 'exit2@example.com' }],
    }
    writeFileSync(report, JSON.stringify(body))
    expect((await runCasefile(['submit', report, '--data-dir', dataDir], withKey())).code).toBe(
      EXIT.ok,
    )
    expect(
      (await runCasefile(['sync', '--until-idle', '--data-dir', dataDir], withKey())).code,
    ).toBe(EXIT.ok)
    const [mine] = await submissionsWithReason(registry.sandbox, registry.key, reason)
    // A colleague unlists it on the registry: the update queued here is then refused (409).
    await inspector(registry.sandbox, registry.key).unlistReport(mine!.id)
    writeFileSync(report, JSON.stringify({ ...body, fraudReason: `${reason} (more)` }))
    expect(
      (await runCasefile(['update', mine!.id, report, '--data-dir', dataDir], withKey())).code,
    ).toBe(EXIT.ok)
    const synced = await runCasefile(
      ['sync', '--until-idle', '--data-dir', dataDir, '--json'],
      withKey(),
    )
    expect(synced.code).toBe(EXIT.needsAttention)
    expect(synced.json()).toMatchObject({ needsAttention: 1, exitCode: EXIT.needsAttention })
    const sheet = join(dataDir, 'rows.csv')
    writeFileSync(sheet, 'fraud_type,fraud_reason,phone\nnope,short,1\n')
    const imported = await runCasefile(
      ['import', sheet, '--dry-run', '--data-dir', dataDir],
      withKey(),
    )
    expect(imported.code).toBe(EXIT.needsAttention)
    expect(imported.stdout).toMatch(/Row 2:/)
  })

  it('3: the registry cannot be reached, or answers 503', async () => {
    const down = await closedPortUrl()
    await expectFailure(
      ['banks', '--refresh', '--data-dir', await configured({ baseUrl: down, uploadUrl: down })],
      {
        exitCode: EXIT.offline,
        code: 'registry_unreachable',
        message: /Try again later; nothing was lost/,
      },
    )
    await expectFailure(
      ['banks', '--refresh', '--data-dir', await configured(unavailable.sandbox)],
      {
        exitCode: EXIT.offline,
        code: 'registry_unreachable',
        message: /Try again later/,
      },
      { CASEFILE_API_KEY: unavailable.key },
    )
    const dataDir = await configured({ baseUrl: down, uploadUrl: down })
    await runCasefile(['submit', reportFile(dataDir), '--data-dir', dataDir], withKey())
    const sync = await runCasefile(['sync', '--data-dir', dataDir, '--json'], withKey())
    expect(sync.json()).toMatchObject({ offline: true, exitCode: EXIT.offline })
  })

  it('4: the API key is refused, or missing', async () => {
    const dataDir = await configured()
    await expectFailure(
      ['submissions', '--refresh', '--data-dir', dataDir],
      {
        exitCode: EXIT.unauthorized,
        code: 'unauthorized',
        message: /CASEFILE_API_KEY/,
      },
      { CASEFILE_API_KEY: 'sbx_wrong' },
    )
    await runCasefile(['submit', reportFile(dataDir), '--data-dir', dataDir], withKey())
    const sync = await runCasefile(['sync', '--data-dir', dataDir, '--json'], {})
    expect(sync.code).toBe(EXIT.unauthorized)
    expect(sync.json().paused).not.toBeNull()
  })

  it('5: another Casefile process is syncing the folder', async () => {
    const dataDir = await configured()
    await runCasefile(['submit', reportFile(dataDir), '--data-dir', dataDir], withKey())
    const db = openDatabase(join(dataDir, 'casefile.db'), await folderKeyOf(dataDir))
    acquireLease(db, 'desktop-app-elsewhere:1:x', Date.now(), 60_000)
    const sync = await runCasefile(['sync', '--data-dir', dataDir], withKey())
    db.close()
    expect(sync.code).toBe(EXIT.busy)
    expect(sync.stderr).toMatch(/Another Casefile process is syncing this data folder/)
  })
})

describe('broken inputs end in a message, not a trace', () => {
  it('a corrupt database', async () => {
    const dataDir = await configured()
    writeFileSync(
      join(dataDir, 'casefile.db'),
      'this is not a database, it is a shopping list '.repeat(200),
    )
    await expectFailure(['outbox', '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /casefile\.db is damaged or is not a Casefile database/,
    })
  })

  it('a corrupt connection.json, or a folder in its place', async () => {
    const dataDir = tempFolder()
    writeFileSync(join(dataDir, 'connection.json'), '{ "baseUrl": "http://127.0.0.1:1", ')
    await expectFailure(['outbox', '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /connection\.json is not valid JSON\. Run `casefile config set/,
    })
    // config set is the repair
    expect(
      (await configured()) &&
        (
          await runCasefile([
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
    const other = tempFolder()
    mkdirSync(join(other, 'connection.json'))
    await expectFailure(['outbox', '--data-dir', other], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /connection\.json is a folder, not a file\. Run `casefile config set/,
    })
  })

  it('a folder where a file is expected: attachment, report file, spreadsheet, --data-dir', async () => {
    const dataDir = await configured()
    mkdirSync(join(dataDir, 'scans'))
    await expectFailure(
      ['submit', reportFile(dataDir, { attachments: ['scans'] }), '--data-dir', dataDir],
      {
        exitCode: EXIT.usage,
        code: 'invalid_input',
        message: /scans is a folder: attach the files in it one by one/,
      },
    )
    await expectFailure(['submit', join(dataDir, 'scans'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /scans is a folder; give a file/,
    })
    await expectFailure(['import', join(dataDir, 'scans'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /scans is a folder; give a file/,
    })
    const aFile = join(dataDir, 'notes.txt')
    writeFileSync(aFile, 'notes')
    await expectFailure(['outbox', '--data-dir', aFile], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /notes\.txt is a file, not a folder/,
    })
  })

  it('missing files: report, attachment, spreadsheet; a path through a file; a link loop', async () => {
    const dataDir = await configured()
    await expectFailure(['import', join(dataDir, 'nowhere.xlsx'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /nowhere\.xlsx does not exist/,
    })
    await expectFailure(['submit', join(dataDir, 'nowhere.json'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /nowhere\.json/,
    })
    await expectFailure(
      ['submit', reportFile(dataDir, { attachments: ['gone.pdf'] }), '--data-dir', dataDir],
      {
        exitCode: EXIT.usage,
        code: 'invalid_input',
        message: /gone\.pdf/,
      },
    )
    writeFileSync(join(dataDir, 'plain'), 'x')
    await expectFailure(['import', join(dataDir, 'plain', 'cases.csv'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /plain/,
    })
    symlinkSync(join(dataDir, 'loop.csv'), join(dataDir, 'loop.csv'))
    await expectFailure(['import', join(dataDir, 'loop.csv'), '--data-dir', dataDir], {
      exitCode: EXIT.usage,
      code: 'invalid_input',
      message: /loop\.csv/,
    })
    expect(
      (await runCasefile(['outbox', '--data-dir', dataDir, '--json'], withKey())).json().pending,
    ).toBe(0)
  })

  it('a file that cannot be read (permission denied)', async () => {
    const dataDir = await configured()
    writeFileSync(join(dataDir, 'evidence.pdf'), PDF_BYTES)
    const report = reportFile(dataDir, { attachments: ['evidence.pdf'] })
    chmodSync(report, 0o000)
    const result = await runCasefile(['submit', report, '--data-dir', dataDir], withKey())
    expect(result.stderr).not.toMatch(STACK_TRACE)
    // root reads any file: there the command simply succeeds.
    if (process.getuid?.() === 0) expect(result.code).toBe(EXIT.ok)
    else {
      expect(result.code).toBe(EXIT.usage)
      expect(result.stderr).toMatch(/permission denied/)
    }
  })

  it('a write that cannot happen: --rejected-out into a missing folder', async () => {
    const dataDir = await configured()
    const sheet = join(dataDir, 'rows.csv')
    writeFileSync(sheet, 'fraud_type,fraud_reason,phone\nnope,short,1\n')
    await expectFailure(
      [
        'import',
        sheet,
        '--dry-run',
        '--rejected-out',
        join(dataDir, 'no', 'such', 'out.csv'),
        '--data-dir',
        dataDir,
      ],
      {
        exitCode: EXIT.usage,
        code: 'invalid_input',
        message: /out\.csv|no[/\\]such/,
      },
    )
  })

  it('an unexpected failure is exit 70 with one message; CASEFILE_DEBUG=1 adds the trace', async () => {
    const dataDir = await configured()
    // A keychain that throws stands in for a bug: nothing anticipates a TypeError.
    const capture = async (env: Record<string, string>) => {
      const out: string[] = []
      const err: string[] = []
      const code = await runCli(['submissions', '--refresh', '--data-dir', dataDir], {
        io: { out: (l) => out.push(l), err: (l) => err.push(l) },
        env,
        readKeychain: async () => {
          throw new TypeError('keychain exploded')
        },
        folderKeychain: cliFolderKeychain,
      })
      return { code, stderr: err.join('\n') }
    }
    const plain = await capture({})
    expect(plain.code).toBe(EXIT.internal)
    expect(plain.stderr).toMatch(/^Casefile failed unexpectedly: .*keychain exploded/)
    expect(plain.stderr).toMatch(/CASEFILE_DEBUG=1/)
    expect(plain.stderr).not.toMatch(STACK_TRACE)
    const debug = await capture({ CASEFILE_DEBUG: '1' })
    expect(debug.code).toBe(EXIT.internal)
    expect(debug.stderr).toMatch(STACK_TRACE)
  })
})
