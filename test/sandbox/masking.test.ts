import { describe, expect, it } from 'vitest'
import { maskIdentifierValue } from '../../src/sandbox'

describe('maskIdentifierValue (what the plain submission fetch shows)', () => {
  it.each([
    ['account', '0123456789_access-bank', '******6789_access-bank'],
    ['account', '0123456789_first-bank', '******6789_first-bank'],
    ['bvn', '22212345678', '*******5678'],
    ['phone', '+2348031234567', '**********4567'],
    ['email', 'ade@example.com', '***********.com'],
    ['account_name', 'Ngozi Okafor', '********afor'],
    ['social_handle', '@abc', '****'],
    ['account_name', 'Ọláolúwa', '****lúwa'],
    // An account value without the _slug part is masked like any other value.
    ['account', '0123456789', '******6789'],
  ])('%s %s → %s', (label, value, masked) => {
    expect(maskIdentifierValue(label, value)).toBe(masked)
  })
})
