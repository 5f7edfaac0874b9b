import { execFile } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

/**
 * Runs `casefile` (bin/casefile.mjs: the built bundle, else the sources) as its own process,
 * with only PATH, HOME and `env` in its environment: what Node reads at start (the computer's
 * store through SSL_CERT_FILE, NODE_EXTRA_CA_CERTS) is then what the test gives, not what this
 * machine has. Async, as the registry answers from this process.
 */
export function casefileProcess(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin', 'casefile.mjs'), ...args],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    )
  })
}
