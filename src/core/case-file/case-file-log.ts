import { userInfo } from 'node:os'
import type { CoreContext, StoreContext } from '../core-context'
import type { VerifyResult } from './case-verify'
import { appendExchange } from '../log/log'
import { writeTransaction } from '../store/store'

/*
 * Every case file exported from this data folder, and every one verified with it, written to
 * its append-only log (exchange_log, which `casefile log` and the window's log read) beside the
 * exchanges with the registry: when, by whom (the OS user), which file, its fingerprint, signed
 * or not, and for a verification what was found.
 */

function osUser(): string {
  try {
    return userInfo().username
  } catch {
    return 'unknown'
  }
}

export interface CaseFileEvent {
  action: 'export' | 'verify'
  /** The zip's path or name. */
  file: string
  fingerprint: string
  ok: boolean
  /** What it was or what was found: "signed by CN=…", "unsigned", a failure in words. */
  detail: string
  durationMs: number
  at: number
}

export function logCaseFileEvent(core: StoreContext, event: CaseFileEvent): void {
  const { db } = core
  writeTransaction(db, () =>
    appendExchange(db, {
      at: new Date(event.at).toISOString(),
      endpoint: `casefile case ${event.action} ${event.file}`,
      durationMs: event.durationMs,
      outcome: event.ok ? 'ok' : 'validation',
      message: `by ${osUser()}; fingerprint ${event.fingerprint}; ${event.detail}`.slice(0, 2000),
    }),
  )
}

export const logCaseFileEventIn = (core: CoreContext, event: CaseFileEvent) => {
  core.flushLog()
  logCaseFileEvent(core, event)
}

/**
 * A verification as the log keeps it, whether by `casefile case verify` or the window: all
 * matching and the signature's verdict, or each changed, missing or added file, each hash the
 * case file states wrongly, the signature's problem and a fingerprint that differs.
 */
export function verifyEvent(
  file: string,
  result: VerifyResult,
  durationMs: number,
  at: number,
): CaseFileEvent {
  const found = [
    ...result.files
      .filter((f) => f.verdict === 'changed' || f.verdict === 'missing' || f.verdict === 'added')
      .map((f) => `${f.name} ${f.verdict}`),
    ...result.disagreements,
    ...(result.signature.ok ? [] : [result.signature.message]),
    ...(result.fingerprintMismatch ? [result.fingerprintMismatch] : []),
  ]
  return {
    action: 'verify',
    file,
    fingerprint: result.fingerprint,
    ok: result.ok,
    detail: result.ok ? `all files match; ${result.signature.message}` : found.join(' '),
    durationMs,
    at,
  }
}
