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
  /** The data folder is encrypted and its key is missing or wrong; nothing was changed. */
  folderKey: 6,
  /** Casefile itself failed (a bug): CASEFILE_DEBUG=1 prints where. Sysexits' EX_SOFTWARE. */
  internal: 70,
  /** Stopped by Ctrl-C (SIGINT): 128 + 2, as shells report it. */
  interruptedSigint: 130,
  /** Stopped by SIGTERM (a scheduler's timeout): 128 + 15. */
  interruptedSigterm: 143,
} as const

/** The exit code of a run stopped by this signal. */
export function interruptedExitCode(signal: 'SIGINT' | 'SIGTERM'): number {
  return signal === 'SIGINT' ? EXIT.interruptedSigint : EXIT.interruptedSigterm
}
