import { describe, expect, it } from 'vitest'
import { syncNotification } from '../../src/main/notifications/sync-notification'

const away = { windowFocused: false }

describe('syncNotification', () => {
  it('says nothing when a run sent nothing and left nothing to do', () => {
    expect(syncNotification({ sent: 0, needsAttention: 0 }, away)).toBeNull()
  })

  it('says nothing while the window has focus: the window shows it', () => {
    expect(syncNotification({ sent: 3, needsAttention: 1 }, { windowFocused: true })).toBeNull()
  })

  it('tells what was sent', () => {
    expect(syncNotification({ sent: 1, needsAttention: 0 }, away)).toEqual({
      title: '1 report sent to the registry',
      body: 'Casefile finished sending from the outbox.',
    })
    expect(syncNotification({ sent: 4, needsAttention: 0 }, away)?.title).toBe(
      '4 reports sent to the registry',
    )
  })

  it('leads with what needs attention, and what to do about it', () => {
    expect(syncNotification({ sent: 0, needsAttention: 1 }, away)).toEqual({
      title: '1 item needs your attention',
      body: 'Open the outbox to edit, retry or discard what the registry did not take.',
    })
    expect(syncNotification({ sent: 2, needsAttention: 3 }, away)).toEqual({
      title: '3 items need your attention',
      body: '2 reports sent to the registry. Open the outbox to edit, retry or discard what the registry did not take.',
    })
  })
})
