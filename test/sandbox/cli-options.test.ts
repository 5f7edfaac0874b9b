import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CLI_PORT,
  DEFAULT_DATA_DIR,
  SandboxUsageError,
  parseSandboxArgs,
} from '../../src/sandbox'

describe('parseSandboxArgs', () => {
  it('has defaults: port 4010 on 127.0.0.1, data in the home folder, no faults', () => {
    expect(parseSandboxArgs([])).toEqual({
      help: false,
      port: DEFAULT_CLI_PORT,
      host: '127.0.0.1',
      dataDir: DEFAULT_DATA_DIR,
      faults: [],
    })
  })

  it('reads --flag value and --flag=value alike, and turns shorthands into fault rules', () => {
    const parsed = parseSandboxArgs([
      '--port=0',
      '--data-dir',
      '/tmp/sbx',
      '--latency',
      '150',
      '--error-rate=0.25',
      '--error-status',
      '503',
      '--faults',
      '[{"kind":"rate_limit","retryAfterSeconds":3,"route":"create","count":2}]',
    ])
    expect(parsed).toMatchObject({ help: false, port: 0, dataDir: '/tmp/sbx' })
    expect(parsed.help === false && parsed.faults).toEqual([
      { kind: 'latency', ms: 150 },
      { kind: 'error', rate: 0.25, status: 503 },
      {
        kind: 'rate_limit',
        rate: 1,
        retryAfterSeconds: 3,
        retryAfterForm: 'seconds',
        route: 'create',
        count: 2,
      },
    ])
  })

  it('reads rules from --faults-file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'))
    try {
      const file = join(dir, 'faults.json')
      writeFileSync(file, JSON.stringify({ rules: [{ kind: 'commit_then_drop', route: 'bulk' }] }))
      const parsed = parseSandboxArgs(['--faults-file', file])
      expect(parsed.help === false && parsed.faults).toEqual([
        { kind: 'commit_then_drop', route: 'bulk' },
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers --help and -h', () => {
    expect(parseSandboxArgs(['--help'])).toEqual({ help: true })
    expect(parseSandboxArgs(['-h'])).toEqual({ help: true })
  })

  it.each([
    [['--port', '70000'], /--port takes a port number from 0 to 65535; got "70000"/],
    [['--latency', 'fast'], /--latency takes whole milliseconds/],
    [['--error-rate', '1.5'], /--error-rate takes a share from 0 to 1/],
    [['--error-rate', '0.1', '--error-status', '502'], /--error-status takes 500 or 503/],
    [['--error-status', '503'], /--error-status needs --error-rate/],
    [['--faults', '[{'], /--faults is not valid JSON/],
    [['--faults', '[{"kind":"latency"}]'], /--faults has a bad fault rule:\n.*ms/],
    [
      ['--faults-file', '/no/such/file.json'],
      /--faults-file \/no\/such\/file\.json could not be read/,
    ],
    [['--colour'], /Unknown option '--colour'/],
  ])('refuses %j with a message naming the flag', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(SandboxUsageError)
    expect(() => parseSandboxArgs(argv)).toThrow(message)
  })
})
