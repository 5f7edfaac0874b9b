import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { sha256Sums } from '../../../src/core/case-file/case-file'
import { caseFileHandlers } from '../../../src/core/case-file/case-file-handlers'
import { exchangeLog } from '../../../src/core/log/log'
import { closedPortUrl, openTestCore } from '../../support/core-with-sandbox'
import { CASE_PDF, caseZip, certificates, evidence, sumsFingerprint } from './case-verify-support'

/*
 * caseFileVerify: the bytes of a zip the window was handed, checked as `casefile case verify`
 * checks a path, and the check written to the folder's append-only log as the CLI writes it.
 */

// Checking a zip needs no registry: a core whose registry is unreachable.
const registry = await closedPortUrl()
const core = openTestCore({ baseUrl: registry, uploadUrl: `${registry}/upload-service` })
afterAll(() => core.close())
const verify = caseFileHandlers(() => core).caseFileVerify
const verifications = () =>
  exchangeLog(core, { limit: 50 }).filter((e) => e.endpoint.startsWith('casefile case verify'))

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
    const logged = verifications().find((e) => e.endpoint === 'casefile case verify case.zip')
    expect(logged).toMatchObject({ outcome: 'ok' })
    expect(logged?.message).toContain(`fingerprint ${sumsFingerprint(path)}`)
    expect(logged?.message).toContain('all files match')
  })

  it('says not intact and names the changed file when a byte differs', async () => {
    const parts = evidence()
    const certs = await certificates(parts)
    const changed = evidence({ casePdf: CASE_PDF, statement: Buffer.from('%PDF-1.4 a statemenT') })
    const path = await caseZip([...changed, ...certs], sha256Sums(parts))
    const answer = await verify({
      fileName: 'changed.zip',
      bytes: new Uint8Array(readFileSync(path)),
    })
    expect(answer.ok && answer.intact).toBe(false)
    expect(answer.ok && answer.files).toContainEqual({
      name: 'attachments/1-statement.pdf',
      verdict: 'changed',
    })
    const logged = verifications().find((e) => e.endpoint === 'casefile case verify changed.zip')
    expect(logged).toMatchObject({ outcome: 'validation' })
    expect(logged?.message).toContain('attachments/1-statement.pdf changed')
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
