import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/main'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any -- the documented --json shapes
}

/** Runs a `casefile` command line in this process, with its output captured. */
export async function runCasefile(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env,
    readKeychain: async () => null,
  })
  const stdout = out.join('\n')
  return { code, stdout, stderr: err.join('\n'), json: () => JSON.parse(stdout) }
}

export function tempFolder(prefix = 'casefile-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** What a stack trace looks like in output: no failure may print one (unless CASEFILE_DEBUG=1). */
export const STACK_TRACE = /^\s+at .+[:(]|\w*Error: .*\n\s+at /m
