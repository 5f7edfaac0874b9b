import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import { exportCaseFile } from '../../../src/core/case-file/case-file'
import {
  closedPortUrl,
  inspector,
  openTestCore,
  startTestSandbox,
} from '../../support/core-with-sandbox'
import { SCREENSHOT_PNG, STATEMENT_PDF, pdfText, unpack } from './case-file-support'

/*
 * Names another organization gave its links, as a case file writes them: what unzip makes of
 * the zip and what case.pdf says must be what the bytes are, with nothing invisible in them.
 */

let sandbox: RunningSandbox
let core: Core
let key: string
let host: string
/** What each link serves: a stand-in for the registry's file host. */
const served = new Map<string, Buffer>()
const PROGRAM = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(200),
])
const REASON =
  'The customer was sent a statement to open; it was a program that emptied the account.'

beforeAll(async () => {
  sandbox = await startTestSandbox()
  key = sandbox.demoKeys[0]!.key
  host = `${await closedPortUrl()}/files`
  const real = openTestCore(sandbox, { key: () => key, timeoutMs: 5000 })
  core = {
    ...real,
    client: {
      ...real.client,
      fetchLink: async (url: string) => ({ bytes: served.get(url)!, contentType: null }),
    },
    close: () => real.close(),
  } as Core
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

/** A report by another organization whose links serve the bytes given, as its zip unpacked. */
async function caseFileOf(links: [string, Buffer][]) {
  for (const [segment, bytes] of links) served.set(`${host}/${segment}`, bytes)
  const created = await inspector(sandbox, key).createReport({
    fraudType: 'money_mule',
    fraudReason: REASON,
    identifiers: [{ label: 'nin', value: '12345678901' }],
    attachments: links.map(([segment]) => `${host}/${segment}`),
    showUploaderInfo: false,
  })
  const file = await exportCaseFile(core, created.id)
  const unpacked = unpack(file.bytes)
  execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
  const names = unpacked.files.filter((f) => f.startsWith('attachments/')).sort()
  const text = pdfText(join(unpacked.dir, 'case.pdf'))
  const log = JSON.parse(readFileSync(join(unpacked.dir, 'retrieval-log.json'), 'utf8'))
  return { file, names, text, log }
}

const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u

describe('names a link gives, in the zip and case.pdf', () => {
  it('takes out a right-to-left override and names a program .bin, never .exe nor .pdf', async () => {
    const { names, text, file } = await caseFileOf([
      // Shown by a file manager as "statementexe.pdf".
      ['statement%E2%80%AEfdp.exe', PROGRAM],
      // A document's name, a program's bytes.
      ['invoice.pdf', PROGRAM],
      // Zero-width space, left-to-right mark, NUL and a byte-order mark, around a real PDF.
      ['ac%E2%80%8Bcount%E2%80%8E%00%EF%BB%BF.pdf', STATEMENT_PDF],
    ])
    expect(names).toEqual([
      'attachments/1-statementfdp.bin',
      'attachments/2-invoice.bin',
      'attachments/3-account.pdf',
    ])
    for (const a of file.summary.attachments) expect(a.fileName).not.toMatch(INVISIBLE)
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/)
    expect(text).toContain('statementfdp.exe')
  })

  it('never writes a Windows device name, and takes a text name only for text', async () => {
    const { names, log } = await caseFileOf([
      ['CON', SCREENSHOT_PNG],
      ['nul.txt', Buffer.from('Paid to 0123456789 on 3 May.\n')],
      ['aux.txt', PROGRAM],
    ])
    expect(names).toEqual([
      'attachments/1-_CON.png',
      'attachments/2-_nul.txt',
      'attachments/3-_aux.bin',
    ])
    const savedAs = log.exchanges
      .map((e: { savedAs?: string }) => e.savedAs)
      .filter((name: string | undefined) => name?.startsWith('attachments/'))
    expect(savedAs.sort()).toEqual(names)
  })
})
