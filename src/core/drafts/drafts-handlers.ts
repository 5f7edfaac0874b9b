import type { FeatureHandlers } from '../core-context'
import { createDraft, discardDraft, findReport, listReports, saveDraft } from './drafts'
import { reportView } from './report-view'

/** The drafts' slice of the contract. */
export const draftsHandlers: FeatureHandlers<
  'draftCreate' | 'draftSave' | 'draftGet' | 'draftList' | 'draftDiscard'
> = (core) => ({
  draftCreate: (input) => reportView(core(), createDraft(core(), input ?? {})),
  draftSave: ({ localId, draft }) => reportView(core(), saveDraft(core(), localId, draft)),
  draftGet: ({ localOrRegistryId }) => {
    const report = findReport(core(), localOrRegistryId)
    return report ? reportView(core(), report) : null
  },
  draftList: (input) =>
    listReports(core(), input?.status ? { status: input.status } : {}).map((report) =>
      reportView(core(), report),
    ),
  draftDiscard: ({ localId }) => {
    discardDraft(core(), localId)
    return null
  },
})
