/*
 * Pushed events gathered and applied once per animation frame. A drain of thousands of reports
 * pushes hundreds of operation events a second; applying each as it came redrew the Outbox each
 * time. The latest value per key wins, and the whole batch is applied at once.
 */

/** How long a batch waits at most when no frame is drawn (a hidden or minimized window). */
const HIDDEN_WAIT_MS = 250

export interface FrameBatch<K, V> {
  put: (key: K, value: V) => void
  /** Applies what is gathered now (a test, or a caller that needs the list current). */
  flush: () => void
  cancel: () => void
}

export function frameBatch<K, V>(apply: (batch: Map<K, V>) => void): FrameBatch<K, V> {
  let gathered = new Map<K, V>()
  let frame: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const clear = () => {
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame)
    if (timer !== null) clearTimeout(timer)
    frame = null
    timer = null
  }
  const flush = () => {
    clear()
    if (gathered.size === 0) return
    const batch = gathered
    gathered = new Map()
    apply(batch)
  }
  return {
    put(key, value) {
      // Re-inserted so the batch keeps the order of each key's latest event.
      gathered.delete(key)
      gathered.set(key, value)
      if (timer !== null) return
      // A hidden window draws no frames: the timer applies the batch there all the same.
      timer = setTimeout(flush, HIDDEN_WAIT_MS)
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flush)
    },
    flush,
    cancel() {
      clear()
      gathered = new Map()
    },
  }
}
