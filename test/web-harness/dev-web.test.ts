import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './repo-root'

/* `npm run dev:web` on a port that is taken: one sentence saying what to do, no stack trace. */

describe('dev:web', () => {
  it('says the port is taken and how to pick another, and exits', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as { port: number }).port
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(repoRoot(), 'test', 'web-harness', 'dev-web.ts')],
        { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
      expect(code).toBe(1)
      expect(output).toContain(`Port ${port} is already in use`)
      expect(output).toContain(`PORT=${port + 1} npm run dev:web`)
      expect(output).not.toMatch(/EADDRINUSE|\n\s+at /)
    } finally {
      taken.close()
    }
  })
  it('says an unknown flag and how it is used, and exits', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot(), 'test', 'web-harness', 'dev-web.ts'), '--ofline'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(1)
    expect(output).toContain("Unknown option '--ofline'")
    expect(output).toContain('Usage: npm run dev:web -- [--offline] [--save-dir <folder>]')
    expect(output).not.toMatch(/\n\s+at /)
  })
})
