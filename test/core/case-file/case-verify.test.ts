import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { CaseVerifyRefused, verifyCaseFile } from '../../../src/core/case-file/case-verify'
import { zipBytes, type ZipPart } from '../../../src/core/case-file/zip-bytes'
import { handZip, unicodePathExtra, UNIX_SYMLINK, type HandEntry } from '../../support/zip-writer'
import {
  CASE_PDF,
  caseZip,
  certificates,
  evidence,
  othersPass,
  sha,
  STATEMENT,
  sumsFingerprint,
  written,
} from './case-verify-support'

/* `casefile case verify`: a zip handed back from outside, checked file by file, hostile ones refused. */

describe('a case file as it was made', () => {
  it('matches every file, accepts the two certificates outside SHA256SUMS, and gives its fingerprint', async () => {
    const parts = evidence()
    const path = await caseZip([...parts, ...(await certificates(parts))])
    expect(await verifyCaseFile(path)).toEqual({
      ok: true,
      fingerprint: sumsFingerprint(path),
      files: [
        { name: 'case.pdf', verdict: 'ok' },
        { name: 'registry-answer.json', verdict: 'ok' },
        { name: 'attachments/1-statement.pdf', verdict: 'ok' },
        { name: 'retrieval-log.json', verdict: 'ok' },
        { name: 'certificate-s84.pdf', verdict: 'certificate' },
        { name: 'certificate-s84.odt', verdict: 'certificate' },
      ],
      disagreements: [],
      // No SHA256SUMS.p7s: whole, and said to be unsigned (test/cli/case-signing.test.ts signs).
      signature: expect.objectContaining({ ok: true, problem: 'unsigned', signer: null }),
      fingerprintMismatch: null,
    })
    expect(othersPass(path, 'unzip')).toBe(true)
    expect(othersPass(path, 'python')).toBe(true)
  })

  it('names the file with a changed byte, a file added and a file removed', async () => {
    const parts = evidence()
    const certs = await certificates(parts)
    const sums = sha256Sums(parts)
    const changed = evidence({ casePdf: CASE_PDF, statement: Buffer.from('%PDF-1.4 a statemenT') })
    expect(
      (await verifyCaseFile(await caseZip([...changed, ...certs], sums))).files,
    ).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'changed',
    })
    const added = [...parts, ...certs, { name: 'note.txt', bytes: Buffer.from('x') }]
    const result = await verifyCaseFile(await caseZip(added, sums))
    expect(result.ok).toBe(false)
    expect(result.files).toContainEqual({ name: 'note.txt', verdict: 'added' })
    const removed = await verifyCaseFile(await caseZip([...parts.slice(0, 2), ...certs], sums))
    expect(removed.files).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'missing',
    })
  }, 60_000)
})

describe('a case file changed and SHA256SUMS made again', () => {
  it('is refused for what its certificate and log state, though sha256sum -c passes', async () => {
    const original = evidence()
    const certs = await certificates(original)
    // case.pdf and the attachment changed; the log left as it was.
    const forged = original.map((p) =>
      p.name === 'case.pdf' || p.name.startsWith('attachments/')
        ? { ...p, bytes: Buffer.concat([p.bytes, Buffer.from(' forged')]) }
        : p,
    )
    const path = await caseZip([...forged, ...certs])
    // The tools pass it: only the hashes the case file states about itself tell.
    expect(othersPass(path, 'unzip')).toBe(true)
    const result = await verifyCaseFile(path)
    expect(result.ok).toBe(false)
    expect(result.fingerprint).toBe(sumsFingerprint(path))
    const certified = sha(sha256Sums(original))
    expect(result.disagreements).toEqual(
      expect.arrayContaining([
        `certificate-s84.odt states the fingerprint ${certified}, but this zip's SHA256SUMS has ${result.fingerprint}: it is not the SHA256SUMS that was certified.`,
        `certificate-s84.odt states SHA-256 ${sha(CASE_PDF)} for "case.pdf", but the file in the zip and SHA256SUMS have ${sha(forged[0]!.bytes)}.`,
        `retrieval-log.json states that "GET https://files.test/s.pdf" was saved as "attachments/1-statement.pdf" with SHA-256 ${sha(STATEMENT)}, but the file in the zip and SHA256SUMS have ${sha(forged[2]!.bytes)}.`,
      ]),
    )
  })

  it('is refused when the certificate is left out of the zip or lists a document not there', async () => {
    const parts = evidence()
    const certs = await certificates([
      ...parts,
      { name: 'attachments/2-x.png', bytes: Buffer.from('png') },
    ])
    const result = await verifyCaseFile(await caseZip([...parts, ...certs]))
    expect(result.ok).toBe(false)
    expect(result.disagreements).toContainEqual(
      `certificate-s84.odt lists a document, "attachments/2-x.png" with SHA-256 ${sha('png')}, that SHA256SUMS does not.`,
    )
    const bare = await verifyCaseFile(await caseZip(parts))
    expect(bare.ok).toBe(false)
    expect(bare.files).toContainEqual({ name: 'certificate-s84.odt', verdict: 'missing' })
  }, 60_000)
})

/** A zip written by hand: each entry a file of `files` unless given otherwise. */
const SUMMED: HandEntry[] = [
  { name: 'case.pdf', data: CASE_PDF },
  { name: 'attachments/1-statement.pdf', data: STATEMENT, deflate: true },
]
const sumsOf = (entries: HandEntry[]) =>
  entries.map((e) => `${sha(e.data ?? '')}  ${e.name as string}\n`).join('')
