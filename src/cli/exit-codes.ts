/** The CLI's exit codes (documented in README.md, "The casefile command"). */
export const EXIT = {
  ok: 0,
  /** Bad usage or bad input: the message says what to fix. */
  usage: 1,
  /** Sync ended with items that need attention. */
  needsAttention: 2,
  /** The registry could not be reached; queued work is kept. */
  offline: 3,
  /** The API key is missing or was refused; the queue is paused. */
  unauthorized: 4,
  /** Another Casefile process (the app or another CLI) is syncing this data folder. */
  busy: 5,
} as const
