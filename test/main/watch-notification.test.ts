import { describe, expect, it } from 'vitest'
import { watchNotification } from '../../src/main/notifications/watch-notification'

const away = { windowFocused: false }
const phone = { kind: 'new_report' as const, type: 'phone', value: '08031234567' }

describe('watchNotification', () => {
  it('says nothing while the window has focus, or with no alert', () => {
    expect(watchNotification({ alerts: [phone] }, { windowFocused: true })).toBeNull()
    expect(watchNotification({ alerts: [] }, away)).toBeNull()
  })

  it('says one alert in a sentence, with the identifier as a person reads it', () => {
    expect(watchNotification({ alerts: [phone] }, away)).toEqual({
      title: 'The watched phone 08031234567 has a new report',
      body: 'Open the Watchlist to look at it and decide.',
    })
    expect(
      watchNotification(
        {
          alerts: [{ kind: 'unlisted', type: 'account', value: '0123456789 · Access Bank' }],
        },
        away,
      )?.title,
    ).toBe('The watched bank account 0123456789 · Access Bank had a report unlisted')
  })

  it('counts several', () => {
    expect(watchNotification({ alerts: [phone, { ...phone, kind: 'updated' }] }, away)?.title).toBe(
      '2 new watchlist alerts',
    )
  })
})
