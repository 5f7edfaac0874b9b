import type { FeatureHandlers } from '../core-context'
import { fetchSubmission } from './submission-fetch'
import { listSubmissions, refreshSubmissions } from './submissions'

/** The submissions' slice of the contract. */
export const submissionsHandlers: FeatureHandlers<
  'submissionsList' | 'submissionsRefresh' | 'submissionGet'
> = (core) => ({
  submissionsList: (query) => {
    const { rows, total } = listSubmissions(core(), query)
    return { rows: rows.map((row) => row.record), total }
  },
  submissionsRefresh: async (input) => ({
    ...(await refreshSubmissions(core(), { full: input?.full })),
  }),
  submissionGet: ({ id, decoded }) => fetchSubmission(core(), id, decoded === true),
})
