import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { caseFileHandlers } from '../../../src/core/case-file/case-file-handlers'
import type { CoreContext } from '../../../src/core/core-context'
import { CASE_PDF, caseZip, certificates, evidence, sumsFingerprint } from './case-verify-support'

/* caseFileVerify: the bytes of a zip the window was handed, checked as `casefile case verify` checks a path. */

// Checking a zip reads nothing of the data folder.
const verify = caseFileHandlers(() => ({}) as CoreContext).caseFileVerify

describe('a zip handed to the window, checked', () => {
  it('says intact, with the fingerprint and every file, for a case file as it was made', async () => {
    const parts = evidence()
    const path = await caseZip([...parts, ...(await certificates(parts))])
    const answer = await verify({ fileName: 'case.zip', bytes: new Uint8Array(readFileSync(path)) })
    expect(answer).toMatchObject({
      ok: true,
      intact: true,
      fingerprint: sumsFingerprint(path),
      disagreements: [],
    })
    expect(answer.ok && answer.files.map((f) => f.verdict)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'certificate',
      'certificate',
    ])
  })

  it('says not intact and names the changed file when a byte differs', async () => {
    const parts = evidence()
    const certs = await certificates(parts)
    const changed = evidence({ casePdf: CASE_PDF, statement: Buffer.from('%PDF-1.4 a statemenT') })
    const path = await caseZip([...changed, ...certs], sha256Sums(parts))
    const answer = await verify({ fileName: 'case.zip', bytes: new Uint8Array(readFileSync(path)) })
    expect(answer.ok && answer.intact).toBe(false)
    expect(answer.ok && answer.files).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'changed',
    })
  })

  it('refuses in words what is not a zip', async () => {
    const answer = await verify({
      fileName: 'notes.zip',
      bytes: new TextEncoder().encode('not a zip at all'),
    })
    expect(answer.ok).toBe(false)
    expect(!answer.ok && answer.message).toMatch(/zip/i)
  })
})
