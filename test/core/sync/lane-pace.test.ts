import { describe, expect, it } from 'vitest'
import { LanePace } from '../../../src/core/sync/lane-pace'

/* The outbox's pace, a window per lane (lane-pace.ts): the order of answers, never a timing. */

const fast = { kind: 'answered', latencyMs: 150 } as const

describe('the outbox’s pace per lane', () => {
  it('grows each lane on its own answers: a bulk file’s seconds do not hold the reports back', () => {
    const pace = new LanePace()
    pace.record(fast, 'single')
    // A bulk file's upload and look among the submissions: seconds, yet as fast as files go.
    for (let i = 0; i < 4; i++) {
      pace.record(fast, 'single')
      pace.record({ kind: 'answered', latencyMs: 6000 }, 'bulk')
    }
    // Five fast answers of reports (4, +1 after 2, +1 after 3): measured against a report's
    // 150 ms, each file's would have started the count over and the window stayed at 4.
    expect(pace.limits).toEqual({ single: 6, bulk: 5 })
  })

  it('gives each lane its own slots: files waiting take none of the reports’', () => {
    const pace = new LanePace({ initial: 16, max: 16 })
    expect(pace.limits).toEqual({ single: 16, bulk: 16 })
    expect(new LanePace(1).limits).toEqual({ single: 1, bulk: 1 })
  })

  it('halves both lanes on a sign of load from either: the registry and the key are shared', () => {
    const pace = new LanePace({ initial: 16, max: 16 })
    pace.record({ kind: 'overloaded', sentAt: 100, at: 250 }, 'bulk')
    expect(pace.limits).toEqual({ single: 8, bulk: 8 })
    // An answer to a request sent before that halving describes the same load.
    pace.record({ kind: 'overloaded', sentAt: 200, at: 300 }, 'single')
    expect(pace.limits).toEqual({ single: 8, bulk: 8 })
    pace.record({ kind: 'other' }, 'single')
    expect(pace.limits).toEqual({ single: 8, bulk: 8 })
  })
})
