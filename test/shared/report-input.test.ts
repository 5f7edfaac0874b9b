import { describe, expect, it } from 'vitest'
import {
  FRAUD_TYPES,
  createReportInputSchema,
  reportInputSchema,
  reasonLength,
} from '../../src/shared/domain'
import { describeIssues } from '../../src/shared/validation-messages'

const reason = (n: number) => 'x'.repeat(n)
const valid = {
  fraudType: 'hacker',
  fraudReason: reason(60),
  identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
}

function messageOf(input: unknown): string {
  const result = reportInputSchema.safeParse(input)
  expect(result.success).toBe(false)
  return result.success ? '' : describeIssues(result.error)
}

describe('report input: fraudReason length', () => {
  it('refuses 49 characters and says how many are needed', () => {
    expect(messageOf({ ...valid, fraudReason: reason(49) })).toMatch(
      /fraudReason: .*49 characters.*at least 50/,
    )
  })
  it('accepts 50 and 2000 characters', () => {
    expect(reportInputSchema.safeParse({ ...valid, fraudReason: reason(50) }).success).toBe(true)
    expect(reportInputSchema.safeParse({ ...valid, fraudReason: reason(2000) }).success).toBe(true)
  })
  it('refuses 2001 characters and says by how much to shorten', () => {
    expect(messageOf({ ...valid, fraudReason: reason(2001) })).toMatch(
      /at most 2000.*Shorten it by 1/,
    )
  })
  it('counts characters as a person does: an emoji is one, edge spaces are not counted', () => {
    expect(reasonLength('😀'.repeat(50))).toBe(50)
    expect(reportInputSchema.safeParse({ ...valid, fraudReason: '😀'.repeat(50) }).success).toBe(
      true,
    )
    expect(
      reportInputSchema.safeParse({ ...valid, fraudReason: `   ${reason(49)}   ` }).success,
    ).toBe(false)
  })
  it('counts code points as the string iterator does, lone surrogates included, without spreading the text', () => {
    const texts = [
      '',
      'plain words',
      '😀a😀',
      '\ud83d',
      'a\ud83d',
      '\ude00a',
      '\ude00\ud83d',
      '\ud83d\ud83d\ude00',
      `  ${'é👩‍👩‍👧x'.repeat(30)}\u00a0`,
    ]
    for (const text of texts)
      expect(reasonLength(text), JSON.stringify(text)).toBe([...text.trim()].length)
  })
  it('refuses a reason that is not text', () => {
    expect(messageOf({ ...valid, fraudReason: 1234 })).toMatch(
      /fraudReason: The reason must be text/,
    )
  })
})

describe('report input: attachments', () => {
  const url = (i: number) => `https://files.example.com/evidence-${i}.pdf`
  it('accepts 0 to 3 attachments, defaulting to none', () => {
    expect(reportInputSchema.parse(valid).attachments).toEqual([])
    expect(
      reportInputSchema.safeParse({ ...valid, attachments: [url(1), url(2), url(3)] }).success,
    ).toBe(true)
  })
  it('refuses 4 attachments', () => {
    expect(messageOf({ ...valid, attachments: [url(1), url(2), url(3), url(4)] })).toMatch(
      /attachments: .*at most 3/,
    )
  })
  it('refuses an attachment that is not an http(s) link', () => {
    expect(messageOf({ ...valid, attachments: ['C:\\evidence.pdf'] })).toMatch(
      /attachments.0: .*link/,
    )
    expect(messageOf({ ...valid, attachments: ['ftp://x.example/a'] })).toMatch(/attachments.0/)
  })
})

describe('report input: fraud types', () => {
  it.each(FRAUD_TYPES)('accepts %s', (fraudType) => {
    expect(reportInputSchema.safeParse({ ...valid, fraudType }).success).toBe(true)
  })
  it('has all 11 types, sanctioned/ofac among them', () => {
    expect(FRAUD_TYPES).toHaveLength(11)
    expect(FRAUD_TYPES).toContain('sanctioned/ofac')
  })
  it('refuses an unknown type and lists the allowed ones', () => {
    expect(messageOf({ ...valid, fraudType: 'pyramid_scheme' })).toMatch(
      /fraudType: .*"pyramid_scheme".*hacker, identity_theft/,
    )
  })
})

describe('report input: the rest of the shape', () => {
  it('defaults showUploaderInfo to false and refuses the string form', () => {
    expect(reportInputSchema.parse(valid).showUploaderInfo).toBe(false)
    expect(reportInputSchema.parse({ ...valid, showUploaderInfo: true }).showUploaderInfo).toBe(
      true,
    )
    expect(messageOf({ ...valid, showUploaderInfo: 'true' })).toMatch(
      /showUploaderInfo: .*true or false/,
    )
  })
  it('is strict: an unknown field is refused', () => {
    expect(messageOf({ ...valid, severity: 'high' })).toMatch(/severity/)
  })
  it('needs at least one identifier, and no identifier twice', () => {
    expect(messageOf({ ...valid, identifiers: [] })).toMatch(/at least one identifier/)
    expect(
      messageOf({ ...valid, identifiers: [valid.identifiers[0], valid.identifiers[0]] }),
    ).toMatch(/listed twice/)
  })
  it('takes one phone number written two ways for the same identifier', () => {
    const phones = [
      { label: 'phone', value: '08031234567' },
      { label: 'phone', value: '+2348031234567' },
    ]
    expect(messageOf({ ...valid, identifiers: phones })).toMatch(
      /phone \+2348031234567 is 08031234567, listed already: remove one/,
    )
  })
  it('refuses a missing fraudType and reason with a message for each', () => {
    const message = messageOf({ identifiers: valid.identifiers })
    expect(message).toMatch(/fraudType/)
    expect(message).toMatch(/fraudReason/)
  })
  it('checks account slugs against the bank list when one is given', () => {
    const schema = createReportInputSchema({ bankSlugs: new Set(['gtbank']) })
    const result = schema.safeParse(valid)
    expect(result.success).toBe(false)
    expect(result.success ? '' : describeIssues(result.error)).toMatch(
      /identifiers.0.value: Bank "access-bank" is not in the bank list/,
    )
    expect(
      schema.safeParse({
        ...valid,
        identifiers: [{ label: 'account', value: '0123456789_gtbank' }],
      }).success,
    ).toBe(true)
  })
})
