// Files a person or another program could replace are read only when they are regular files of
// a bounded size, opened without blocking: a named pipe, a device or a folder in their place is
// refused at once with a sentence, never waited on (src/core/regular-file.ts and its callers).
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { connectionFileSaid } from '../../src/cli/core-words'
import { ConnectionFileError, readConnection } from '../../src/core/data-folder'
import { FolderKeyError, givenKey, readFolderIdentity } from '../../src/core/encryption/folder-key'
import { readKeyExport } from '../../src/core/key-export-file'
import { databaseState } from '../../src/core/encryption/migrate-folder'
import { readCaFile } from '../../src/core/network/certificate-trust'
import { readRegularFile, RegularFileError } from '../../src/core/regular-file'
import { DEFAULT_SETTINGS, readSettingsFile } from '../../src/core/settings'

const posix = process.platform !== 'win32'
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-regular-'))
  dirs.push(dir)
  return dir
}

/** A named pipe with no writer: reading it the ordinary way waits for ever. */
function fifo(path: string): string {
  execFileSync('mkfifo', ['-m', '600', path])
  return path
}

function refusal(read: () => unknown): RegularFileError {
  try {
    read()
  } catch (error) {
    if (error instanceof RegularFileError) return error
    throw error
  }
  throw new Error('it was read')
}

describe.runIf(posix)('readRegularFile', () => {
  it('reads a regular file, following a link to one', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'a.json'), '{"a":1}')
    symlinkSync(join(dir, 'a.json'), join(dir, 'link.json'))
    expect(readRegularFile(join(dir, 'a.json'), { maxBytes: 100 }).toString()).toBe('{"a":1}')
    expect(readRegularFile(join(dir, 'link.json'), { maxBytes: 100 }).toString()).toBe('{"a":1}')
  })

  it('refuses a named pipe, a link to one, a device and a folder at once, naming what it is', () => {
    const dir = tempDir()
    const pipe = fifo(join(dir, 'pipe'))
    symlinkSync(pipe, join(dir, 'to-pipe'))
    mkdirSync(join(dir, 'folder'))
    const started = Date.now()
    expect(refusal(() => readRegularFile(pipe, { maxBytes: 100 }))).toMatchObject({
      problem: 'not-a-file',
      message: `${pipe} is a named pipe, not a file.`,
    })
    expect(refusal(() => readRegularFile(join(dir, 'to-pipe'), { maxBytes: 100 })).problem).toBe(
      'not-a-file',
    )
    expect(refusal(() => readRegularFile('/dev/zero', { maxBytes: 100 })).message).toBe(
      '/dev/zero is a device, not a file.',
    )
    expect(refusal(() => readRegularFile(join(dir, 'folder'), { maxBytes: 100 })).why).toBe(
      'is a folder, not a file',
    )
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('refuses a file larger than the bound instead of cutting it, and says when one is missing', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'big'), Buffer.alloc(101))
    writeFileSync(join(dir, 'exact'), Buffer.alloc(100))
    expect(refusal(() => readRegularFile(join(dir, 'big'), { maxBytes: 100 })).problem).toBe(
      'too-large',
    )
    expect(readRegularFile(join(dir, 'exact'), { maxBytes: 100 })).toHaveLength(100)
    expect(refusal(() => readRegularFile(join(dir, 'none'), { maxBytes: 100 })).problem).toBe(
      'missing',
    )
  })

  it('reads a file whose size says 0 up to the bound (files such as /proc’s)', () => {
    const status = '/proc/self/status'
    if (!existsSync(status)) return
    expect(statSync(status).size).toBe(0)
    expect(readRegularFile(status, { maxBytes: 1024 * 1024 }).toString()).toMatch(/^Name:/)
    expect(refusal(() => readRegularFile(status, { maxBytes: 10 })).problem).toBe('too-large')
  })
})

