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
    expect(verified.stdout).toMatch(/All 6 files match SHA256SUMS\./)

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
  })

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
    // The registry names an uploaded file by its SHA-256.
    expect(text).toMatch(/Attachment 1, \w+\.pdf: its first page, drawn by Casefile/)
    expect(text).not.toMatch(/could not be drawn/)
  }, 90_000)
})