const handCase = (entries: HandEntry[], sums = sumsOf(SUMMED)) =>
  written(handZip([...entries, { name: 'SHA256SUMS', data: Buffer.from(sums) }]))

/** Refused by verify, with words, where unzip or Python and sha256sum -c do not pass it either. */
async function refusedLikeOthers(path: string, words: RegExp, others: ('unzip' | 'python')[]) {
  await expect(verifyCaseFile(path)).rejects.toThrow(words)
  for (const tool of others) expect(othersPass(path, tool), tool).toBe(false)
}

describe('a zip whose entries mean different files to different tools', () => {
  it('refuses a changed case.pdf hidden behind a Unicode Path field that names a folder', async () => {
    const forged = Buffer.from('%PDF-1.7 forged')
    const path = handCase([
      { name: 'c.pdf_', extra: unicodePathExtra('c.pdf_', 'case.pdf'), data: CASE_PDF },
      { name: 'case.pdf', extra: unicodePathExtra('case.pdf', 'zz/'), data: forged },
      SUMMED[1]!,
    ])
    await refusedLikeOthers(path, /carries a second name, "case.pdf"/, ['python'])
  })

  it('refuses a local header that names another file than the directory', async () => {
    const path = handCase([{ ...SUMMED[0]!, localName: 'evil.sh' }, SUMMED[1]!])
    await refusedLikeOthers(path, /lists "case.pdf", but the entry itself is named otherwise/, [
      'python',
    ])
  })

  it('refuses a symlink, whose hash is of its target\u2019s name', async () => {
    const link = {
      name: 'case.pdf',
      data: Buffer.from('/etc/passwd'),
      externalAttributes: UNIX_SYMLINK,
    }
    const path = handCase([link, SUMMED[1]!], sumsOf([link, SUMMED[1]!]))
    await refusedLikeOthers(path, /case.pdf is a symbolic link/, ['unzip'])
  })

  it('refuses names that are one file on Windows or macOS, and a folder with data', async () => {
    const upper = { name: 'CASE.PDF', data: Buffer.from('other') }
    await expect(
      verifyCaseFile(handCase([...SUMMED, upper], sumsOf([...SUMMED, upper]))),
    ).rejects.toThrow(
      'The zip holds both case.pdf and CASE.PDF, which are the same file on Windows and macOS',
    )
    const composed = { name: 'caf\u00e9.pdf', data: Buffer.from('a'), utf8: true }
    const decomposed = { name: 'cafe\u0301.pdf', data: Buffer.from('b'), utf8: true }
    await expect(
      verifyCaseFile(handCase([composed, decomposed], sumsOf([composed, decomposed]))),
    ).rejects.toThrow(/same file on Windows and macOS/)
    const folder = {
      name: 'zz/',
      data: Buffer.from('hidden'),
      externalAttributes: (0o040755 << 16) >>> 0,
    }
    await expect(verifyCaseFile(handCase([...SUMMED, folder]))).rejects.toThrow(
      /zz\/ is a folder in the zip that carries data/,
    )
  })

  it('refuses a SHA256SUMS that lists a file twice, or nothing', async () => {
    const twice = `${sha('old')}  case.pdf\n${sumsOf(SUMMED)}`
    await refusedLikeOthers(handCase(SUMMED, twice), /SHA256SUMS lists case.pdf twice/, [
      'unzip',
      'python',
    ])
    await refusedLikeOthers(
      written(handZip([{ name: 'SHA256SUMS', data: Buffer.alloc(0) }])),
      /lists no files/,
      ['unzip'],
    )
  })
})

/** A zip whose entry name is replaced, byte for byte, after yazl (which refuses such names) wrote it. */
async function zipNamed(name: string): Promise<string> {
  const placeholder = 'x'.repeat(name.length)
  const parts: ZipPart[] = [{ name: placeholder, bytes: Buffer.from('evil') }]
  const path = await caseZip(parts, sha256Sums(parts))
  const patched = Buffer.from(
    readFileSync(path).toString('latin1').split(placeholder).join(name),
    'latin1',
  )
  writeFileSync(path, patched)
  return path
}

describe('a hostile zip', () => {
  it('refuses names that climb out of the zip', async () => {
    for (const name of ['../../etc/cron', '/etc/passwd.x', 'a/../../b.txt'])
      await expect(verifyCaseFile(await zipNamed(name))).rejects.toBeInstanceOf(CaseVerifyRefused)
  })

  it('refuses a zip bomb by its ratio, before inflating it', async () => {
    const bomb = await caseZip([{ name: 'case.pdf', bytes: Buffer.alloc(8 * 1024 * 1024) }])
    await expect(verifyCaseFile(bomb)).rejects.toThrow(/times larger than it is packed/)
  })

  it('refuses an entry that declares a huge size, before reading it', async () => {
    const path = await caseZip([{ name: 'case.pdf', bytes: Buffer.from('%PDF small') }])
    const bytes = readFileSync(path)
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    const huge = Buffer.from(bytes)
    huge.writeUInt32LE(0x7fffffff, central + 24)
    writeFileSync(path, huge)
    await expect(verifyCaseFile(path)).rejects.toThrow(/more than the 256 MiB/)
  })

  it('refuses something that is not a zip, or a zip with no SHA256SUMS', async () => {
    await expect(verifyCaseFile(written(Buffer.from('hello')))).rejects.toThrow(/not a zip/)
    const bare = written(await zipBytes(evidence(), new Date()))
    await expect(verifyCaseFile(bare)).rejects.toThrow(/no SHA256SUMS/)
  })
})
