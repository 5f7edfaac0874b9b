// What a watchlist alert says changed, in the app's words for fraud types and listings: shared by
// the Watchlist screen and `casefile watch alerts`.
import { describe, expect, it } from 'vitest'
import { alertChangeLines, alertChangeSummary } from '../../../src/shared/watch-change-words'

const seen = (fraudType: string | null, fraudReason: string | null = 'r', listed = true) => ({
  listed,
  fraudType,
  fraudReason,
})

describe('what changed, in words', () => {
  it('an update names the fraud types by their labels, and says the reason changed', () => {
    const alert = {
      kind: 'updated' as const,
      before: seen('money_mule', 'moved the money out'),
      after: seen('hacker', 'took over the account'),
    }
    expect(alertChangeLines(alert)).toEqual([
      'Fraud type: Money mule → Hacker / account takeover',
      'Reason changed',
    ])
    expect(alertChangeSummary(alert)).toBe(
      'Fraud type: Money mule → Hacker / account takeover; reason changed',
    )
  })

  it('a reason alone; one added or removed; a type the app does not know, as the registry wrote it', () => {
    expect(
      alertChangeLines({ kind: 'updated', before: seen('theft', 'a'), after: seen('theft', 'b') }),
    ).toEqual(['Reason changed'])
    expect(
      alertChangeLines({ kind: 'updated', before: seen('theft', null), after: seen('theft', 'b') }),
    ).toEqual(['Reason added'])
    expect(
      alertChangeLines({ kind: 'updated', before: seen('theft', 'a'), after: seen('theft', '') }),
    ).toEqual(['Reason removed'])
    expect(
      alertChangeLines({ kind: 'updated', before: seen(null), after: seen('crypto_scam') }),
    ).toEqual(['Fraud type: none given → crypto_scam'])
  })

  it('an unlisting and a relisting say the listing before and after', () => {
    expect(
      alertChangeLines({
        kind: 'unlisted',
        before: seen('theft'),
        after: seen('theft', 'r', false),
      }),
    ).toEqual(['Listing: Listed → Unlisted'])
    expect(
      alertChangeLines({
        kind: 'relisted',
        before: seen('theft', 'r', false),
        after: seen('theft'),
      }),
    ).toEqual(['Listing: Unlisted → Listed'])
  })

  it('a new report says its fraud type; an alert kept without detail says nothing', () => {
    expect(
      alertChangeLines({ kind: 'new_report', before: null, after: seen('romance_fraud') }),
    ).toEqual(['Fraud type: Romance fraud'])
    expect(alertChangeLines({ kind: 'updated' })).toEqual([])
    expect(alertChangeLines({ kind: 'updated', before: null, after: null })).toEqual([])
    expect(alertChangeSummary({ kind: 'unlisted', after: null })).toBe('')
  })

  it('an identifier taken off a report that stays listed, and put back, say so, not a listing', () => {
    const removed = {
      kind: 'identifier_removed' as const,
      before: seen('theft'),
      after: { ...seen('theft'), carried: false },
    }
    expect(alertChangeLines(removed)).toEqual([
      'Identifier taken off the report (the report is still listed)',
    ])
    expect(alertChangeSummary(removed)).not.toMatch(/Unlisted/)
    expect(
      alertChangeLines({
        kind: 'identifier_added',
        before: { ...seen('theft'), carried: false },
        after: seen('theft'),
      }),
    ).toEqual(['Identifier put back on the report'])
  })

  it('a new report found by the first check says it was filed after the item was added', () => {
    expect(
      alertChangeSummary({
        kind: 'new_report',
        before: null,
        after: seen('money_mule'),
        beforeFirstCheck: true,
      }),
    ).toBe(
      'Fraud type: Money mule; filed after this identifier was added to the watchlist, before its first check',
    )
  })
})
