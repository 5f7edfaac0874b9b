import { describe, expect, it } from 'vitest'
import { screeningNotification } from '../../src/main/notifications/screening-notification'

const away = { windowFocused: false }
const finished = (hits: number, unchecked: number, rows = 8000) => ({
  job: 3,
  file: 'new-customers-november.xlsx',
  totals: {
    rows,
    identifiers: rows,
    searched: rows - unchecked,
    hits,
    unchecked,
    clean: rows - hits - unchecked,
    partly: 0,
    notChecked: unchecked,
    unread: 0,
  },
})

describe('screeningNotification', () => {
  it('says nothing while the window has focus: the Screening screen shows it', () => {
    expect(screeningNotification(finished(4, 0), { windowFocused: true })).toBeNull()
  })

  it('tells what a job found, by its file, with what could not be checked', () => {
    expect(screeningNotification(finished(4, 0), away)).toEqual({
      title: 'Screening of new-customers-november.xlsx finished',
      body: '4 rows of 8,000 matched reports on the registry. Open Screening to read the results.',
    })
    expect(screeningNotification(finished(1, 12), away)?.body).toBe(
      '1 row of 8,000 matched reports on the registry. 12 rows could not be checked. Open Screening to read the results.',
    )
    expect(screeningNotification(finished(0, 0, 500), away)?.body).toBe(
      'No row of 500 matched a report on the registry. Open Screening to read the results.',
    )
  })
})
