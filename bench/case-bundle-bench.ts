/**
 * A case's bundle at the size of a real investigation (issue 41): 10 reports, each with three
 * attachments of about 5 MB (a photo as a PNG, and two scanned statements as PDFs of several
 * pages, each page a picture), filed to the sandbox registry, gathered into a case and exported,
 * signed with a self-signed key. Prints figures only; it asserts nothing (targets: export under
 * 10 s, peak memory under 500 MB), with how loaded the machine was (`uptime`).
 *
 *   npm run bench:case    (after the one-report bench; builds the CLI, then runs this)
 *   npx tsx bench/case-bundle-bench.ts                        (the built CLI: npm run build:cli)
 *   CASE_BENCH_SOURCE=1 npx tsx bench/case-bundle-bench.ts    (from source, see sourcePart)
 *   CASE_BENCH_REPORTS=2 …                                    (a smaller case, for a profile)
 *   CASE_BENCH_CPU_PROF=DIR …                                 (the built CLI's CPU profile)
 *
 * What it measures by default is what ships: the built `casefile` command (`casefile case new`,
 * `case add`, then `case export --sign kept`, timed by /usr/bin/time), whose drawing workers load
 * the bundled pdf.js. From source (CASE_BENCH_SOURCE=1, Cases.exportCase in a process of its
 * own) the workers run the TypeScript through tsx: each has tsx's loader and its own compiled
 * pdf.js, several hundred MB and seconds to start, which no build of Casefile pays; its figures
 * are for finding where the time goes, not for the target. Either way the export runs in a
 * process of its own that opens the data folder the reports were filed from, so its memory
 * high-water mark is the export's, not the sandbox's (a real registry is another machine), the
 * filing's or the fixtures'; and it prints how long each stage took (CASEFILE_STAGE_TIMES=1,
 * stage-times.ts).
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { deflateSync } from 'node:zlib'
import * as Attachments from '../src/core/drafts/attachments'
import { pngFile } from '../src/core/case-file/drawing'
import { createFolderIdentity } from '../src/core/encryption/folder-key'
import * as Cases from '../src/core/cases/cases'
import * as Drafts from '../src/core/drafts/drafts'
import { openCore, type Core } from '../src/core/open-core'
import * as Outbox from '../src/core/outbox/outbox'
import { createSelfSignedKey } from '../src/core/signing/signing-key'
import * as Sync from '../src/core/sync/sync'
import { startSandbox } from '../src/sandbox'

const MB = 1024 * 1024
const REPORTS = Number(process.env.CASE_BENCH_REPORTS ?? 10)
const ATTACHMENT_BYTES = 5 * MB

interface Job {
  dataDir: string
  folderKey: string
  baseUrl: string
  uploadUrl: string
  key: string
  reportIds: string[]
}

/** A PNG of random RGB pixels, about `bytes` long (noise does not compress: a photo's worst). */
function noisePng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3))
  const raw = Buffer.alloc((side * 3 + 1) * side)
  for (let y = 0; y < side; y++) randomBytes(side * 3).copy(raw, y * (side * 3 + 1) + 1)
  return pngFile(side, side, 'rgb', deflateSync(raw, { level: 1 }))
}

/**
 * A scanned statement: `pages` A4 pages, each a heading in Helvetica over a scanned picture (a
 * noise PNG) sized so the file is about `bytes` long, made by pdfkit.
 */
async function scannedPdf(pages: number, bytes: number): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  for (let n = 1; n <= pages; n++) {
    doc.addPage()
    doc.fillColor('#000000').fontSize(20).text(`Statement page ${n} of ${pages}`, 56, 56)
    doc.image(noisePng(bytes / pages), 56, 100, { width: 483 })
  }
  doc.end()
  return done
}

