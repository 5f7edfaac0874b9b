import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { CaseVerifyRefused, verifyCaseFile } from '../../../src/core/case-file/case-verify'
import { zipBytes, type ZipPart } from '../../../src/core/case-file/zip-bytes'

/* `casefile case verify`: a zip handed back from outside, checked file by file, hostile ones refused. */

const folder = mkdtempSync(join(tmpdir(), 'casefile-verify-'))
let n = 0
async function zipOf(parts: ZipPart[], sums = sha256Sums(parts)): Promise<string> {
  const path = join(folder, `case-${++n}.zip`)
  const all = [...parts, { name: 'SHA256SUMS', bytes: Buffer.from(sums) }]
  writeFileSync(path, await zipBytes(all, new Date()))
  return path
}
const PARTS: ZipPart[] = [
  { name: 'case.pdf', bytes: Buffer.from('%PDF-1.7 the case') },
  { name: 'attachments/1-statement.pdf', bytes: Buffer.from('%PDF-1.4 a statement') },
]

describe('a case file as it was made', () => {
  it('matches every file', async () => {
    expect(await verifyCaseFile(await zipOf(PARTS))).toEqual({
      ok: true,
      files: [
        { name: 'case.pdf', verdict: 'ok' },
        { name: 'attachments/1-statement.pdf', verdict: 'ok' },
      ],
    })
  })

  it('names the file with a changed byte, a file added and a file removed', async () => {
    const sums = sha256Sums(PARTS)
    const changed = [PARTS[0]!, { ...PARTS[1]!, bytes: Buffer.from('%PDF-1.4 a statemenT') }]
    expect((await verifyCaseFile(await zipOf(changed, sums))).files).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'changed',
    })
    const added = [...PARTS, { name: 'note.txt', bytes: Buffer.from('x') }]
    const result = await verifyCaseFile(await zipOf(added, sums))
    expect(result.ok).toBe(false)
    expect(result.files).toContainEqual({ name: 'note.txt', verdict: 'added' })
    const removed = await verifyCaseFile(await zipOf([PARTS[0]!], sums))
    expect(removed.files).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'missing',
    })
  })
})

/** A zip whose entry name is replaced, byte for byte, after yazl (which refuses such names) wrote it. */
async function zipNamed(name: string): Promise<string> {
  const placeholder = 'x'.repeat(name.length)
  const path = await zipOf([{ name: placeholder, bytes: Buffer.from('evil') }])
  const bytes = await import('node:fs').then((fs) => fs.readFileSync(path))
  const patched = Buffer.from(bytes.toString('latin1').split(placeholder).join(name), 'latin1')
  writeFileSync(path, patched)
  return path
}

describe('a hostile zip', () => {
  it('refuses names that climb out of the zip', async () => {
    for (const name of ['../../etc/cron', '/etc/passwd.x', 'a/../../b.txt'])
      await expect(verifyCaseFile(await zipNamed(name))).rejects.toBeInstanceOf(CaseVerifyRefused)
  })

  it('refuses a zip bomb by its ratio, before inflating it', async () => {
    const bomb = await zipOf([{ name: 'case.pdf', bytes: Buffer.alloc(8 * 1024 * 1024) }])
    await expect(verifyCaseFile(bomb)).rejects.toThrow(/times larger than it is packed/)
  })

  it('refuses an entry that declares a huge size, before reading it', async () => {
    const path = await zipOf([{ name: 'case.pdf', bytes: Buffer.from('%PDF small') }])
    const fs = await import('node:fs')
    const bytes = fs.readFileSync(path)
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    const huge = Buffer.from(bytes)
    huge.writeUInt32LE(0x7fffffff, central + 24)
    fs.writeFileSync(path, huge)
    await expect(verifyCaseFile(path)).rejects.toThrow(/more than the 256 MiB/)
  })

  it('refuses something that is not a zip, or a zip with no SHA256SUMS', async () => {
    const text = join(folder, 'not.zip')
    writeFileSync(text, 'hello')
    await expect(verifyCaseFile(text)).rejects.toThrow(/not a zip/)
    const bare = join(folder, 'bare.zip')
    writeFileSync(bare, await zipBytes(PARTS, new Date()))
    await expect(verifyCaseFile(bare)).rejects.toThrow(/no SHA256SUMS/)
  })
})
