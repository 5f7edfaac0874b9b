import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCasefile, tempFolder } from './cli-harness'

const UPLOAD = 'https://files.example.com'

describe('casefile config set refuses an address that would leak the key', () => {
  it.each([
    ['plain http to another host', 'http://registry.example.com', /must start with https:\/\//],
    ['plain http to a LAN address', 'http://192.168.1.20:4010', /must start with https:\/\//],
    [
      'a user name and password',
      'https://user:pass@registry.example.com',
      /user name and password/,
    ],
  ])('%s: exit 1, nothing written', async (_what, baseUrl, why) => {
    const dataDir = tempFolder()
    const result = await runCasefile([
      'config',
      'set',
      '--base-url',
      baseUrl,
      '--upload-url',
      UPLOAD,
      '--data-dir',
      dataDir,
    ])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(why)
    expect(result.stderr).not.toContain('pass@')
    expect(existsSync(join(dataDir, 'connection.json'))).toBe(false)
  })

  it('refuses a profile outside the known set', async () => {
    const dataDir = tempFolder()
    const result = await runCasefile([
      'config',
      'set',
      '--base-url',
      'https://registry.example.com',
      '--upload-url',
      UPLOAD,
      '--profile',
      'someone-elses-entry',
      '--data-dir',
      dataDir,
    ])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/sandbox or registry/)
  })

  it('accepts https, and http to this computer', async () => {
    const dataDir = tempFolder()
    const args = ['config', 'set', '--upload-url', 'http://127.0.0.1:4010/upload-service']
    const result = await runCasefile([
      ...args,
      '--base-url',
      'http://127.0.0.1:4010',
      '--data-dir',
      dataDir,
    ])
    expect(result.code).toBe(0)
  })
})

describe('a handed-over connection.json', () => {
  function folderWith(connection: object): string {
    const dataDir = tempFolder()
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, 'connection.json'), JSON.stringify(connection))
    return dataDir
  }

  it('cannot point the key at plain http elsewhere', async () => {
    const dataDir = folderWith({
      profileId: 'registry',
      baseUrl: 'http://attacker.example',
      uploadUrl: UPLOAD,
    })
    const result = await runCasefile(['outbox', '--data-dir', dataDir], {
      CASEFILE_API_KEY: 'live_0123456789abcdef',
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/must start with https:\/\//)
  })

  it('cannot choose which keychain entry is read', async () => {
    const dataDir = folderWith({
      profileId: 'other-app',
      baseUrl: 'https://registry.example.com',
      uploadUrl: UPLOAD,
    })
    const result = await runCasefile(['outbox', '--data-dir', dataDir])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/sandbox or registry/)
  })
})
