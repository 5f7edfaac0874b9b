import { describe, expect, it } from 'vitest'
import { behindSchedule } from '../../src/renderer/src/features/watchlist/watch-schedule'

const now = Date.parse('2026-11-24T12:00:00Z')
const at = (hoursAgo: number) => ({
  nextCheckAt: new Date(now - hoursAgo * 3600_000).toISOString(),
})

describe('behindSchedule', () => {
  it('says nothing while every check is on time or due within the hour', () => {
    expect(behindSchedule([], now)).toBeNull()
    expect(behindSchedule([at(-5), at(0.5)], now)).toBeNull()
  })

  it('says how many are behind and since when, after days offline', () => {
    const said = behindSchedule([at(72), at(30), at(2), at(-1)], now)
    expect(said?.count).toBe(3)
    expect(said?.text).toMatch(
      /^3 identifiers are behind schedule: the oldest check was due 3 days ago\./,
    )
    expect(behindSchedule([at(2)], now)?.text).toMatch(
      /^1 identifier is behind schedule: the oldest check was due 2 hours ago\./,
    )
  })
})