/** The machine's load averages (1, 5, 15 minutes), as `uptime` says them. */
const loadWords = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`

/** The process's resident memory's high-water mark, from /proc (bytes). */
const vmHwm = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024

/**
 * From source (CASE_BENCH_SOURCE=1), in the export's own process: the case gathered and
 * exported with Cases.exportCase, with its figures.
 */
async function sourcePart(job: Job): Promise<void> {
  const core: Core = openCore({
    dataDir: job.dataDir,
    folderKey: Buffer.from(job.folderKey, 'hex'),
    connection: { baseUrl: job.baseUrl, uploadUrl: job.uploadUrl },
    getApiKey: () => job.key,
    uploadTimeoutMs: 60_000,
  })
  try {
    const sign = await createSelfSignedKey({ name: 'Bench MFB: fraud case files', now: new Date() })
    const atStart = process.memoryUsage().rss
    let peak = atStart
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)
    const gatherStarted = performance.now()
    const caseId = Cases.newCase(core, 'Mule network: ten reports', 'Bench case').id
    for (const id of job.reportIds)
      await Cases.addToCase(core, caseId, { kind: 'report', reportId: id })
    const gatherMs = performance.now() - gatherStarted
    const dir = mkdtempSync(join(tmpdir(), 'case-bundle-bench-out-'))
    const zip = join(dir, 'case.zip')
    // Timed to the zip written whole at its name, as `casefile case export --out` writes it.
    // The core's event loop during the export: its longest stall (target: none over ~50 ms).
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    const bundle = await Cases.exportCase(core, caseId, { sign, out: zip })
    const exportMs = performance.now() - started
    delay.disable()
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    execFileSync('unzip', ['-q', zip, 'case.pdf', '-d', dir])
    const info = execFileSync('pdfinfo', [join(dir, 'case.pdf')], { encoding: 'utf8' })
    const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1] ?? '?'
    const casePdfMb = readFileSync(join(dir, 'case.pdf')).length / MB
    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`
    console.log(
      `case of ${job.reportIds.length} reports gathered (newCase, addToCase): ${gatherMs.toFixed(0)} ms`,
    )
    console.log(
      `case export (exportCase, signed: ${bundle.signedBy ? 'yes' : 'no'}): ${(exportMs / 1000).toFixed(1)} s (target < 10 s)`,
    )
    console.log(
      `peak memory of the export's process: VmHWM ${mb(vmHwm())}, sampled RSS peak ${mb(peak)} (${mb(atStart)} before the case was gathered) (target < 500 MB)`,
    )
    console.log(
      `the export's event loop: longest stall ${(delay.max / 1e6).toFixed(0)} ms, 99th percentile ${(delay.percentile(99) / 1e6).toFixed(0)} ms (target: no task over ~50 ms)`,
    )
    console.log(
      `bundle: ${(bundle.size / MB).toFixed(1)} MB; case.pdf: ${pages} pages, ${casePdfMb.toFixed(1)} MB; written to ${zip}; machine load: ${loadWords()}`,
    )
  } finally {
    await core.close()
  }
}

/**
 * The same case made and exported by the built `casefile` command (npm run build:cli first),
 * signed with a key `casefile signing-key create` keeps, under /usr/bin/time: the figures of
 * what ships.
 */
async function cliPart(job: Job): Promise<void> {
  // Never a synchronous child: the sandbox answers from this process's event loop.
  const run = promisify(execFile)
  const env = { ...process.env, CASEFILE_DB_KEY: job.folderKey, CASEFILE_API_KEY: job.key }
  const cli = async (...args: string[]) =>
    (
      await run(process.execPath, ['bin/casefile.mjs', ...args, '--data-dir', job.dataDir], {
        env,
      })
    ).stdout
  await cli('config', 'set', '--base-url', job.baseUrl, '--upload-url', job.uploadUrl)
  await cli('signing-key', 'create', '--name', 'Bench MFB: fraud case files')
  const made = await cli('case', 'new', 'Mule network: ten reports')
  const caseId = /case-[0-9a-f]{10}/.exec(made)?.[0]
  if (!caseId) throw new Error('casefile case new printed no case id.')
  for (const id of job.reportIds) await cli('case', 'add', caseId, '--report', id)
  const zip = join(mkdtempSync(join(tmpdir(), 'case-bundle-bench-cli-')), 'case.zip')
  const profile = process.env.CASE_BENCH_CPU_PROF
  const timed = await run(
    '/usr/bin/time',
    ['-v', process.execPath]
      // CASE_BENCH_CPU_PROF=DIR: a V8 CPU profile of each of the export's threads, into DIR.
      .concat(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [])
      .concat(['bin/casefile.mjs', 'case', 'export', caseId, '--out', zip, '--sign', 'kept'])
      .concat(['--data-dir', job.dataDir]),
    { env },
  ).catch((error: unknown) => {
    throw new Error(`casefile case export failed: ${String(error)}`)
  })
  if (process.env.CASE_BENCH_VERBOSE === '1') console.log(timed.stdout, timed.stderr)
  // The export's stages (CASEFILE_STAGE_TIMES=1), printed before /usr/bin/time's own lines.
  console.log(timed.stderr.split(/\n\s*Command being timed/)[0]!.trimEnd())
  const wall = /Elapsed \(wall clock\) time.*: (.*)/.exec(timed.stderr)?.[1]
  const cpu = (what: string) =>
    Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(timed.stderr)?.[1])
  const maxRss =
    Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(timed.stderr)?.[1]) / 1024
  // How the registry answered the export, from the bundle's own retrieval log.
  const log = execFileSync('unzip', ['-p', zip, 'retrieval-log.json'], { encoding: 'utf8' })
  const outcomes = [...log.matchAll(/"outcome": "(\w+)"/g)].map((m) => m[1]!)
  const ok = outcomes.filter((o) => o === 'ok').length
  const signed = execFileSync('unzip', ['-l', zip], { encoding: 'utf8' }).includes('SHA256SUMS.p7s')
  const dir = dirname(zip)
  execFileSync('unzip', ['-q', zip, 'case.pdf', '-d', dir])
  const info = execFileSync('pdfinfo', [join(dir, 'case.pdf')], { encoding: 'utf8' })
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1] ?? '?'
  console.log(
    `built CLI, casefile case export (signed: ${signed ? 'yes' : 'no'}): wall ${wall} (target < 10 s), maximum RSS ${maxRss.toFixed(0)} MB (target < 500 MB), CPU ${cpu('User').toFixed(1)} s user + ${cpu('System').toFixed(1)} s system`,
  )
  console.log(
    `bundle: ${(readFileSync(zip).length / MB).toFixed(1)} MB; case.pdf: ${pages} pages, ${(readFileSync(join(dir, 'case.pdf')).length / MB).toFixed(1)} MB; ${ok} of ${outcomes.length} registry exchanges answered (the rest from this computer's copies); machine load: ${loadWords()}`,
  )
}

