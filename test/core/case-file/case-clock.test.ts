import { describe, expect, it } from 'vitest'
import { inRegistryTime, type CaseClock } from '../../../src/core/case-file/case-clock'
import { clockWords } from '../../../src/core/registry/clock-standing'

const HOUR = 60 * 60_000

describe("a case file's clock", () => {
  it('says how far this computer’s clock was from the registry’s, or that it could not be read', () => {
    expect(clockWords(null)).toMatch(/this computer’s clock: no answer of the registry/)
    expect(clockWords(20_000)).toMatch(/agreed with it to within a minute/)
    expect(clockWords(-65 * 60_000)).toMatch(/was 65 minutes behind\.$/)
    expect(clockWords(2 * HOUR + 5 * 60_000)).toMatch(/was 2 hours 5 minutes ahead\.$/)
    expect(clockWords(-(3 * 24 + 1) * HOUR)).toMatch(/was 3 days 1 hour behind\.$/)
  })

  it("moves each exchange's time to the registry's, leaving a time it cannot read as it is", () => {
    const clock: CaseClock = { toRegistry: (ms) => ms + HOUR, now: () => 0, computerAheadMs: -HOUR }
    const moved = inRegistryTime(
      [
        { at: '2026-11-24T06:00:00.000Z', request: 'GET a', outcome: 'ok', durationMs: 5 },
        { at: 'not a time', request: 'GET b', outcome: 'ok', durationMs: 5 },
      ],
      clock,
    )
    expect(moved.map((e) => e.at)).toEqual(['2026-11-24T07:00:00.000Z', 'not a time'])
  })
})
