import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import * as Banks from '../../../src/core/banks/banks'
import * as Search from '../../../src/core/search/search'
import { exportCaseFile } from '../../../src/core/case-file/case-file'
import { inspector, openTestCore, startTestSandbox } from '../../support/core-with-sandbox'
import { SCREENSHOT_PNG, STATEMENT_PDF, pdfText, unpack } from './case-file-support'

/*
 * Another organization's report in a case file: the registry decodes only the organization's
 * own reports, so the case file holds the copy a search brought. case.pdf says so, with the
 * time of that search on the registry's clock, not the registry's refusal; the account is given
 * with its bank's name (a new data folder, whose bank list is fetched for it); the attachments,
 * whose links end in a hash, are named by their number.
 */

let sandbox: RunningSandbox
let core: Core

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, timeoutMs: 5000, uploadTimeoutMs: 5000 })
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

describe('a case file of a report another organization filed, found by a search', () => {
  let text: string
  let files: string[]
  let searchedAt: number
  let decodeRefusal: string
  beforeAll(async () => {
    const other = inspector(sandbox, sandbox.demoKeys[1]!.key)
    const pdf = await other.uploadFile({ bytes: STATEMENT_PDF, fileName: 'statement.pdf' })
    const png = await other.uploadFile({ bytes: SCREENSHOT_PNG, fileName: 'chat.png' })
    const filed = await other.createReport({
      fraudType: 'money_mule',
      fraudReason: 'Six transfers from victims of a fake loan app landed in this account.',
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
      attachments: [pdf.url, png.url],
      showUploaderInfo: true,
    })
    // What the registry answers when asked to decode it: not among this organization's own.
    decodeRefusal = await core.client.decodeSubmissionAnswer(filed.id).then(
      () => '',
      (error: Error) => error.message,
    )
    expect(Banks.banks(core)).toEqual([])
    searchedAt = Date.now()
    const answer = await Search.search(core, {
      identifier: 'account',
      value: '0123456789_access-bank',
    })
    expect(JSON.stringify(answer)).toContain(filed.id)
    const unpacked = unpack((await exportCaseFile(core, filed.id)).bytes)
    files = unpacked.files
    text = pdfText(join(unpacked.dir, 'case.pdf')).replace(/\s+/g, ' ')
  }, 60_000)

  it('introduces it as found by a search at a stated registry time, not by the registry’s refusal', () => {
    const lagos = (at: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Africa/Lagos',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(at)
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(searchedAt)
    const said =
      /As found by a search at (\d\d:\d\d) on (\d{1,2} [A-Z][a-z]+ \d{4}) \(registry time\)/.exec(
        text,
      )
    expect(said, text.slice(0, 1500)).not.toBeNull()
    // The minute of the search (or the next, should it have run across one).
    expect([lagos(searchedAt), lagos(searchedAt + 60_000)]).toContain(said![1])
    expect(said![2]).toBe(day)
    expect(text).toContain('another organization filed')
    expect(decodeRefusal).not.toBe('')
    expect(text).not.toContain(decodeRefusal)
    expect(text).not.toMatch(/did not give this report now/)
  })

  it('names the account’s bank, from a bank list fetched for it', () => {
    expect(text).toMatch(/6789 \u2014 Access Bank \(registry value/)
  })

  it('names its attachments by their number, never by the hash their links end in', () => {
    expect(text).toContain('Attachment 1: attachment-1.pdf')
    expect(text).toContain('Attachment 2: attachment-2.png')
    expect(text).not.toMatch(/Attachment \d: [0-9a-f]{24}/)
    expect(files.filter((f) => f.startsWith('attachments/'))).toEqual([
      'attachments/1-attachment-1.pdf',
      'attachments/2-attachment-2.png',
    ])
  })
})