/** Files the reports, then runs the export in a process of its own. */
async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'case-bundle-bench-sbx-')),
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'case-bundle-bench-'))
  // The folder's identity, as `casefile` gives a folder it makes (`signing-key create` keeps
  // the key under it).
  createFolderIdentity(dataDir)
  const folderKey = randomBytes(32)
  const key = sandbox.demoKeys[0]!.key
  const core = openCore({
    dataDir,
    folderKey,
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: () => key,
    uploadTimeoutMs: 60_000,
  })
  try {
    const reportIds: string[] = []
    let described = false
    for (let n = 1; n <= REPORTS; n++) {
      const draft = Drafts.createDraft(core, {
        fraudType: 'social_engineering',
        fraudReason: `Report ${n} of the mule network: Adébáyọ̀ Ọlánrewájú asked for the OTP, then moved ₦2,450,000 out.`,
        identifiers: [{ label: 'phone', value: `0803123${String(4500 + n).padStart(4, '0')}` }],
      })
      const files = [
        { bytes: noisePng(ATTACHMENT_BYTES), fileName: 'photo.png' },
        { bytes: await scannedPdf(6, ATTACHMENT_BYTES), fileName: 'statement.pdf' },
        { bytes: await scannedPdf(8, ATTACHMENT_BYTES), fileName: 'transfers.pdf' },
      ].map((f) => Attachments.addAttachment(core, draft.localId, f))
      Drafts.saveDraft(core, draft.localId, {
        ...draft.draft,
        attachmentIds: files.map((f) => f.id),
      })
      Outbox.queueReport(core, draft.localId)
      await Sync.syncNow(core)
      const id = Drafts.findReport(core, draft.localId)?.registryId
      if (!id) throw new Error(`Report ${n} was not sent to the sandbox.`)
      reportIds.push(id)
      if (!described) {
        described = true
        console.log(
          `each report's attachments: ${files.map((f) => `${f.fileName} ${(f.size / MB).toFixed(1)} MB`).join(', ')} (PDFs of 6 and 8 pages)`,
        )
      }
    }
    console.log(`${REPORTS} reports filed to the sandbox registry`)
    await core.close()
    const job: Job = {
      dataDir,
      folderKey: folderKey.toString('hex'),
      baseUrl: sandbox.baseUrl,
      uploadUrl: sandbox.uploadUrl,
      key,
      reportIds,
    }
    // Each export prints its stages' times (stage-times.ts).
    process.env.CASEFILE_STAGE_TIMES = '1'
    // Awaited here: the sandbox is stopped in `finally` only once the export is done.
    if (process.env.CASE_BENCH_SOURCE !== '1') return await cliPart(job)
    const child = spawn(
      process.execPath,
      [...process.execArgv, process.argv[1]!, '--export', JSON.stringify(job)],
      { stdio: 'inherit' },
    )
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`The export's process ended with ${code}.`)
  } finally {
    await core.close().catch(() => undefined)
    await sandbox.stop()
  }
}

const run =
  process.argv[2] === '--export' ? sourcePart(JSON.parse(process.argv[3]!) as Job) : main()
run.catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
