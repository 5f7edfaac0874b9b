// The built `casefile`, given files that are not what they say: a named pipe in place of a data
// folder's connection.json, casefile-folder.json or casefile.db, a key "file" that is /dev/zero
// or a pipe. Each is refused at once with a sentence (never exit 70), instead of a command that
// waits for ever (and, blocked in a read, does not even stop on SIGTERM) or reads without end.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { tempFolder } from './cli-harness'

const BIN = join(__dirname, '..', '..', 'bin', 'casefile.mjs')
/** Far longer than any of these refusals takes; a command still running then is hung. */
const HUNG_AFTER_MS = 15_000

const running = new Set<ReturnType<typeof spawn>>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

interface Outcome {
  code: number | null
  /** True when the command had to be killed: it hung. */
  hung: boolean
  stderr: string
  /** The largest resident size seen, in MiB (Linux). */
  peakMiB: number
}

function residentMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

function casefile(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: 'not-used', ...env },
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  running.add(child)
  // The passphrase a key import asks for, as a script pipes it in.
  child.stdin.end('a passphrase that is never used\n')
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let peakMiB = 0
  const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, residentMiB(child.pid!))), 50)
  let hung = false
  const deadline = setTimeout(() => {
    hung = true
    // A process blocked in a read may not stop on SIGTERM: SIGKILL ends the test's wait.
    child.kill('SIGKILL')
  }, HUNG_AFTER_MS)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(deadline)
      clearInterval(sampler)
      running.delete(child)
      resolve({ code, hung, stderr, peakMiB })
    }),
  )
}

const fifo = (path: string) => execFileSync('mkfifo', ['-m', '600', path])

/** A data folder set to a registry (none is reached here), with `pipe`, if named, a named pipe. */
function folder(pipe?: string): string {
  const dataDir = tempFolder('casefile-hostile-')
  if (pipe !== 'connection.json')
    writeFileSync(
      join(dataDir, 'connection.json'),
      JSON.stringify({
        baseUrl: 'https://registry.invalid',
        uploadUrl: 'https://registry.invalid',
      }),
      { mode: 0o600 },
    )
  if (pipe) fifo(join(dataDir, pipe))
  return dataDir
}

describe.runIf(process.platform === 'linux')('hostile files given to the casefile command', () => {
  it('a named pipe for connection.json: refused at once, saying how to fix it', async () => {
    const dataDir = folder('connection.json')
    const result = await casefile(['outbox', '--data-dir', dataDir])
    expect(result.hung).toBe(false)
    expect(result.code).not.toBe(EXIT.internal)
    expect(result.code).not.toBe(EXIT.ok)
    expect(result.stderr).toMatch(
      /connection\.json is a named pipe, not a file\. Run `casefile config set/,
    )
  })

  it('a named pipe for casefile-folder.json or casefile.db: refused at once, nothing changed', async () => {
    for (const name of ['casefile-folder.json', 'casefile.db']) {
      const dataDir = folder(name)
      const result = await casefile(['outbox', '--data-dir', dataDir])
      expect(result.hung, name).toBe(false)
      expect(result.code, name).toBe(EXIT.usage)
      expect(result.stderr).toMatch(
        new RegExp(`${name.replace('.', '\\.')} is a named pipe, not a file`),
      )
    }
  })

  it('key import of /dev/zero or of a pipe: refused at once, in bounded memory', async () => {
    const dataDir = folder()
    const zero = await casefile(['key', 'import', '/dev/zero', '--data-dir', dataDir])
    expect(zero.hung).toBe(false)
    expect(zero.code).toBe(EXIT.usage)
    expect(zero.stderr).toMatch(
      /\/dev\/zero is not a Casefile key file \(it is a device, not a file\)/,
    )
    // Before, the command grew to 23 GB reading /dev/zero; a Node start is well under 200 MB.
    expect(zero.peakMiB).toBeLessThan(200)

    const pipe = join(tempFolder('casefile-hostile-'), 'key.json')
    fifo(pipe)
    const piped = await casefile(['key', 'import', pipe, '--data-dir', dataDir])
    expect(piped.hung).toBe(false)
    expect(piped.code).toBe(EXIT.usage)
    expect(piped.stderr).toMatch(/is not a Casefile key file \(it is a named pipe, not a file\)/)
  })

  it('a named pipe as the report file or as its attachment: refused at once', async () => {
    const dataDir = folder()
    const dir = tempFolder('casefile-hostile-')
    const pipedReport = join(dir, 'report.json')
    fifo(pipedReport)
    const report = await casefile(['submit', pipedReport, '--data-dir', dataDir])
    expect(report.hung).toBe(false)
    expect(report.code).toBe(EXIT.usage)
    expect(report.stderr).toMatch(
      /report\.json is a named pipe, not a file: give the report's JSON file/,
    )

    fifo(join(dir, 'evidence.pdf'))
    const withAttachment = join(dir, 'with-attachment.json')
    writeFileSync(
      withAttachment,
      JSON.stringify({
        fraudType: 'money_mule',
        fraudReason: 'A pipe named as evidence',
        identifiers: [{ label: 'phone', value: '08031234567' }],
        attachments: ['evidence.pdf'],
      }),
    )
    const attached = await casefile(['submit', withAttachment, '--data-dir', dataDir])
    expect(attached.hung).toBe(false)
    expect(attached.code).toBe(EXIT.usage)
    expect(attached.stderr).toMatch(
      /evidence\.pdf is a named pipe, not a file: attach the file itself/,
    )
  })

  it('--db-key-file naming a pipe: refused at once, pointing at a private file', async () => {
    const dataDir = folder()
    const pipe = join(tempFolder('casefile-hostile-'), 'folder.key')
    fifo(pipe)
    const result = await casefile(['outbox', '--db-key-file', pipe, '--data-dir', dataDir], {
      CASEFILE_DB_KEY: '',
    })
    expect(result.hung).toBe(false)
    expect(result.code).toBe(EXIT.usage)
    expect(result.stderr).toMatch(/is a named pipe, not a file: give a private file \(chmod 600\)/)
  })
})
