import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { failureEnvelopeSchema } from '../../src/shared/domain/envelope'
import { uploadResponseSchema } from '../../src/shared/domain/responses'
import { MAX_ATTACHMENT_BYTES } from '../../src/shared/file-types'
import { SAMPLE_FILES, formWithFile, storedZip } from './sample-files'
import { call, paths, useSandbox } from './sandbox-harness'

const h = useSandbox()

const storedFiles = () => readdirSync(join(h.dataDir, 'uploads')).filter((n) => !n.startsWith('.'))

async function upload(form: FormData | undefined, init: { raw?: string } = {}) {
  return call(h.sandbox.uploadUrl + paths.upload, { body: form, ...init, key: null })
}

async function expectRefused(form: FormData, status: number, message: RegExp) {
  const before = storedFiles()
  const result = await upload(form)
  expect(result.status).toBe(status)
  expect(failureEnvelopeSchema.parse(result.body)).toMatchObject({ success: false, data: null })
  expect(result.body.message).toMatch(message)
  expect(storedFiles()).toEqual(before)
}

describe('upload (4.9) at {upload_url}/api/v1/upload', () => {
  it('lives under its own base address on the sandbox', () => {
    expect(h.sandbox.uploadUrl).toBe(`${h.sandbox.baseUrl}/upload-service`)
  })

  it.each(Object.entries(SAMPLE_FILES))(
    'takes a %s file and serves it back at the url it answers',
    async (kind, sample) => {
      const result = await upload(formWithFile(sample.bytes, sample.name))
      expect(result.status).toBe(200)
      const { id, url } = uploadResponseSchema.parse(result.body).data
      expect(id).toMatch(/^[0-9a-f]{64}$/)
      expect(url.startsWith(`${h.sandbox.uploadUrl}/files/`)).toBe(true)
      expect(url.endsWith(`.${kind}`)).toBe(true)
      const served = await fetch(url)
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer())).toEqual(sample.bytes)
      expect(served.headers.get('content-type')).toBeTruthy()
    },
  )

  it('types a file by its content, not its name', async () => {
    const result = await upload(formWithFile(SAMPLE_FILES.pdf.bytes, 'looks-like-a-photo.png'))
    const { url } = uploadResponseSchema.parse(result.body).data
    expect(url.endsWith('.pdf')).toBe(true)
    expect((await fetch(url)).headers.get('content-type')).toBe('application/pdf')
  })

  it('gives the same id and url for the same content, stored once', async () => {
    const bytes = Buffer.from('%PDF-1.4 same content twice')
    const first = uploadResponseSchema.parse((await upload(formWithFile(bytes, 'a.pdf'))).body)
    const count = storedFiles().length
    const second = uploadResponseSchema.parse((await upload(formWithFile(bytes, 'b.pdf'))).body)
    expect(second.data).toEqual(first.data)
    expect(storedFiles()).toHaveLength(count)
  })

  it('takes a file of exactly 10 MiB', async () => {
    const result = await upload(formWithFile(Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x61), 'big.txt'))
    expect(result.status).toBe(200)
  })

  it('refuses a file one byte over 10 MiB with 413, storing nothing', async () => {
    await expectRefused(
      formWithFile(Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x61), 'huge.txt'),
      413,
      /"huge\.txt" is larger than 10 MiB/,
    )
  })

  it.each([
    [
      'a Windows program named .pdf',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00program'),
      'evidence.pdf',
    ],
    ['a zip that is not an Office file', storedZip({ 'photos/a.jpg': 'x' }), 'evidence.xlsx'],
    ['binary data with NUL bytes', Buffer.from([0x01, 0x00, 0x02, 0x03]), 'data.txt'],
    ['Latin-1 text that is not UTF-8', Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'cafe.txt'],
    [
      'an MP4 video',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(12)]),
      'clip.mp4',
    ],
  ])('refuses %s with 415, storing nothing', async (_name, bytes, fileName) => {
    await expectRefused(
      formWithFile(bytes, fileName),
      415,
      /not a file type the registry takes.*PDF, PNG/,
    )
  })

  it('refuses an empty file with 400', async () => {
    await expectRefused(formWithFile(Buffer.alloc(0), 'empty.pdf'), 400, /empty/)
  })

  it('refuses a form without a file part with 400 {success:false, message, data:null}', async () => {
    const form = new FormData()
    form.append('note', 'no file here')
    await expectRefused(form, 400, /No file uploaded.*part named "file"/)
  })

  it('refuses a file part with another name with 400', async () => {
    await expectRefused(
      formWithFile(SAMPLE_FILES.pdf.bytes, 'a.pdf', 'document'),
      400,
      /named "document", not "file"/,
    )
  })

  it('refuses a request that is not multipart with 400', async () => {
    const result = await upload(undefined, { raw: '{"file":"x"}' })
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ success: false, data: null })
    expect(result.body.message).toMatch(/not multipart/)
  })

  it('answers 404 for a file it does not hold', async () => {
    const result = await call(`${h.sandbox.uploadUrl}/files/${'0'.repeat(64)}.pdf`)
    expect(result.status).toBe(404)
    expect(result.body).toMatchObject({ success: false, data: null })
  })
})
