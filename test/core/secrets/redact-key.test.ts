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
    // The line break between the two halves goes too: the key is hidden as one stretch.
    expect(redactKey(`${KEY.slice(0, 12)}\n${KEY.slice(12)} x`, KEY)).toBe('[redacted] x')
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

describe('the key in its encoded forms and in fragments (issue 26, item 8)', () => {
  const KEY = 'sbx_9e09f7cb9cc76e55791586d734081340579cf70078fbae58'
  const hidden = (text: string) => {
    const out = redactKey(text, KEY)
    expect(out).toContain('[redacted]')
    return out
  }

  it('base64, as a Basic header or a debug page carries it, at every alignment', () => {
    for (const before of ['', 'a', 'ab', 'x-api-key: '])
      for (const after of ['', '!', 'ok?']) {
        const encoded = Buffer.from(`${before}${KEY}${after}`).toString('base64')
        const out = hidden(`Request was: ${encoded}`)
        expect(out).not.toContain(encoded.slice(8, 40))
      }
  })

  it('base64url, hex in both cases and URL-encoding', () => {
    const url = Buffer.from(KEY).toString('base64url')
    expect(hidden(`token=${url}`)).not.toContain(url.slice(4, 30))
    const hex = Buffer.from(KEY).toString('hex')
    expect(hidden(`dump ${hex} end`)).not.toContain(hex.slice(10, 40))
    expect(hidden(`DUMP ${hex.toUpperCase()}`)).not.toContain(hex.toUpperCase().slice(10, 40))
    const keyWithSlash = 'abc/def+ghi=jkl/mno+pqr'
    const encoded = encodeURIComponent(keyWithSlash)
    expect(redactKey(`?k=${encoded}`, keyWithSlash)).not.toContain(encoded.slice(0, 20))
  })

  it('fragments shorter than 8 characters, split by spaces, dashes, line breaks or markup', () => {
    const chunks = KEY.match(/.{1,5}/g) ?? []
    for (const glue of [' ', '-', '\n', '</td><td>'])
      expect(hidden(`<p>Your key: ${chunks.join(glue)}</p>`)).not.toContain(
        chunks.slice(2, 6).join(glue),
      )
  })

  it('still leaves ordinary text alone', () => {
    const text = 'The registry refused the request: fraudReason is too short (HTTP 422).'
    expect(redactKey(text, KEY)).toBe(text)
  })
})
