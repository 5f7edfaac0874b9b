import { describe, expect, it } from 'vitest'
import { withContentSecurityPolicy } from '../../src/main/security/csp-headers'
import { CONTENT_SECURITY_POLICY } from '../../src/main/window-options'

const APP = ['app://casefile', 'http://localhost:5173']

describe('withContentSecurityPolicy', () => {
  it('puts the app CSP on app pages, replacing any other policy whatever its case', () => {
    const headers = withContentSecurityPolicy(
      'http://localhost:5173/index.html',
      { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      APP,
    )
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    })
    expect(withContentSecurityPolicy('app://casefile/', undefined, APP)).toEqual({
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    })
  })

  it('leaves other responses untouched', () => {
    const original = { 'content-security-policy': ['x'] }
    expect(withContentSecurityPolicy('https://example.com/', original, APP)).toEqual(original)
  })

  it('forbids framing the app, which only a header can say', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
  })
})
