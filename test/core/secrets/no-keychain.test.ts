import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The real keychain store, in a process that can reach no Secret Service: its session bus
// address points at a socket that does not exist. Linux only: that is where a keychain can be
// missing; the fallback itself is proven on every platform in api-key-store.test.ts.
const home = mkdtempSync(join(tmpdir(), 'casefile-no-keychain-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe.runIf(process.platform === 'linux')('the API key with no Secret Service reachable', () => {
  it('is kept in memory for the session, says why, and is never written to disk', () => {
    const key = `test_${randomBytes(16).toString('hex')}`
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve('test/core/secrets/fixtures/no-keychain-child.mts'),
        `Casefile-test-${process.pid}`,
        key,
      ],
      {
        cwd: resolve('.'),
        encoding: 'utf8',
        env: {
          ...process.env,
          DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-bus-here')}`,
          HOME: home,
          XDG_DATA_HOME: join(home, 'data'),
          XDG_CONFIG_HOME: join(home, 'config'),
        },
      },
    )
    expect(child.stderr).toBe('')
    expect(child.status).toBe(0)
    const seen = JSON.parse(child.stdout)
    expect(seen.before).toMatchObject({ set: false, storage: 'memory' })
    expect(seen.before.reason).toMatch(/no Secret Service .* memory for this session only/)
    expect(seen.afterSet).toMatchObject({ set: true, last4: key.slice(-4), storage: 'memory' })
    expect(seen.readBack).toBe(true)
    expect(seen.afterRemove).toMatchObject({ set: false, storage: 'memory' })
    expect(child.stdout).not.toContain(key)
    for (const file of filesUnder(home)) expect(readFileSync(file, 'utf8')).not.toContain(key)
  })
})