describe.runIf(posix)('every file that could be replaced is read that way', () => {
  it('connection.json: a named pipe in its place is a ConnectionFileError saying how to fix it', () => {
    const dataDir = tempDir()
    fifo(join(dataDir, 'connection.json'))
    // The core says what is wrong, in words for any front; the CLI adds its command to fix it.
    let thrown: unknown
    try {
      readConnection(dataDir)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConnectionFileError)
    expect((thrown as Error).message).toMatch(
      /connection\.json is a named pipe, not a file\. Set the registry's address again/,
    )
    expect(connectionFileSaid(thrown as ConnectionFileError)).toMatch(
      /connection\.json is a named pipe, not a file\. Run `casefile config set/,
    )
  })

  it('casefile-folder.json and casefile.db: refused, nothing changed', () => {
    const dataDir = tempDir()
    fifo(join(dataDir, 'casefile-folder.json'))
    fifo(join(dataDir, 'casefile.db'))
    expect(() => readFolderIdentity(dataDir)).toThrow(FolderKeyError)
    expect(() => readFolderIdentity(dataDir)).toThrow(
      /casefile-folder\.json is a named pipe, not a file: it names the keychain entry/,
    )
    expect(() => databaseState(join(dataDir, 'casefile.db'))).toThrow(
      /casefile\.db is a named pipe, not a file: it is not a Casefile database\. Nothing/,
    )
    expect(statSync(join(dataDir, 'casefile-folder.json')).isFIFO()).toBe(true)
  })

  it('--db-key-file: a pipe or a device is refused; a private regular file is read', () => {
    const dir = tempDir()
    const pipe = fifo(join(dir, 'key'))
    expect(() => givenKey({ keychain: null, keyFile: pipe })).toThrow(
      /The key file .*key is a named pipe, not a file: give a private file/,
    )
    expect(() => givenKey({ keychain: null, keyFile: '/dev/zero' })).toThrow(/is a device/)
    writeFileSync(join(dir, 'good'), `${'ab'.repeat(32)}\n`, { mode: 0o600 })
    expect(givenKey({ keychain: null, keyFile: join(dir, 'good') })?.toString('hex')).toBe(
      'ab'.repeat(32),
    )
  })

  it('a key export: the same bounded reader for the window and `casefile key import`', () => {
    const dir = tempDir()
    const pipe = fifo(join(dir, 'export.json'))
    expect(() => readKeyExport(pipe)).toThrow(
      /is not a Casefile key file \(it is a named pipe, not a file\): choose the file/,
    )
    expect(() => readKeyExport('/dev/zero')).toThrow(/it is a device, not a file/)
    writeFileSync(join(dir, 'large.json'), Buffer.alloc(64 * 1024 + 1, 0x20))
    expect(() => readKeyExport(join(dir, 'large.json'))).toThrow(/it is larger than 65536 bytes/)
    expect(() => readKeyExport(join(dir, 'none.json'))).toThrow(/cannot be read: check the path/)
  })

  it('settings.json: a pipe in its place is moved aside whole (never copied) and the defaults start', async () => {
    const dir = tempDir()
    const path = fifo(join(dir, 'settings.json'))
    const loaded = await readSettingsFile(path)
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS)
    expect(loaded.recovered?.reason).toMatch(/because it is a named pipe, not a file/)
    expect(existsSync(path)).toBe(false)
    expect(statSync(`${path}.corrupt`).isFIFO()).toBe(true)
    // A regular file too large to be settings is kept as a copy, as any damaged one.
    writeFileSync(path, Buffer.alloc(1024 * 1024 + 1, 0x20))
    expect((await readSettingsFile(path)).recovered?.reason).toMatch(/is larger than/)
    expect(readFileSync(`${path}.corrupt`)).toHaveLength(1024 * 1024 + 1)
  })

  it('a CA file: a pipe is refused with the words the Settings panel shows', () => {
    const pipe = fifo(join(tempDir(), 'root.pem'))
    expect(() => readCaFile(pipe)).toThrow(
      `${pipe} is not a regular file. Choose the certificate file itself.`,
    )
  })
})
