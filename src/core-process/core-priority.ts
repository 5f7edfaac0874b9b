import { getPriority, setPriority } from 'node:os'

/**
 * How far below normal the core process runs (a nice value): its work (an import, a drain, a
 * search) yields the CPU to the window and to main's routing when they want it, and still gets
 * all of it when they do not. Mild on purpose: at 10 (PRIORITY_BELOW_NORMAL) Linux would give
 * any busy program about nine times the core's share of the CPU (weights 1024 against 110), at 4
 * about two and a half (against 423). Windows has no step this small: there the core stays normal.
 */
export const CORE_NICENESS = 4

/**
 * Set before any thread of ours starts (the WAL checkpointer, libuv's pool), which inherit it;
 * only ever lowered (a Casefile started lower still keeps its own). Refused (a locked-down
 * system): the core runs as main does.
 */
export function yieldToTheWindow(): void {
  try {
    if (getPriority() < CORE_NICENESS) setPriority(CORE_NICENESS)
  } catch {
    // As main does, then.
  }
}
