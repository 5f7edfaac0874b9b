import { userInfo } from 'node:os'
import type { CoreContext } from '../core-context'
import { appendExchange } from '../log/log'
import { writeTransaction } from '../store/store'
import * as Store from './case-store'

/**
 * An export of a case, recorded in the case (case_exports: the next bundle's exports-log.json)
 * and in the folder's append-only log, which the window's log and `casefile log` show, in one
 * transaction: the two never disagree.
 */
export function recordExport(
  core: CoreContext,
  caseId: string,
  done: { at: number; fingerprint: string; fileName: string; by: string },
): void {
  writeTransaction(core.db, () => {
    Store.insertExport(core.db, {
      case_id: caseId,
      at: done.at,
      fingerprint: done.fingerprint,
      file_name: done.fileName,
      os_user: done.by,
    })
    appendExchange(core.db, {
      at: new Date(done.at).toISOString(),
      endpoint: `CASE EXPORT ${caseId}`,
      durationMs: 0,
      outcome: 'ok',
      message: `Exported as ${done.fileName} by ${done.by}; fingerprint (SHA-256 of SHA256SUMS) ${done.fingerprint}`,
    })
  })
}

/** The operating system's user running Casefile, as an export is recorded under. */
export function osUser(): string {
  try {
    return userInfo().username || 'unknown'
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown'
  }
}
