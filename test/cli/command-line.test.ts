import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/command-table'
import { closestMatch } from '../../src/shared/did-you-mean'
import { EXIT } from '../../src/cli/exit-codes'
import { parseCommandLine } from '../../src/cli/parse-command-line'
import { runCasefile, tempFolder } from './cli-harness'

const version = (
  JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version

describe('global options anywhere', () => {
  it('reads --data-dir and --json before the command, after it, or between its arguments', () => {
    const lines = [
      ['--data-dir', '/d', 'submit', 'r.json', '--json'],
      ['submit', '--json', 'r.json', '--data-dir=/d'],
      ['--json', 'submit', 'r.json', '--data-dir', '/d'],
    ]
    for (const argv of lines)
      expect(parseCommandLine(argv)).toMatchObject({
        kind: 'run',
        command: { name: 'submit' },
        global: { dataDir: '/d', json: true },
        args: ['r.json'],
      })
  })

  it('runs `casefile --data-dir D outbox` (it used to say "Unknown command")', async () => {
    const dataDir = tempFolder()
    const result = await runCasefile(['--data-dir', dataDir, 'outbox'])
    expect(result.stderr).not.toMatch(/Unknown command/)
    expect(result.stderr).toMatch(/No registry is set for/)
  })

  it('takes a two-word command, and a value that starts with a dash after --', () => {
    expect(
      parseCommandLine(['--data-dir', '/d', 'config', 'set', '--base-url', 'http://x']),
    ).toMatchObject({ command: { name: 'config set' }, options: { 'base-url': 'http://x' } })
    expect(
      parseCommandLine(['search', '--type', 'account_name', '--', '-odd-name-']),
    ).toMatchObject({ args: ['-odd-name-'], options: { type: 'account_name' } })
  })
})

describe('help', () => {
  it('`casefile help` lists every command and the exit codes', async () => {
    const result = await runCasefile(['help'])
    expect(result.code).toBe(EXIT.ok)
    for (const command of COMMANDS) expect(result.stdout).toContain(command.name)
    expect(result.stdout).toMatch(/130 or 143/)
  })

  it('`casefile help CMD` and `casefile CMD --help` print that command’s usage with an example', async () => {
    for (const command of COMMANDS) {
      const viaHelp = await runCasefile(['help', ...command.name.split(' ')])
      const viaFlag = await runCasefile([...command.name.split(' '), '--help'])
      expect(viaHelp.code).toBe(EXIT.ok)
      expect(viaFlag.stdout).toBe(viaHelp.stdout)
      expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: casefile ${command.name}`))
      expect(viaHelp.stdout).toMatch(/Examples?:\n {2}casefile /)
      for (const option of Object.keys(command.options))
        expect(viaHelp.stdout).toContain(`--${option}`)
    }
    const importHelp = (await runCasefile(['import', '-h'])).stdout
    expect(importHelp).toContain('--rejected-out OUT')
    expect(importHelp).not.toContain('--until-idle')
    expect((await runCasefile(['help', 'config'])).stdout).toMatch(/config set[\s\S]*config show/)
  })

  it('with no command at all, prints the usage and exits 1', async () => {
    const result = await runCasefile([])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/^Usage: casefile COMMAND/)
  })
})

describe('mistakes are errors with a hint, exit 1', () => {
  it('an unknown flag suggests the one meant', async () => {
    const result = await runCasefile(['import', 'cases.csv', '--dryrun'])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(
      /`casefile import` has no option --dryrun\. Did you mean --dry-run\?/,
    )
    expect((await runCasefile(['sync', '--until-idel'])).stderr).toMatch(
      /Did you mean --until-idle\?/,
    )
    expect((await runCasefile(['outbox', '--dat-dir', '/x'])).stderr).toMatch(
      /Did you mean --data-dir\?/,
    )
  })

  it('a flag of another command is refused and says whose it is', async () => {
    const result = await runCasefile(['outbox', '--dry-run'])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/has no option --dry-run.*an option of `casefile import`/)
    expect((await runCasefile(['banks', '--limit', '3'])).code).toBe(EXIT.usage)
  })

  it('extra and missing arguments, missing values and values given to switches', async () => {
    const extra = await runCasefile(['outbox', 'everything'])
    expect(extra.code).toBe(EXIT.usage)
    expect(extra.stderr).toMatch(/`casefile outbox` takes no arguments; remove "everything"/)
    expect((await runCasefile(['unlist', 'a', 'b'])).stderr).toMatch(/takes ID; remove "b"/)
    expect((await runCasefile(['update', 'abc'])).stderr).toMatch(
      /`casefile update` needs FILE\.json: casefile update ID FILE\.json/,
    )
    expect((await runCasefile(['log', '--limit'])).stderr).toMatch(
      /--limit needs a value: --limit N/,
    )
    expect((await runCasefile(['outbox', '--json=yes'])).stderr).toMatch(/--json takes no value/)
    expect(
      (await runCasefile(['log', '--limit', 'many', '--data-dir', tempFolder()])).stderr,
    ).toMatch(/--limit must be a whole number of 1 or more; got "many"/)
  })

  it('a bad sandbox flag value exits 1 like every usage error (it was 2)', async () => {
    const result = await runCasefile(['sandbox', '--port', 'abc'])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/--port takes a port number from 0 to 65535; got "abc"/)
  })

  it('an unknown command suggests the one meant; `config` alone says set or show', async () => {
    const result = await runCasefile(['submisions'])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(
      /Unknown command "submisions"\. Did you mean `casefile submissions`\?/,
    )
    expect((await runCasefile(['config'])).stderr).toMatch(
      /casefile config set .* or `casefile config show`/,
    )
    expect((await runCasefile(['config', 'get'])).stderr).toMatch(/"config get" is not a command/)
  })

  it('with --json, a usage error is the JSON error document on stdout', async () => {
    const result = await runCasefile(['outbox', '--bogus', '--json'])
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toBe('')
    expect(result.json()).toEqual({
      error: { code: 'usage', message: expect.stringMatching(/no option --bogus/), exitCode: 1 },
    })
  })
})

describe('--version', () => {
  it('prints the version of package.json, or JSON', async () => {
    expect((await runCasefile(['--version'])).stdout).toBe(`casefile ${version}`)
    expect((await runCasefile(['--version', '--json'])).json()).toEqual({ version })
  })
})

describe('closestMatch', () => {
  it('finds near misses, swapped letters and missing dashes, and nothing for far-off words', () => {
    const options = ['dry-run', 'as-bulk', 'rejected-out', 'data-dir', 'json']
    expect(closestMatch('dryrun', options)).toBe('dry-run')
    expect(closestMatch('dry_run', options)).toBe('dry-run')
    expect(closestMatch('jsno', options)).toBe('json')
    expect(closestMatch('rejected', options)).toBe('rejected-out')
    expect(closestMatch('verbose', options)).toBeNull()
    expect(closestMatch('x', options)).toBeNull()
  })
})
