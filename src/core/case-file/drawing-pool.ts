import { availableParallelism } from 'node:os'
import { message } from './drawing'
import { drawEvidence, evidenceWorkerFile } from './evidence-drawing'
import { createDrawingLane, type DrawingLane } from './evidence-thread'
import { drawPdfPages, type DrawnPages } from './pdf-pages-drawing'
import { addStageTime } from './stage-times'

/*
 * A case's attachments drawn a few at a time, as many at once as the computer has cores, up to
 * MAX_DRAWING_WORKERS, each in a lane (evidence-thread.ts): a worker kept for the lane's next
 * file while each ends well, so pdf.js is loaded once a lane rather than once a file; each file
 * within its own bounds (a time limit per page, the pixel and page caps, stopped at its limit).
 * Each worker's memory watch counts the whole process's growth, so a worker beside another may
 * be stopped for the other's memory: a file stopped for memory while others were drawn is drawn
 * again alone, and only then said too large.
 */

/** The most workers drawing at once, whatever the number of cores. */
export const MAX_DRAWING_WORKERS = 4

export const drawingWorkers = () =>
  Math.max(1, Math.min(MAX_DRAWING_WORKERS, availableParallelism()))

const tooLarge = (drawn: DrawnPages) => drawn.pages.some((p) => !p.drawn && p.why === 'too-large')

export interface DrawingPool {
  /**
   * The file at `path` (a staged copy, read by its worker when its turn comes) drawn: a
   * PDF's pages, or an image. Never throws.
   */
  draw(kind: 'pdf' | 'image', path: string): Promise<DrawnPages>
  /**
   * Files not yet started are not drawn (said so); those being drawn finish. The workers are
   * ended (each as soon as its file is drawn).
   */
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
  // The lanes not drawing now: each keeps its worker for the next file (evidence-thread.ts).
  const file = evidenceWorkerFile()
  const idle: DrawingLane[] = []
  const once = async (kind: 'pdf' | 'image', path: string, asAlone: boolean) => {
    await turn(asAlone)
    const lane = file ? (idle.pop() ?? createDrawingLane(file)) : undefined
    try {
      if (closed)
        return {
          pages: [{ drawn: false, why: 'unavailable', detail: 'the export stopped' }],
          total: null,
        } as DrawnPages
      const started = performance.now()
      const drawn =
        kind === 'pdf'
          ? await drawPdfPages({ path }, { lane })
          : { pages: [await drawEvidence('image', { path }, { lane })], total: 1 }
      addStageTime(
        `drawing: a ${kind === 'pdf' ? 'PDF' : 'picture'}, in its worker`,
        performance.now() - started,
      )
      return drawn
    } catch (error) {
      return {
        pages: [{ drawn: false, why: 'unreadable', detail: message(error) }],
        total: null,
      } as DrawnPages
    } finally {
      if (lane && closed) void lane.close()
      else if (lane) idle.push(lane)
      done()
    }
  }
  return {
    async draw(kind, path) {
      const drawn = await once(kind, path, false)
      return size > 1 && tooLarge(drawn) && !closed ? once(kind, path, true) : drawn
    },
    close() {
      closed = true
      for (const lane of idle.splice(0)) void lane.close()
    },
  }
}
