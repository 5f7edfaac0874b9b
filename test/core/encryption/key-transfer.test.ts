// A folder key export must not fall to a few guesses, and a hostile export must be refused in
// words: a weak passphrase is refused with how to choose a strong one, exports cost an attacker
// more per guess, and scrypt parameters are checked before scrypt runs.
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FolderKeyError } from '../../../src/core/encryption/folder-key'
import {
  EXPORT_SCRYPT,
  exportFolderKey,
  importFolderKey,
  scryptParamsProblem,
  type ExportedKey,
} from '../../../src/core/encryption/key-transfer'
import { passphraseProblem } from '../../../src/core/encryption/passphrase-strength'
import { TEST_SCRYPT } from '../../support/test-scrypt'

const FOLDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001'
const STRONG = 'lantern okra harmattan velvet abacus'

async function refusal(promise: Promise<unknown>): Promise<FolderKeyError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof FolderKeyError) return error
    throw error
  }
  throw new Error('it was accepted')
}

/** An export sealed by hand with any scrypt parameters, as an older Casefile (or an attacker) writes one. */
function sealedWith(
  key: Buffer,
  passphrase: string,
  kdf: { N: number; r: number; p: number },
): ExportedKey {
  const salt = randomBytes(16)
  const nonce = randomBytes(12)
  const derived = scryptSync(passphrase, salt, 32, { ...kdf, maxmem: 2 ** 30 })
  const cipher = createCipheriv('aes-256-gcm', derived, nonce)
  cipher.setAAD(Buffer.from(FOLDER_ID))
  const sealedKey = Buffer.concat([cipher.update(key), cipher.final()])
  return {
    format: 'casefile-folder-key',
    version: 1,
    folderId: FOLDER_ID,
    kdf: { name: 'scrypt', ...kdf, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    nonce: nonce.toString('base64'),
    sealedKey: sealedKey.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

let goodExport: Promise<ExportedKey> | null = null
/** One real export for the tests that spoil it, at the tests' cheap scrypt cost. */
const aGoodExport = () =>
  (goodExport ??= exportFolderKey(randomBytes(32), FOLDER_ID, STRONG, { scrypt: TEST_SCRYPT }))

describe('the passphrase of a key export', () => {
  it.each([
    [
      'twelve digits in a row',
      '123456789012',
      /about 10,000 tries \(this is a commonly used password\)/,
    ],
    ['a common password made long', 'Password12345!', /millions of tries/],
    ['the app’s name and a year', 'casefile-lagos-2025', /billions of tries/],
    ['a keyboard walk', 'qwertyuiopasdf', /could be found in/],
    ['too short', 'short', /at least 12 characters/],
  ])('refuses %s, saying how to choose a strong one', async (_what, passphrase, why) => {
    const error = await refusal(exportFolderKey(randomBytes(32), FOLDER_ID, passphrase))
    expect(error.problem).toBe('bad-key')
    expect(error.message).toMatch(why)
    expect(error.message).toMatch(/five or six words picked at random .* or 16 random characters/)
  })

  it('takes random words and random characters', async () => {
    expect(await passphraseProblem(STRONG)).toBeNull()
    expect(await passphraseProblem('correct horse battery staple')).toBeNull()
    expect(await passphraseProblem('k7Qm-x3Vd-9hPt-w2Ra')).toBeNull()
  })

  it('counts the folder’s own id as known to the attacker', async () => {
    expect(await passphraseProblem(`${FOLDER_ID}!`, [FOLDER_ID])).toMatch(/could be found/)
  })
})

describe('scrypt on export and on import', () => {
  it('exports with N=2^19, r=8, p=1 (512 MiB a guess), and the export opens again', async () => {
    const key = randomBytes(32)
    const exported = await exportFolderKey(key, FOLDER_ID, STRONG)
    expect(exported.kdf).toMatchObject({ N: 2 ** 19, r: 8, p: 1 })
    expect(EXPORT_SCRYPT).toEqual({ N: 2 ** 19, r: 8, p: 1 })
    const opened = await importFolderKey(JSON.stringify(exported), STRONG)
    expect(opened.key.equals(key)).toBe(true)
  }, 60_000)

  it('exports with other parameters only when code asks, held to what an import accepts', async () => {
    const key = randomBytes(32)
    const cheap = await exportFolderKey(key, FOLDER_ID, STRONG, { scrypt: TEST_SCRYPT })
    expect(cheap.kdf).toMatchObject(TEST_SCRYPT)
    expect((await importFolderKey(JSON.stringify(cheap), STRONG)).key.equals(key)).toBe(true)
    await expect(
      exportFolderKey(key, FOLDER_ID, STRONG, { scrypt: { N: 2 ** 20, r: 8, p: 1 } }),
    ).rejects.toThrow(/cannot be made with these scrypt parameters: it asks for 1024 MiB/)
  })

  it('still imports an export made before, at N=2^17', async () => {
    const key = randomBytes(32)
    const old = sealedWith(key, STRONG, { N: 2 ** 17, r: 8, p: 1 })
    expect((await importFolderKey(JSON.stringify(old), STRONG)).key.equals(key)).toBe(true)
  }, 60_000)

  it.each([
    [{ N: 2 ** 17, r: 8, p: 1 }, null],
    [{ N: 2 ** 19, r: 8, p: 1 }, null],
    [{ N: 2 ** 18, r: 8, p: 4 }, null],
    [{ N: 3, r: 8, p: 1 }, /N \(3\) is not a power of two/],
    [{ N: 1, r: 8, p: 1 }, /not a power of two/],
    [{ N: 2 ** 17 + 0.5, r: 8, p: 1 }, /not a power of two/],
    [{ N: 2 ** 20, r: 8, p: 1 }, /1024 MiB of memory, more than the 512 MiB/],
    [{ N: 2 ** 19, r: 16, p: 1 }, /more than the 512 MiB/],
    [{ N: 2 ** 17, r: 0, p: 1 }, /r \(0\) and p \(1\) must be from 1/],
    [{ N: 2 ** 17, r: 8, p: 0 }, /must be from 1/],
    [{ N: 2 ** 17, r: 8, p: 1000 }, /must be from 1/],
    [{ N: 2 ** 19, r: 8, p: 3 }, /more work than Casefile allows/],
  ])('scrypt parameters %o: %s', (params, problem) => {
    const said = scryptParamsProblem(params)
    if (problem === null) expect(said).toBeNull()
    else expect(said).toMatch(problem)
  })

  it.each([
    ['N not a power of two', { kdf: { N: 3 } }, /cannot be opened: its N \(3\)/],
    ['N past the memory bound', { kdf: { N: 2 ** 20 } }, /cannot be opened: it asks for 1024 MiB/],
    [
      'a nonce of the wrong length',
      { nonce: 'AAAA' },
      /not a Casefile key export, or it is damaged/,
    ],
    ['a tag of the wrong length', { tag: 'AAAA' }, /not a Casefile key export, or it is damaged/],
    ['a sealed key of another length', { sealedKey: 'AAAA' }, /or it is damaged/],
    ['a salt that is not base64', { kdf: { salt: '!!!!' } }, /or it is damaged/],
  ])(
    'refuses an export with %s in words, never a crypto error',
    async (_what, change, why) => {
      const good = await aGoodExport()
      const hostile = {
        ...good,
        ...change,
        kdf: { ...good.kdf, ...(change as { kdf?: object }).kdf },
      }
      const error = await refusal(importFolderKey(JSON.stringify(hostile), STRONG))
      expect(error.problem).toBe('bad-key')
      expect(error.message).toMatch(why)
    },
    60_000,
  )
})
