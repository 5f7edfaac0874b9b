/**
 * The time to export a case file of a report with three 5 MB attachments (a PDF, a PNG photo of
 * noise, a JPEG), against the sandbox registry in this process: the decode, the three links
 * fetched, case.pdf with the two pictures drawn, the certificate, the zip and SHA256SUMS.
 *
 *   npm run bench:case
 *
 * Prints figures only; it asserts nothing about speed (target here: under 2 s).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { pngFile } from '../src/core/case-file/drawing'
import { openCore } from '../src/core/open-core'
import * as Attachments from '../src/core/drafts/attachments'
import * as Drafts from '../src/core/drafts/drafts'
import * as Outbox from '../src/core/outbox/outbox'
import * as Sync from '../src/core/sync/sync'
import { exportCaseFile } from '../src/core/case-file/case-file'
import { startSandbox } from '../src/sandbox'

const MB = 1024 * 1024

/** A PNG of random RGB pixels, about `bytes` long (noise does not compress). */
function noisePng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3))
  const raw = Buffer.alloc((side * 3 + 1) * side)
  for (let y = 0; y < side; y++) randomBytes(side * 3).copy(raw, y * (side * 3 + 1) + 1)
  return pngFile(side, side, 'rgb', deflateSync(raw, { level: 1 }))
}

/** The test photo with comment segments (COM, 64 KiB each) up to `bytes`: a valid JPEG that size. */
function bigJpeg(bytes: number): Buffer {
  const photo = readFileSync(new URL('../test/fixtures/case-file/photo.jpg', import.meta.url))
  const segments: Buffer[] = []
  for (let size = photo.length; size < bytes; size += 65_535 + 2) {
    const segment = Buffer.alloc(65_535 + 2)
    segment.set([0xff, 0xfe, 0xff, 0xff])
    randomBytes(65_531).copy(segment, 4)
    segments.push(segment)
  }
  return Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)])
}

const bigPdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(bytes - 20), Buffer.from('\n%%EOF\n')])

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'case-bench-sbx-')),
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'case-bench-'))
  const key = sandbox.demoKeys[0]!.key
  const core = openCore({
    dataDir,
    folderKey: randomBytes(32),
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: () => key,
    uploadTimeoutMs: 60_000,
  })
  try {
    const draft = Drafts.createDraft(core, {
      fraudType: 'social_engineering',
      fraudReason:
        'Adébáyọ̀ Ọlánrewájú asked the customer for her OTP on a call, then moved ₦2,450,000 out.',
      identifiers: [{ label: 'phone', value: '08031234567' }],
    })
    const files = [
      { bytes: bigPdf(5 * MB), fileName: 'statement.pdf' },
      { bytes: noisePng(5 * MB), fileName: 'photo.png' },
      { bytes: bigJpeg(5 * MB), fileName: 'scan.jpg' },
    ].map((f) => Attachments.addAttachment(core, draft.localId, f))
    Drafts.saveDraft(core, draft.localId, { ...draft.draft, attachmentIds: files.map((f) => f.id) })
    Outbox.queueReport(core, draft.localId)
    await Sync.syncNow(core)
    const id = Drafts.findReport(core, draft.localId)?.registryId
    if (!id) throw new Error('The report was not sent to the sandbox.')
    console.log(
      `attachments: ${files.map((f) => `${f.fileName} ${(f.size / MB).toFixed(1)} MB`).join(', ')}`,
    )
    const times: number[] = []
    for (let run = 0; run < 4; run++) {
      const started = performance.now()
      const file = await exportCaseFile(core, id)
      const ms = performance.now() - started
      if (run > 0) times.push(ms)
      console.log(
        `${run === 0 ? 'warm-up' : `run ${run}`}: ${ms.toFixed(0)} ms, zip ${(file.bytes.length / MB).toFixed(1)} MB`,
      )
    }
    times.sort((a, b) => a - b)
    console.log(
      `case export, three 5 MB attachments: median ${times[1]!.toFixed(0)} ms (target < 2000 ms)`,
    )
  } finally {
    await core.close()
    await sandbox.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
