import type { OperationView, OutboxView } from '../../src/shared/contracts/outbox'

/* The outbox as the window's tests give it: an item, and a list with nothing in it. */

/** An outbox item, queued and never tried unless `patch` says otherwise. */
export const operationView = (patch: Partial<OperationView>): OperationView => ({
  id: 1,
  reportId: 'r1',
  registryId: null,
  reportTitle: 'Money mule · 0123456789_access-bank',
  kind: 'create_report',
  state: 'queued',
  attempts: 0,
  nextAttemptAt: null,
  outcomeUnknown: false,
  lastError: null,
  updatedAt: 1,
  ...patch,
})

export const EMPTY_OUTBOX: OutboxView = {
  operations: [],
  counts: {},
  pending: 0,
  pendingReports: 0,
  paused: null,
  lastSyncAt: null,
}
