import { spawnSync } from 'node:child_process'

/**
 * `openssl cms -verify` of an unpacked case file's SHA256SUMS.p7s over its SHA256SUMS, against
 * a CA certificate (a path, absolute or from `dir`), as a recipient runs it: its exit status
 * and words.
 */
export function opensslVerify(dir: string, ca: string): { status: number | null; stderr: string } {
  const result = spawnSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-content',
      'SHA256SUMS',
      '-in',
      'SHA256SUMS.p7s',
      '-CAfile',
      ca,
      '-out',
      '/dev/null',
    ],
    { cwd: dir, encoding: 'utf8' },
  )
  return { status: result.status, stderr: result.stderr }
}
