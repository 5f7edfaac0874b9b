/**
 * `casefile case verify` reading a case file's PDFs' text in the evidence worker: a certificate
 * as Casefile writes it, then hostile ones as certificate-s84.pdf (300,000 text operators, a
 * Flate bomb). For each: the answer, the time, the longest pause of this thread's event loop
 * (perf_hooks.monitorEventLoopDelay) and how far the process's resident memory grew.
 *
 *   npm run bench:verify-text
 *
 * On a machine whose cores are busy with other work, a pause includes the time this process was
 * not scheduled (the load average is printed). Prints figures only; it asserts nothing.
 */
import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { writeCertificatePdf } from '../src/core/case-file/certificate'
import { readEvidenceText } from '../src/core/case-file/evidence-drawing'
import { PDF_TEXT_LIMITS } from '../src/core/case-file/verify-pdfs'
import { pdfContentBomb } from '../test/support/hostile-images'
import { drawnPdf } from '../test/support/sample-files'

async function main() {
  const certificate = await writeCertificatePdf({
    caseId: 'r-1',
    exportedAt: Date.UTC(2025, 0, 2, 10),
    registry: 'https://registry.test',
    system: { software: 'Casefile', computer: 'laptop' },
    documents: [{ name: 'case.pdf', description: 'the report', sha256: 'a'.repeat(64), size: 1 }],
    fingerprint: 'b'.repeat(64),
  })
  const manyTextOperators = drawnPdf(
    Array.from(
      { length: 300_000 },
      (_, i) => `BT /F1 1 Tf ${i % 500} ${i % 800} Td (x) Tj ET`,
    ).join('\n'),
    {
      size: [595, 842],
      resources: '<< /Font << /F1 5 0 R >> >>',
      more: ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    },
  )

  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
  for (const [name, bytes] of [
    ['certificate as written', certificate],
    ['300,000 text operators', manyTextOperators],
    ['Flate bomb (1.5 GB inflated)', pdfContentBomb(1_500_000_000)],
  ] as const) {
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const rss = process.memoryUsage.rss()
    const start = performance.now()
    const answer = await readEvidenceText(bytes, PDF_TEXT_LIMITS.certificate)
    delay.disable()
    console.log(
      `${name} (${(bytes.length / 1024 / 1024).toFixed(2)} MB): ${answer.read ? `read, ${answer.text.length} characters` : `${answer.why}: ${answer.detail}`}; ` +
        `${Math.round(performance.now() - start)} ms, longest pause ${Math.round(delay.max / 1e6)} ms, ` +
        `memory grew ${Math.round((process.memoryUsage.rss() - rss) / 1024 / 1024)} MB`,
    )
  }
}

void main()
