// The `casefile` command as a user installs it: `npm pack`, then `npm install -g` of the
// tarball into an empty prefix with production dependencies only (no tsx, no TypeScript, no
// source), then a real session through it: a sandbox, a report submitted and synced.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { uniqueReason } from '../support/core-with-sandbox'
import { tempFolder } from './cli-harness'

const ROOT = join(__dirname, '..', '..')
const windows = process.platform === 'win32'

/** npm as a user runs it: none of the npm_* settings of the `npm test` this may run under. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: cleanEnv(),
    shell: windows,
    timeout: 90_000,
    ...options,
  })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    )
  return String(result.stdout)
}

const stopAfter: (() => void)[] = []
afterAll(() => stopAfter.forEach((stop) => stop()))

describe('the packed and installed casefile command', () => {
  it(
    'installs with production dependencies only and runs a sandbox, a submit and a sync',
    { timeout: 120_000 },
    async () => {
      const work = tempFolder('casefile-install-')
      // --ignore-scripts: the bundle was built before the tests (test/support/build-once.global.ts);
      // prepack would rebuild it under the feet of the other tests that run it.
      run('npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--silent'], {
        cwd: ROOT,
      })
      const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
      expect(tarball).toBeDefined()
      const prefix = join(work, 'prefix')
      run('npm', [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--omit=dev',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(work, tarball as string),
      ])
      const casefile = windows ? join(prefix, 'casefile.cmd') : join(prefix, 'bin', 'casefile')
      const installed = join(prefix, windows ? '' : 'lib', 'node_modules', 'casefile')
      // What the installed copy holds: the bundle and the case file's fonts, no sources, no dev tools.
      expect(readdirSync(installed).sort()).toEqual([
        'README.md',
        'bin',
        'node_modules',
        'out',
        'package.json',
        'resources',
      ])
      expect(readdirSync(join(installed, 'resources'))).toEqual(['fonts'])
      for (const devOnly of ['tsx', 'typescript', 'vite', 'electron', 'vitest'])
        expect(readdirSync(join(installed, 'node_modules'))).not.toContain(devOnly)

      const cli = (args: string[], env: Record<string, string> = {}) =>
        spawnSync(casefile, args, {
          encoding: 'utf8',
          env: { ...cleanEnv(), ...env },
          shell: windows,
          timeout: 60_000,
        })
      expect(cli(['--version']).stdout.trim()).toMatch(/^casefile \d+\.\d+\.\d+/)

      const sandbox = spawn(
        casefile,
        ['sandbox', '--port', '0', '--data-dir', join(work, 'sandbox')],
        {
          env: cleanEnv(),
          shell: windows,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      stopAfter.push(() => sandbox.exitCode === null && sandbox.kill('SIGKILL'))
      const exited = new Promise<number | null>((resolve) =>
        sandbox.on('exit', (code) => resolve(code)),
      )
      let printed = ''
      const addresses = await new Promise<{ baseUrl: string; uploadUrl: string; key: string }>(
        (resolve, reject) => {
          sandbox.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
          sandbox.stdout?.on('data', (chunk: Buffer) => {
            printed += chunk.toString()
            const baseUrl = /\{base_url\}\s+= (\S+)/.exec(printed)?.[1]
            const uploadUrl = /\{upload_url\}\s+= (\S+)/.exec(printed)?.[1]
            const key = /x-api-key for [^:]+: (\S+)/.exec(printed)?.[1]
            if (baseUrl && uploadUrl && key) resolve({ baseUrl, uploadUrl, key })
          })
          sandbox.on('exit', (code) => reject(new Error(`the sandbox exited ${code}: ${printed}`)))
        },
      )

      const dataDir = join(work, 'cases')
      // A server with no keychain: the folder's key comes from the environment.
      const env = { CASEFILE_API_KEY: addresses.key, CASEFILE_DB_KEY: 'c1'.repeat(32) }
      expect(
        cli([
          'config',
          'set',
          '--base-url',
          addresses.baseUrl,
          '--upload-url',
          addresses.uploadUrl,
          '--data-dir',
          dataDir,
        ]).status,
      ).toBe(0)
      const reason = uniqueReason('installed')
      const report = join(work, 'report.json')
      writeFileSync(
        report,
        JSON.stringify({
          fraudType: 'money_mule',
          fraudReason: reason,
          identifiers: [{ label: 'phone', value: '08031234567' }],
        }),
      )
      const submitted = cli(['submit', report, '--data-dir', dataDir, '--json'], env)
      expect(submitted.status, submitted.stderr).toBe(0)
      const synced = cli(['sync', '--until-idle', '--data-dir', dataDir, '--json'], env)
      expect(synced.status, synced.stderr).toBe(0)
      expect(JSON.parse(synced.stdout)).toMatchObject({ sent: 1, pending: 0, exitCode: 0 })
      const submissions = cli(['submissions', '--refresh', '--data-dir', dataDir, '--json'], env)
      expect(
        JSON.parse(submissions.stdout).rows.map((r: { fraudReason: string }) => r.fraudReason),
      ).toContain(reason)

      sandbox.kill('SIGTERM')
      expect(await exited).toBe(0)
    },
  )
})
