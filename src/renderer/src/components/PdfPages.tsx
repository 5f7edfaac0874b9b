import { useEffect, useRef, useState } from 'react'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { MAX_DECODE_PIXELS } from '../../../shared/image-size'

/** The most pixels a page's canvas may hold (16 million, as pdf.js's own viewer caps it). */
const MAX_CANVAS_PIXELS = 16_777_216

/**
 * A PDF drawn page by page on a canvas with pdf.js (Mozilla's renderer, the one in Firefox):
 * loaded only when a PDF is opened, its worker a file of the app's own build (no CDN, allowed
 * by the CSP's script-src 'self'); pdf.js 5 needs no eval, which the CSP forbids. The bytes were checked by the core; here they are
 * parsed off the page's thread, in the worker.
 */
export function PdfPages({
  bytes,
  fileName,
}: {
  bytes: Uint8Array<ArrayBuffer>
  fileName: string
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [doc, setDoc] = useState<{ pages: number; render: (page: number) => Promise<void> } | null>(
    null,
  )
  const [page, setPage] = useState(1)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | null = null
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist')
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
        // pdf.js takes the buffer over: it gets a copy, the viewer keeps its bytes.
        const task = pdfjs.getDocument({
          data: bytes.slice(),
          enableXfa: false,
          // An embedded image of more pixels than Casefile decodes anywhere is left out.
          maxImageSize: MAX_DECODE_PIXELS,
        })
        destroy = () => void task.destroy()
        const pdf = await task.promise
        if (cancelled) return
        let drawing: { cancel: () => void } | null = null
        setDoc({
          pages: pdf.numPages,
          render: async (number) => {
            const canvas = canvasRef.current
            if (!canvas) return
            drawing?.cancel()
            const pdfPage = await pdf.getPage(number)
            const wanted = Math.min(2, Math.max(1, window.devicePixelRatio || 1))
            // A page of any size the file declares gets at most MAX_CANVAS_PIXELS (a hostile
            // 14,400-point page would otherwise ask for gigabytes), as pdf.js's own viewer does.
            const natural = pdfPage.getViewport({ scale: 1 })
            const fits = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, natural.width * natural.height))
            const viewport = pdfPage.getViewport({ scale: Math.min(wanted, fits) })
            canvas.width = Math.floor(viewport.width)
            canvas.height = Math.floor(viewport.height)
            canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`
            const task = pdfPage.render({ canvas, viewport })
            drawing = task
            try {
              await task.promise
              canvas.dataset.drawn = String(number)
            } catch (error) {
              if ((error as { name?: string }).name !== 'RenderingCancelledException') throw error
            }
          },
        })
      } catch {
        if (!cancelled)
          setProblem(
            `${fileName} could not be drawn: the PDF may be damaged or use something Casefile cannot show. Use “Save a copy…” and open it in a PDF reader.`,
          )
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [bytes, fileName])

  useEffect(() => {
    if (!doc) return
    doc
      .render(page)
      .catch(() =>
        setProblem(
          `Page ${page} of ${fileName} could not be drawn. Use “Save a copy…” to read it.`,
        ),
      )
  }, [doc, page, fileName])

  if (problem) return <p role="alert">{problem}</p>
  return (
    <div className="pdf-pages">
      {doc && doc.pages > 1 && (
        <div className="pdf-nav">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </button>
          <span aria-live="polite">
            Page {page} of {doc.pages}
          </span>
          <button type="button" disabled={page >= doc.pages} onClick={() => setPage(page + 1)}>
            Next page
          </button>
        </div>
      )}
      {!doc && <p className="muted">Drawing the first page…</p>}
      <canvas
        ref={canvasRef}
        className="pdf-canvas"
        role="img"
        aria-label={doc ? `${fileName}, page ${page} of ${doc.pages}` : `${fileName}, being drawn`}
      />
    </div>
  )
}
