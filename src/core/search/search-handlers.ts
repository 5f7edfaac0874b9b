import type { FeatureHandlers } from '../core-context'
import type { CoreContext } from '../core-context'
import type { SearchPaceView } from '../../shared/contracts/search'
import { onFile, ownReportsAmong, search, searchReasons } from './search'
import {
  DEFAULT_MAX_SEARCH_RATE,
  maxSearchRateSet,
  searchPaceOf,
  setMaxSearchRate,
} from './search-pace'

function paceView(core: CoreContext): SearchPaceView {
  const pace = searchPaceOf(core).current()
  return {
    rate: Math.round(pace.rate * 10) / 10,
    maxRate: pace.ceiling,
    defaultMaxRate: DEFAULT_MAX_SEARCH_RATE,
    maxRateSet: maxSearchRateSet(core.db),
  }
}

/** The search's slice of the contract. */
export const searchHandlers: FeatureHandlers<
  'searchRun' | 'onFile' | 'searchReasons' | 'searchPace' | 'searchSetMaxRate'
> = (core) => ({
  searchPace: () => paceView(core()),
  searchSetMaxRate: ({ maxRate }) => {
    setMaxSearchRate(core(), maxRate)
    return paceView(core())
  },
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
