import type { FeatureHandlers } from '../core-context'
import { isRegistryError } from '../registry-error'
import * as Cases from './cases'

/** What a case call the window could not have known was wrong says, in words to show. */
async function answered<T>(work: () => T | Promise<T>) {
  try {
    return { ok: true as const, case: await work() }
  } catch (error) {
    if (error instanceof Cases.CaseInputError) return { ok: false as const, message: error.message }
    // The registry could not be reached or refused the key: said in its words, nothing added.
    if (isRegistryError(error))
      return { ok: false as const, message: `Nothing was added: ${error.message}` }
    throw error
  }
}

/**
 * Cases' slice of the window's contract. The case's zip is written by case-export-handlers.ts,
 * where main's dialog said: the window never has it.
 */
export const casesHandlers: FeatureHandlers<
  'caseList' | 'caseShow' | 'caseNew' | 'caseAdd' | 'caseNote'
> = (core) => ({
  caseList: () => Cases.listCases(core()),
  caseShow: ({ caseId }) => answered(() => Cases.showCase(core(), caseId)),
  caseNew: ({ title, note }) => answered(() => Cases.newCase(core(), title, note)),
  caseAdd: ({ caseId, source }) => answered(() => Cases.addToCase(core(), caseId, source)),
  caseNote: ({ caseId, text }) => answered(() => Cases.addNote(core(), caseId, text)),
})
