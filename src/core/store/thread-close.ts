import type { Worker } from 'node:worker_threads'

/**
 * Asks a store thread (the WAL checkpointer, the reading thread) to close its connection and
 * waits for it: 'close' posted, 'closed' answered, then the thread ended. A thread still loading
 * the native SQLite module is asked the same way (its 'close' waits in its port until it has
 * opened the database): terminating a thread then kills the whole process (Node's N-API
 * aborts). Only a thread that has not answered within `waitMs`, or that fails, is terminated.
 */
export function closeThread(worker: Worker, waitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve()
    }
    const end = () => void worker.terminate().then(finish, finish)
    const timer = setTimeout(end, waitMs)
    worker.once('exit', finish)
    worker.once('error', end)
    worker.on('message', (message) => {
      if (message === 'closed') end()
    })
    worker.postMessage('close')
  })
}
