/**
 * `case export` of a report whose one attachment is a decompression bomb, each in a process of
 * its own (the sandbox registry in it too): the process's peak memory (the kernel's high-water
 * mark, ru_maxrss, so a pause in sampling cannot miss it), the time, and the longest pause of
 * its event loop while exporting (perf_hooks.monitorEventLoopDelay). A benign 12-megapixel photo
 * of noise and a one-page PDF first, for comparison.
 *
 *   npm run bench:case-bombs            every file
 *   npm run bench:case-bombs -- png16k  one of them (its name below)
 *   BOMB_BENCH_AGAIN=1 …                 and a second export in the same process (warm), on stderr
 *
 * On a machine whose cores are busy with other work, a pause includes the time this process was
 * not scheduled: compare figures taken on a quiet machine (the load average is printed).
 * Prints figures only; it asserts nothing (targets: peak under 1 GB, pause under 200 ms).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { deflateSync } from 'node:zlib'
import { pngFile } from '../src/core/case-file/drawing'
import { exportCaseFile } from '../src/core/case-file/case-file'
import { openCore } from '../src/core/open-core'
import { createRegistryClient } from '../src/core/registry/registry-client'
import { startSandbox } from '../src/sandbox'
import {
  jpegDeclaring,
  pdfContentBomb,
  pdfImageBomb,
  pngBomb,
} from '../test/support/hostile-images'
import { STATEMENT_PDF } from '../test/core/case-file/case-file-support'

const MB = 1024 * 1024

/** A 12-megapixel RGB PNG (4000×3000), its top quarter noise: a photo's size, under 10 MB. */
function photoPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height / 4; y++) randomBytes(width * 3).copy(raw, y * (width * 3 + 1) + 1)
  return pngFile(width, height, 'rgb', deflateSync(raw, { level: 1 }))
}

const FILES: Record<string, { name: string; make: () => Buffer }> = {
  photo12mp: { name: 'photo.png', make: () => photoPng(4000, 3000) },
  statement: { name: 'statement.pdf', make: () => STATEMENT_PDF },
  png16k: { name: 'bomb-16000.png', make: () => pngBomb(16000, 16000) },
  png24k: { name: 'bomb-24000.png', make: () => pngBomb(24000, 24000) },
  jpeg: { name: 'bomb.jpg', make: () => jpegDeclaring(60000, 60000) },
  pdfContent: { name: 'content-bomb.pdf', make: () => pdfContentBomb(1_500_000_000) },
  pdfImage: { name: 'image-bomb.pdf', make: () => pdfImageBomb(7000, 1_500_000_000) },
}

/** In the child: one export, its figures as a line of JSON. */
async function one(which: string): Promise<void> {
  const file = FILES[which]
  if (!file) throw new Error(`No file called ${which}.`)
  const sandbox = await startSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'bomb-sbx-')) })
  const key = sandbox.demoKeys[0]!.key
  const connection = { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl }
  const core = openCore({
    dataDir: mkdtempSync(join(tmpdir(), 'bomb-core-')),
    folderKey: randomBytes(32),
    connection,
    getApiKey: () => key,
  })
  try {
    const bytes = file.make()
    const client = createRegistryClient(connection, { getApiKey: () => key })
    const uploaded = await client.uploadFile({ bytes, fileName: file.name })
    const report = await client.createReport({
      fraudType: 'money_mule',
      fraudReason: 'A report whose attachment is a decompression bomb, for the bench.',
      identifiers: [{ label: 'nin', value: '12345678901' }],
      attachments: [uploaded.url],
      showUploaderInfo: false,
    })
    const rssBefore = process.memoryUsage.rss()
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    const exported = await exportCaseFile(core, report.id)
    const ms = performance.now() - started
    delay.disable()
    if (process.env.BOMB_BENCH_AGAIN) {
      const again = monitorEventLoopDelay({ resolution: 10 })
      again.enable()
      const t = performance.now()
      await exportCaseFile(core, report.id)
      again.disable()
      console.error(
        `again: ${Math.round(performance.now() - t)} ms, pause ${Math.round(again.max / 1e6)} ms`,
      )
    }
    console.log(
      JSON.stringify({
        file: `${which} (${(bytes.length / MB).toFixed(2)} MB)`,
        exportMs: Math.round(ms),
        rssBeforeMB: Math.round(rssBefore / MB),
        peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
        longestPauseMs: Math.round(delay.max / 1e6),
        zipMB: Number((exported.bytes.length / MB).toFixed(2)),
      }),
    )
  } finally {
    await core.close()
    await sandbox.stop()
  }
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--one')
  if (at > 0) return one(process.argv[at + 1]!)
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  )
  const names = process.argv.slice(2).filter((a) => a in FILES)
  for (const which of names.length ? names : Object.keys(FILES)) {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), '--one', which],
        { timeout: 300_000, maxBuffer: 16 * MB },
      )
      const figures = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>
      console.log(
        `${String(figures.file).padEnd(28)} peak ${String(figures.peakRssMB).padStart(5)} MB (${String(figures.rssBeforeMB)} MB before), ` +
          `${String(figures.exportMs).padStart(6)} ms, longest pause ${String(figures.longestPauseMs).padStart(5)} ms`,
      )
    } catch (error) {
      console.log(`${which.padEnd(28)} failed: ${String(error).split('\n')[0]}`)
    }
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
