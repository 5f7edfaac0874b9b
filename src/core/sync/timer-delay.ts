/*
 * Node keeps a timer's delay in 32 bits: a longer one (a retry 25 days or more ahead) fires
 * after 1 ms with a TimeoutOverflowWarning, and a wake-up armed from it would run the engine
 * again and again. Every delay the engine computes goes through here.
 */

/** The longest delay Node's setTimeout and setInterval keep (about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1

/** A computed delay as a timer can take it: never negative, never past MAX_TIMER_DELAY_MS. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_DELAY_MS)
}

/** The timers the engine's triggers arm: Node's, or a test's own (driven by the test). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** Node's timers, unref'd: a trigger waiting must not keep the process alive. */
export const nodeTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, timerDelay(ms)).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
  setInterval: (callback, ms) => setInterval(callback, timerDelay(ms)).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout | undefined),
}
