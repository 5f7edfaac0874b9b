import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { writeCasePdf } from '../../../src/core/case-file/case-pdf'
import { certificateBlocks, writeCertificatePdf } from '../../../src/core/case-file/certificate'
import { writeCertificateOdt } from '../../../src/core/case-file/certificate-odt'
import { zipBytes, type ZipPart } from '../../../src/core/case-file/zip-bytes'

/* A case file shaped as Casefile writes one, made in the test, for `casefile case verify` to check. */

export const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

const folder = mkdtempSync(join(tmpdir(), 'casefile-verify-'))
let n = 0
export function written(bytes: Buffer): string {
  const path = join(folder, `case-${++n}.zip`)
  writeFileSync(path, bytes)
  return path
}

export const ANSWER = Buffer.from('{"data":{"report":{"id":"r-1"}}}\n')
export const STATEMENT = Buffer.from('%PDF-1.4 a statement')

/** case.pdf as Casefile writes it for this answer and an attachment of these bytes. */
export function casePdfFor(statement: Buffer, answer = ANSWER): Promise<Buffer> {
  return writeCasePdf({
    id: 'r-1',
    report: {
      record: { id: 'r-1' },
      answer: { fileName: 'registry-answer.json', bytes: answer, sha256: sha(answer) },
      source: { kind: 'registry', endpoint: 'GET https://registry.test/decode', at: 0 },
      exchanges: [],
    },
    attachments: [
      {
        number: 1,
        url: 'https://files.test/s.pdf',
        fileName: 's.pdf',
        zipName: 'attachments/1-statement.pdf',
        typeLabel: 'PDF',
        // Not drawn: the test's statement is a PDF in name only.
        kind: 'other',
        size: statement.length,
        sha256: sha(statement),
        bytes: statement,
        from: 'registry',
        linkProblem: null,
        keptProblem: null,
      },
    ],
    exportedAt: Date.UTC(2025, 0, 2, 10),
    computerAheadMs: 0,
    registry: 'https://registry.test',
    system: { software: 'Casefile 1.0.0', computer: 'laptop' },
    bankName: () => undefined,
  })
}

export const CASE_PDF = await casePdfFor(STATEMENT)

/** The evidence of a case file: case.pdf, the answer, an attachment and the log of their hashes. */
export function evidence(files = { casePdf: CASE_PDF, statement: STATEMENT }): ZipPart[] {
  const log = {
    case: 'r-1',
    exchanges: [
      {
        request: 'GET https://registry.test/decode',
        sha256: sha(ANSWER),
        savedAs: 'registry-answer.json',
      },
      {
        request: 'GET https://files.test/s.pdf',
        sha256: sha(files.statement),
        savedAs: 'attachments/1-statement.pdf',
      },
    ],
  }
  return [
    { name: 'case.pdf', bytes: files.casePdf },
    { name: 'registry-answer.json', bytes: ANSWER },
    { name: 'attachments/1-statement.pdf', bytes: files.statement },
    { name: 'retrieval-log.json', bytes: Buffer.from(JSON.stringify(log)) },
  ]
}

/**
 * The two certificates for `parts`, stating their hashes and the fingerprint of their SHA256SUMS
 * (or the one given).
 */
export async function certificates(
  parts: ZipPart[],
  stated: { fingerprint?: string } = {},
): Promise<ZipPart[]> {
  const input = {
    caseId: 'r-1',
    exportedAt: Date.UTC(2025, 0, 2, 10),
    registry: 'https://registry.test',
    system: { software: 'Casefile 1.0.0', computer: 'laptop' },
    documents: parts.map((p) => ({
      name: p.name,
      description: 'a file',
      sha256: sha(p.bytes),
      size: p.bytes.length,
    })),
    fingerprint: stated.fingerprint ?? sha(sha256Sums(parts)),
  }
  return [
    { name: 'certificate-s84.pdf', bytes: await writeCertificatePdf(input) },
    {
      name: 'certificate-s84.odt',
      bytes: await writeCertificateOdt(certificateBlocks(input), new Date()),
    },
  ]
}

/** A zip of the parts with their SHA256SUMS (or the one given), as yazl writes it. */
export async function caseZip(
  parts: ZipPart[],
  sums = sha256Sums(parts.filter((p) => !p.name.startsWith('certificate-s84.'))),
): Promise<string> {
  return written(
    await zipBytes([...parts, { name: 'SHA256SUMS', bytes: Buffer.from(sums) }], new Date()),
  )
}

/**
 * What a recipient without Casefile gets: the zip unpacked by `unzip` or by Python's zipfile,
 * then `sha256sum -c SHA256SUMS`. True when the check passes.
 */
export function othersPass(path: string, tool: 'unzip' | 'python'): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-unpacked-'))
  const unpack =
    tool === 'unzip'
      ? spawnSync('unzip', ['-qo', path, '-d', dir])
      : spawnSync('python3', [
          '-c',
          'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])',
          path,
          dir,
        ])
  if (unpack.status !== 0 && tool === 'python') return false
  return spawnSync('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: dir }).status === 0
}

/** `sha256sum SHA256SUMS` of the zip's SHA256SUMS, as a person would run it. */
export function sumsFingerprint(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-unpacked-'))
  execFileSync('unzip', ['-q', path, 'SHA256SUMS', '-d', dir])
  return execFileSync('sha256sum', ['SHA256SUMS'], { cwd: dir, encoding: 'utf8' }).split(' ')[0]!
}
