// @vitest-environment happy-dom
// Issue 37: every opening of Submissions asked for a refresh; openings during one join it, so
// the window holds one call waiting on the core, not one per opening.
import { describe, expect, it } from 'vitest'
import { useSubmissionsStore } from '../../src/renderer/src/features/submissions/submissions-store'
import { installCasefileDouble } from './casefile-double'

describe('the Submissions refresh asked from the window', () => {
  it('is asked once while one runs, and again once it has ended', async () => {
    let finish: () => void = () => undefined
    const { api } = installCasefileDouble({
      submissionsRefresh: () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({
              ok: true,
              value: {
                mode: 'incremental',
                written: 0,
                total: 0,
                refreshedAt: '2026-11-29T00:00:00Z',
              },
            })
        }),
      submissionsList: { reports: [], total: 0 },
    })
    const store = useSubmissionsStore.getState()
    const first = store.refresh()
    const second = store.refresh()
    const third = useSubmissionsStore.getState().refresh()
    expect(api.submissionsRefresh).toHaveBeenCalledTimes(1)
    expect(useSubmissionsStore.getState().refreshing).toBe(true)
    finish()
    await Promise.all([first, second, third])
    expect(useSubmissionsStore.getState().refreshing).toBe(false)
    const again = useSubmissionsStore.getState().refresh()
    expect(api.submissionsRefresh).toHaveBeenCalledTimes(2)
    finish()
    await again
  })
})
