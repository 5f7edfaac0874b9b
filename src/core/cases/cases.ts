import { randomBytes } from 'node:crypto'
import {
  isCaseId,
  MAX_CASE_NOTE,
  MAX_CASE_TITLE,
  type CaseAddSource,
  type CaseSummary,
  type CaseView,
} from '../../shared/contracts/cases'
import { getCachedReport } from '../cache/cache'
import type { CoreContext } from '../core-context'
import { writeTransaction } from '../store/store'
import * as Watchlist from '../watchlist/watchlist'
import { alertRow } from '../watchlist/watchlist'
import { notFound } from '../input-error'
import { CaseInputError, isRefusal } from './case-input'
import { runCaseSearch } from './case-search'
import * as Store from './case-store'
import { caseView, savedReportAbout, summaryView } from './case-views'

/*
 * Cases: what an investigation found, gathered in the order it was found — the organization's
 * reports and other organizations' (by registry id), search answers kept as the registry gave
 * them, watch alerts as they were raised, the investigator's notes — and made into one bundle
 * (case-bundle.ts). The CLI and the handlers call these; nothing else writes the tables.
 */

export { CaseInputError } from './case-input'
export { exportCase, type CaseBundle } from './case-bundle'

export { isCaseId }

/** Now on the registry's clock, as the folder last read it (this computer's if never). */
const registryNow = (core: CoreContext) => core.folderClock.registry.toRegistry(core.clock.now())

/** No control character (a tab, a line break): \p{Cc}, so no range of them is written here. */
function oneLine(text: string): boolean {
  return !/\p{Cc}/u.test(text)
}

function checkedTitle(title: string): string {
  const trimmed = title.trim().normalize('NFC')
  if (!trimmed) throw new CaseInputError('A case needs a title: say what the investigation is.')
  if (trimmed.length > MAX_CASE_TITLE)
    throw new CaseInputError(
      `The title is ${trimmed.length} characters long: keep it to ${MAX_CASE_TITLE} (put the rest in a note).`,
    )
  if (!oneLine(trimmed))
    throw new CaseInputError('The title must be one line, without tabs or line breaks.')
  return trimmed
}

function checkedNote(text: string): string {
  const trimmed = text.trim().normalize('NFC')
  if (!trimmed) throw new CaseInputError('The note is empty: write what it should say.')
  if (trimmed.length > MAX_CASE_NOTE)
    throw new CaseInputError(
      `The note is ${trimmed.length} characters long: keep each note to ${MAX_CASE_NOTE} (add several).`,
    )
  return trimmed
}

/** The case by id, or a message saying how to find the right one. */
function existingCase(core: CoreContext, caseId: string): Store.CaseRow {
  const row = Store.caseRow(core.db, caseId.trim())
  if (row) return row
  if (isCaseId(caseId.trim())) throw new CaseInputError(...notFound('case', caseId.trim()))
  throw new CaseInputError(
    `\u201c${caseId}\u201d is not a case id (case ids are written case-\u2026).`,
    { code: 'not_a_case_id', written: caseId },
  )
}

export function showCase(core: CoreContext, caseId: string): CaseView {
  const row = existingCase(core, caseId)
  return caseView(row, Store.itemRows(core.db, row.id), Store.exportRows(core.db, row.id), (id) =>
    savedReportAbout(core.db, id),
  )
}

export function listCases(core: CoreContext): CaseSummary[] {
  return Store.listCaseRows(core.db).map(summaryView)
}

/** A new case, and its first note when one is given: both or neither. */
export function newCase(core: CoreContext, title: string, note?: string | null): CaseView {
  const checked = checkedTitle(title)
  const text = note === undefined || note === null ? null : checkedNote(note)
  const id = `case-${randomBytes(5).toString('hex')}`
  const at = registryNow(core)
  writeTransaction(core.db, () => {
    Store.insertCase(core.db, { id, title: checked, created_at: at })
    if (text !== null)
      Store.appendItem(core.db, {
        case_id: id,
        kind: 'note',
        added_at: at,
        payload_json: JSON.stringify({ text }),
        answer: null,
      })
  })
  return showCase(core, id)
}

export function addNote(core: CoreContext, caseId: string, text: string): CaseView {
  const row = existingCase(core, caseId)
  Store.appendItem(core.db, {
    case_id: row.id,
    kind: 'note',
    added_at: registryNow(core),
    payload_json: JSON.stringify({ text: checkedNote(text) }),
    answer: null,
  })
  return showCase(core, row.id)
}

const REPORT_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/

/**
 * A registry report is known when this computer has a copy (the organization's submissions, a
 * search's answer) or the registry gives it now as one of the organization's.
 */
async function checkReport(core: CoreContext, reportId: string, signal?: AbortSignal) {
  if (!REPORT_ID.test(reportId))
    throw new CaseInputError(
      `\u201c${reportId}\u201d is not a registry report id (letters, digits and dashes, as the registry gave it).`,
    )
  if (isCaseId(reportId))
    throw new CaseInputError(`${reportId} is a case, not a report: add its items instead.`)
  if (getCachedReport(core.db, reportId)) return
  try {
    await core.client.getSubmission(reportId, { signal })
  } catch (error) {
    if (!isRefusal(error)) throw error
    if (error.kind === 'not_found')
      throw new CaseInputError(
        `No report ${reportId} among the organization's reports, and no search on this computer found it: add the search that finds it first.`,
        { code: 'report_not_found', id: reportId },
      )
    throw new CaseInputError(`Report ${reportId} could not be added: ${error.message}`)
  }
}

/** A report, a search (run now) or an alert, at the case's end. */
export async function addToCase(
  core: CoreContext,
  caseId: string,
  source: CaseAddSource,
  options: { signal?: AbortSignal } = {},
): Promise<CaseView> {
  const row = existingCase(core, caseId)
  const append = (kind: Store.CaseItemKind, payload: unknown, answer: Buffer | null = null) =>
    Store.appendItem(core.db, {
      case_id: row.id,
      kind,
      added_at: registryNow(core),
      payload_json: JSON.stringify(payload),
      answer,
    })
  if (source.kind === 'report') {
    const reportId = source.reportId.trim()
    await checkReport(core, reportId, options.signal)
    append('report', { reportId })
  } else if (source.kind === 'search') {
    const kept = await runCaseSearch(core, source.type, source.value, options.signal)
    append('search', kept.payload, kept.answer)
  } else {
    const alert = alertRow(core.db, source.alertId)
    if (!alert) throw new CaseInputError(...notFound('watch_alert', source.alertId))
    append('alert', { alertId: alert.id, alert: Watchlist.alertView(alert) })
  }
  return showCase(core, row.id)
}

// What the rest of the app uses of this folder's other files.
export { casesHandlers } from './cases-handlers'
export { caseExportHandlers } from './case-export-handlers'
