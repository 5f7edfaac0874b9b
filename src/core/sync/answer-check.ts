import { reportIdentityKey } from '../../shared/domain/fingerprint'
import type { ReportInput } from '../../shared/domain/report-input'
import type { CreatedReport, ReportRecord } from '../../shared/domain/responses'
import { RegistryError, isRegistryError } from '../registry-error'
import type { ClaimedIds } from './resolve-attachments'

const identifiersKey = (identifiers: readonly { label?: string | null; value: string }[]) =>
  reportIdentityKey({
    fraudType: '',
    fraudReason: '',
    identifiers: identifiers.map((i) => ({ label: i.label ?? '', value: i.value })),
  })

const folded = (text: string) => text.trim().replace(/\s+/g, ' ')

/**
 * What of an answer differs from the report that was sent (type, reason, identifiers), judged
 * only on the fields the answer carries: the registry may leave some out, and masks values
 * (then the identifiers are not compared).
 */
export function differencesFrom(answer: Partial<ReportRecord>, sent: ReportInput): string[] {
  const differs: string[] = []
  if (answer.fraudType != null && answer.fraudType.trim() !== sent.fraudType.trim())
    differs.push('fraud type')
  if (answer.fraudReason != null && folded(answer.fraudReason) !== folded(sent.fraudReason))
    differs.push('reason')
  const identifiers = answer.identifiers
  if (
    identifiers != null &&
    !identifiers.some((i) => i.value.includes('*')) &&
    identifiersKey(identifiers) !== identifiersKey(sent.identifiers)
  )
    differs.push('identifiers')
  return differs
}

/** Whether the registry's copy of a report is what was sent, attachments included. */
export function sameContent(copy: ReportRecord, sent: ReportInput): boolean {
  const attachments = (list: readonly string[]) => JSON.stringify([...list].sort())
  return (
    differencesFrom(copy, sent).length === 0 &&
    (copy.attachments == null || attachments(copy.attachments) === attachments(sent.attachments))
  )
}

/**
 * Why the registry's answer to a create or update is not the report that was sent, or null
 * when it is. An answer naming a report this folder already holds for another of its reports,
 * or another report than the one updated, or with other content, says nothing certain about
 * what the registry did with ours: the caller treats it as an unknown outcome, checked against
 * the registry before anything is sent again, never adopted.
 */
export function answerProblem(
  answer: CreatedReport,
  sent: ReportInput,
  expect: { heldIds?: ClaimedIds; id?: string },
): string | null {
  if (expect.id !== undefined && answer.id !== expect.id)
    return `The registry answered the update of report ${expect.id} with report ${answer.id}.`
  if (expect.heldIds?.has(answer.id))
    return `The registry answered with report ${answer.id}, which this folder already holds for another of its reports.`
  const differs = differencesFrom(answer, sent)
  if (differs.length > 0)
    return `The registry answered with report ${answer.id}, whose ${differs.join(' and ')} differ from what was sent.`
  return null
}

/** The unknown outcome a wrong answer stands for: retried after reconciling, never adopted. */
export function wrongAnswer(endpoint: string, status: number, problem: string): RegistryError {
  return new RegistryError({
    kind: 'server',
    message: `${problem} Casefile checks the registry for this report before it sends anything again.`,
    endpoint,
    status,
    outcomeUnknown: true,
  })
}

/**
 * A 2xx that says `success: false` to a write: the registry may have done the work all the
 * same (classify-failure.ts marks it outcome-unknown), so it is checked before it is called a
 * refusal.
 */
export function refusedWithSuccessStatus(error: unknown): error is RegistryError {
  return (
    isRegistryError(error) &&
    error.kind === 'validation' &&
    error.outcomeUnknown &&
    error.status !== undefined &&
    error.status >= 200 &&
    error.status < 300
  )
}

/** The refusal, checked against the registry: it did not do the work. */
export function checkedRefusal(error: RegistryError): RegistryError {
  return new RegistryError({ ...error.toJSON(), outcomeUnknown: false })
}

/**
 * The registry's answer to a create or update (2.3) carries no attachments and no
 * showUploaderInfo, and the cache merges it over the copy it had: without these, the cache kept
 * the attachments from before the update, and the next edit made offline (which starts from
 * the cache) put back files the last one removed.
 */
export function withWhatWasSent(answer: CreatedReport, sent: ReportInput): CreatedReport {
  return { ...answer, attachments: sent.attachments, showUploaderInfo: sent.showUploaderInfo }
}
