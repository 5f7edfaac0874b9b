import { availableParallelism } from 'node:os'
import { message } from './drawing'
import { drawEvidence } from './evidence-drawing'
import { drawPdfPages, type DrawnPages } from './pdf-pages-drawing'

/*
 * A case's attachments drawn a few at a time: one worker per file (evidence-drawing.ts, each
 * within its own bounds: a time limit per page, the pixel and page caps, stopped at its limit),
 * as many at once as the computer has cores, up to MAX_DRAWING_WORKERS. Each worker's memory
 * watch counts the whole process's growth, so a worker beside another may be stopped for the
 * other's memory: a file stopped for memory while others were drawn is drawn again alone, and
 * only then said too large.
 */

/** The most workers drawing at once, whatever the number of cores. */
export const MAX_DRAWING_WORKERS = 4

export const drawingWorkers = () =>
  Math.max(1, Math.min(MAX_DRAWING_WORKERS, availableParallelism()))

const tooLarge = (drawn: DrawnPages) => drawn.pages.some((p) => !p.drawn && p.why === 'too-large')

export interface DrawingPool {
  /** The file (read when its turn comes) drawn: a PDF's pages, or an image. Never throws. */
  draw(kind: 'pdf' | 'image', read: () => Promise<Buffer>): Promise<DrawnPages>
  /** Files not yet started are not drawn (said so); those being drawn finish. */
  close(): void
}

export function createDrawingPool(size: number = drawingWorkers()): DrawingPool {
  let running = 0
  let alone = false
  let closed = false
  const waiting: { alone: boolean; go: () => void }[] = []
  const next = () => {
    while (waiting.length && !alone) {
      const first = waiting[0]!
      if (first.alone ? running > 0 : running >= size) return
      waiting.shift()
      running++
      alone = first.alone
      first.go()
    }
  }
  const turn = (asAlone: boolean) =>
    new Promise<void>((go) => {
      waiting.push({ alone: asAlone, go })
      next()
    })
  const done = () => {
    running--
    alone = false
    next()
  }
  const once = async (kind: 'pdf' | 'image', read: () => Promise<Buffer>, asAlone: boolean) => {
    await turn(asAlone)
    try {
      if (closed)
        return {
          pages: [{ drawn: false, why: 'unavailable', detail: 'the export stopped' }],
          total: null,
        } as DrawnPages
      const bytes = await read()
      return kind === 'pdf'
        ? await drawPdfPages(bytes)
        : { pages: [await drawEvidence('image', bytes)], total: 1 }
    } catch (error) {
      return {
        pages: [{ drawn: false, why: 'unreadable', detail: message(error) }],
        total: null,
      } as DrawnPages
    } finally {
      done()
    }
  }
  return {
    async draw(kind, read) {
      const drawn = await once(kind, read, false)
      return size > 1 && tooLarge(drawn) && !closed ? once(kind, read, true) : drawn
    },
    close() {
      closed = true
    },
  }
}
