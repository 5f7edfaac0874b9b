import { describe, expect, it } from 'vitest'
import { cutRawBody, redact } from '../../../src/core/registry/classify-failure'
import { redactKey } from '../../../src/core/secrets/redact-key'

const KEY = 'live_9f8e7d6c5b4a39281706fedcba'

describe('the key is taken out of errors and logs, whole or in part', () => {
  it('the whole key, wherever it is', () => {
    expect(redactKey(`bad key ${KEY} given`, KEY)).toBe('bad key [redacted] given')
  })

  it('a prefix at the end of a cut-off body', () => {
    const cut = `{"message":"Unknown API key ${KEY.slice(0, 10)}`
    expect(redactKey(cut, KEY)).toBe('{"message":"Unknown API key [redacted]')
    expect(redactKey(`key: ${KEY.slice(0, 5)}`, KEY)).toBe('key: [redacted]')
  })

  it('a tail at the start of a body that begins mid-key', () => {
    expect(redactKey(`${KEY.slice(-6)}", "success": false`, KEY)).toBe(
      '[redacted]", "success": false',
    )
  })

  it('any part of 8 characters or more, and a key split by an ellipsis or a line break', () => {
    expect(redactKey(`key …${KEY.slice(3, 14)}… refused`, KEY)).toBe('key …[redacted]… refused')
    expect(redactKey(`${KEY.slice(0, 12)}\n${KEY.slice(12)} x`, KEY)).toBe(
      '[redacted]\n[redacted] x',
    )
  })

  it('leaves text that merely shares a few characters, and the four the window shows', () => {
    expect(redactKey('live traffic for 4a39 only', KEY)).toBe('live traffic for 4a39 only')
    expect(redactKey('nothing here', undefined)).toBe('nothing here')
  })

  it('a raw body cut mid-key keeps no part of it', () => {
    const body = `${'x'.repeat(4090)}${KEY}${'y'.repeat(100)}`
    const kept = cutRawBody(body, KEY)
    for (let n = 4; n <= KEY.length; n++) expect(kept).not.toContain(KEY.slice(0, n))
    expect(redact(`2000 chars then ${KEY.slice(0, 9)}`, KEY)).not.toContain(KEY.slice(0, 9))
  })
})
