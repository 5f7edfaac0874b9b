import type { CreatedReport } from '../../shared/domain/responses'
import { loadReport, setReportStatus } from '../drafts/drafts'
import {
  answerProblem,
  checkedRefusal,
  refusedWithSuccessStatus,
  withWhatWasSent,
  wrongAnswer,
} from './answer-check'
import { LocalProblem, loadOperation } from '../outbox/outbox'
import { reconcileLostCreate } from './reconcile'
import { reconcileWindow, type ReconcileWindow } from './reconcile-window'
import { claimedRegistryIds, inputWithAttachments } from './resolve-attachments'
import type { ClaimedOperation, SendContext } from './send-operation'

const CREATE_ENDPOINT = 'POST /api/v1/external/reports'

/**
 * Sends a create, never twice: a create whose outcome is unknown (a lost answer, a crash, an
 * answer that was not this report) is first looked for on the registry; an answer must be the
 * report that was sent (answer-check.ts); a refusal in a 2xx is checked against the registry
 * before it is called a refusal.
 */
export async function sendCreate(
  context: SendContext,
  op: ClaimedOperation,
  signal: AbortSignal,
): Promise<() => unknown> {
  const { db, client } = context
  const current = loadReport(db, op.chainId)
  if (current.registryId) return () => ({ id: current.registryId, alreadyCreated: true })
  const input = inputWithAttachments(db, op)
  const clock = context.registryClock
  // The outbox's times as they stand when the registry has answered (see reconcileWindow).
  const times = () => ({ ...loadOperation(db, op.id), lastAttempt: op.lastAttempt })

  /** Looks for the report on the registry; several candidates, or another's, need a person. */
  const lookFor = async (within: () => ReconcileWindow) => {
    const found = await reconcileLostCreate(client, input, {
      window: within,
      claimedIds: claimedRegistryIds(db),
      signal,
    })
    if (found.outcome === 'ambiguous')
      throw new LocalProblem(
        `The registry may already hold this report: ${found.ids.length === 1 ? 'a report with the same content and files was' : `${found.ids.length} reports with the same content and files were`} filed since it was first sent (${found.ids.join(', ')}), possibly by another laptop or data folder of your organization. Check ${found.ids.length === 1 ? 'it' : 'them'} under Submissions: discard this item if one is this report; otherwise edit and requeue it to send it as a report of its own.`,
      )
    return found.outcome === 'found' ? found.id : null
  }
  const adopt = (registryId: string) => () => {
    setReportStatus(db, op.chainId, 'submitted', context.now(), registryId)
    context.onReportSynced?.({ localId: op.chainId, registryId, change: 'adopted', record: null })
    return { id: registryId, adopted: true }
  }

  if (op.outcomeUnknown) {
    const found = await lookFor(() => reconcileWindow(clock, times()))
    if (found) return adopt(found)
  }
  let created: CreatedReport
  try {
    created = await client.createReport(input, { signal })
  } catch (error) {
    if (!refusedWithSuccessStatus(error)) throw error
    const found = await lookFor(() => reconcileWindow(clock, times(), 'now'))
    if (found) return adopt(found)
    throw checkedRefusal(error)
  }
  const problem = answerProblem(created, input, { heldIds: claimedRegistryIds(db) })
  if (problem) throw wrongAnswer(CREATE_ENDPOINT, 201, problem)
  return () => {
    setReportStatus(db, op.chainId, 'submitted', context.now(), created.id)
    context.onReportSynced?.({
      localId: op.chainId,
      registryId: created.id,
      change: 'created',
      record: withWhatWasSent(created, input),
    })
    return { id: created.id }
  }
}
