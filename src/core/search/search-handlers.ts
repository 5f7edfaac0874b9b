import type { FeatureHandlers } from '../core-context'
import { onFile, ownReportsAmong, search, searchReasons } from './search'

/** The search's slice of the contract. */
export const searchHandlers: FeatureHandlers<'searchRun' | 'onFile' | 'searchReasons'> = (
  core,
) => ({
  searchRun: async ({ offline, allBanks, ...query }) => {
    const answer = await search(core(), query, { offline, allBanks })
    // The organization's own reports among them: the window offers to open and update those.
    const own = ownReportsAmong(
      core(),
      answer.reports.map((report) => report.id),
    )
    return { ...answer, ownIds: [...own] }
  },
  onFile: async ({ identifiers, online }) => ({
    results: await onFile(core(), identifiers, { online }),
  }),
  searchReasons: ({ text, limit }) => ({ ...searchReasons(core(), text, limit) }),
})
