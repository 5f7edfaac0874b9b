import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src/sandbox'
import { inspector, startTestSandbox, TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { pdfImages, pdfText, STATEMENT_PDF, unpack } from '../core/case-file/case-file-support'
import { runCasefile, sandboxFolder, tempFolder } from './cli-harness'

/* `casefile case export` and `casefile case verify`, as a person runs them. */

let sandbox: RunningSandbox
let env: Record<string, string>
let dataDir: string
const run = (args: string[]) => runCasefile(args, env)

beforeAll(async () => {
  sandbox = await startTestSandbox()
  env = { CASEFILE_API_KEY: sandbox.demoKeys[0]!.key }
  dataDir = await sandboxFolder(run, sandbox)
})
afterAll(() => sandbox.stop())

describe('casefile case', () => {
  it('exports a submission to a zip that verifies, and finds a changed byte', async () => {
    const client = inspector(sandbox, env.CASEFILE_API_KEY!)
    const file = await client.uploadFile({
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
      fileName: 'a.pdf',
    })
    const report = await client.createReport({
      fraudType: 'hacker',
      fraudReason:
        'Adébáyọ̀ Ọlánrewájú logged in from a new device and emptied the account within minutes.',
      identifiers: [{ label: 'email', value: 'victim@example.com' }],
      attachments: [file.url],
      showUploaderInfo: false,
    })
    const out = join(tempFolder(), 'case.zip')
    const exported = await run(['case', 'export', report.id, '--out', out, '--data-dir', dataDir])
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    expect(exported.stdout).toContain(`Case file of ${report.id} written to ${out}`)
    expect(existsSync(out)).toBe(true)

    const verified = await run(['case', 'verify', out])
    expect(verified.code).toBe(0)
    expect(verified.stdout).toMatch(/All 4 files match SHA256SUMS\./)
    expect(verified.stdout).toMatch(/certificate .*certificate-s84\.odt/)
    // The fingerprint printed is what `sha256sum SHA256SUMS` gives, and the certificate states.
    const unpacked = tempFolder()
    execFileSync('unzip', ['-q', out, '-d', unpacked])
    const fingerprint = execFileSync('sha256sum', ['SHA256SUMS'], {
      cwd: unpacked,
      encoding: 'utf8',
    }).split(' ')[0]!
    expect(verified.stdout).toContain(
      `Fingerprint (the SHA-256 of SHA256SUMS): ${fingerprint}\nA match proves this case file unchanged only when this fingerprint is the one on the signed certificate`,
    )
    expect(exported.stdout).toContain(fingerprint)

    // One byte of the attachment changed, the zip made again with the system's zip.
    const dir = tempFolder()
    execFileSync('unzip', ['-q', out, '-d', dir])
    const attachment = join(
      dir,
      'attachments',
      readFileSync(join(dir, 'SHA256SUMS'), 'utf8').match(/attachments\/(\S+)/)![1]!,
    )
    const bytes = readFileSync(attachment)
    bytes[0] = bytes[0]! ^ 1
    writeFileSync(attachment, bytes)
    const tampered = join(tempFolder(), 'tampered.zip')
    execFileSync('zip', ['-q', '-r', tampered, '.'], { cwd: dir })
    const refused = await run(['case', 'verify', tampered])
    expect(refused.code).toBe(2)
    expect(refused.stdout).toMatch(/CHANGED\s+attachments\//)
    expect(refused.stdout).toMatch(/1 of the files do not match/)
    const json = await run(['case', 'verify', tampered, '--json'])
    expect(json.json().files).toContainEqual(expect.objectContaining({ verdict: 'changed' }))

    // The attachment changed again and SHA256SUMS made again: sha256sum -c passes, verify does not.
    execFileSync(
      'sh',
      [
        '-c',
        'grep -v certificate-s84 SHA256SUMS | cut -c67- | xargs sha256sum > S && mv S SHA256SUMS',
      ],
      { cwd: dir },
    )
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir })
    const remade = join(tempFolder(), 'remade.zip')
    execFileSync('zip', ['-q', '-r', remade, '.'], { cwd: dir })
    const caught = await run(['case', 'verify', remade])
    expect(caught.code).toBe(2)
    expect(caught.stdout).toMatch(/All 4 files match SHA256SUMS\./)
    expect(caught.stdout).toContain(
      `certificate-s84.odt states the fingerprint ${fingerprint}, but this zip's SHA256SUMS has`,
    )
    // The PDF a court reads states it too, and case.pdf the attachment's first hash.
    expect(caught.stdout).toContain(
      `certificate-s84.pdf states the fingerprint ${fingerprint}, but this zip's SHA256SUMS has`,
    )
    expect(caught.stdout).toMatch(
      /case\.pdf states SHA-256 [0-9a-f]{64} for "attachments\/.*", but the file in the zip and SHA256SUMS have/,
    )
    expect(caught.stdout).toMatch(
      /retrieval-log\.json states that "GET .*" was saved as "attachments\/.*" with SHA-256 [0-9a-f]{64}, but the file in the zip and SHA256SUMS have/,
    )
    expect(caught.stdout).toMatch(/this is not the case file as it was made\./)

    // A symlink in its place: refused with words, exit 2.
    execFileSync('ln', ['-sf', '/etc/passwd', attachment])
    const linked = join(tempFolder(), 'linked.zip')
    execFileSync('zip', ['-q', '-r', '--symlinks', linked, '.'], { cwd: dir })
    const refusedLink = await run(['case', 'verify', linked])
    expect(refusedLink.code).toBe(2)
    expect(refusedLink.stderr).toMatch(/is a symbolic link in the zip/)
    // Each verify reads the two PDFs' text in a worker: several seconds on a busy machine.
  }, 120_000)

  it('says why when there is no such report, and never overwrites a file', async () => {
    const out = join(tempFolder(), 'case.zip')
    const missing = await run([
      'case',
      'export',
      'no-such-report',
      '--out',
      out,
      '--data-dir',
      dataDir,
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/No case file was made of no-such-report/)
    writeFileSync(out, 'keep me')
    const again = await run(['case', 'export', 'x', '--out', out, '--data-dir', dataDir])
    expect(again.code).toBe(1)
    expect(readFileSync(out, 'utf8')).toBe('keep me')
    const notZip = await run(['case', 'verify', out])
    expect(notZip.code).toBe(1)
    expect(notZip.stderr).toMatch(/not a zip/)
  })

  it('draws a PDF attachment\u2019s first page from the built command, in its worker', async () => {
    // bin/casefile.mjs runs out/cli (built by the test run's global setup): the worker is
    // out/cli/evidence-worker.mjs, found beside the chunk that starts it. The folder's key is
    // given in the environment, which the spawned command reads too.
    const keyed = { ...env, ...TEST_FOLDER_KEY_ENV }
    const folder = await sandboxFolder((args) => runCasefile(args, keyed), sandbox)
    const client = inspector(sandbox, env.CASEFILE_API_KEY!)
    const file = await client.uploadFile({ bytes: STATEMENT_PDF, fileName: 'statement.pdf' })
    const report = await client.createReport({
      fraudType: 'hacker',
      fraudReason: 'A statement of the account, attached as a PDF, for the case file to draw.',
      identifiers: [{ label: 'email', value: 'victim@example.com' }],
      attachments: [file.url],
      showUploaderInfo: false,
    })
    const out = join(tempFolder(), 'case.zip')
    const bin = join(__dirname, '..', '..', 'bin', 'casefile.mjs')
    // Not execFileSync: the sandbox answers from this process's event loop.
    await promisify(execFile)(
      process.execPath,
      [bin, 'case', 'export', report.id, '--out', out, '--data-dir', folder],
      { env: { ...process.env, ...keyed }, timeout: 60_000 },
    )
    const pdf = join(unpack(readFileSync(out)).dir, 'case.pdf')
    expect(pdfImages(pdf)).toContainEqual({ width: 1000, height: 1415, type: 'image' })
    const text = pdfText(pdf).replace(/\s+/g, ' ')
    // The registry's link ends in the file's SHA-256: case.pdf names it by its number instead.
    expect(text).toContain('Attachment 1, attachment-1.pdf: page 1 of 1, drawn by Casefile')
    expect(text).not.toMatch(/could not be drawn/)
  }, 90_000)
})
