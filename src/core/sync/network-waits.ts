import type { Db } from '../store/store'
import { makeRetriesDue, wakeOfflineWaits } from '../outbox/outbox'

/**
 * Makes due now the reports that wait only because the network refused them before the registry
 * was asked (offline, a certificate, a proxy: nothing was sent, no outcome is unknown). A person
 * who runs `casefile sync` after IT fixed the proxy or installed the certificate means "try now";
 * the backoff protects the registry, which these attempts never reached. Never while the
 * registry's own quiet (a Retry-After) is in force: the caller checks that first.
 */
export function wakeNetworkWaits(db: Db, now: number): number {
  return wakeOfflineWaits(db, now)
}

/**
 * Makes every item waiting to retry due now (not those whose outcome is being reconciled): the
 * connection came back, or the person asked to sync now.
 */
export function makeWaitingDue(db: Db, now: number): void {
  makeRetriesDue(db, now)
}
