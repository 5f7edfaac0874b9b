import { describe, expect, it } from 'vitest'
import {
  decideNavigation,
  decideWindowOpen,
  isAppUrl,
  originOf,
} from '../../src/main/security/navigation'
import { rendererEntry } from '../../src/main/security/renderer-entry'

const APP = ['app://casefile']

describe('decideWindowOpen', () => {
  it('opens plain https links in the system browser', () => {
    expect(decideWindowOpen('https://registry.example.com/docs?a=1#b')).toEqual({
      openInBrowser: 'https://registry.example.com/docs?a=1#b',
    })
    expect(decideWindowOpen('https://EXAMPLE.com')).toEqual({
      openInBrowser: 'https://example.com/',
    })
  })

  it.each([
    ['http://example.com/', /only https/],
    ['file:///etc/passwd', /only https/],
    ['javascript:alert(1)', /only https/],
    ['smb://server/share', /only https/],
    ['ms-msdt:/id PCWDiagnostic', /only https/],
    ['app://casefile/index.html', /only https/],
    ['data:text/html,<script>', /only https/],
    ['https://bank.example@evil.example/', /user name or password/],
    ['https://user:pw@example.com/', /user name or password/],
    ['not a url', /not a valid address/],
    [`https://example.com/${'a'.repeat(2100)}`, /too long/],
  ])('refuses %s', (url, why) => {
    const decision = decideWindowOpen(url)
    expect(decision.openInBrowser).toBeNull()
    expect(decision).toMatchObject({ reason: expect.stringMatching(why) })
  })
})

describe('decideNavigation', () => {
  it('allows only the app origin in the window', () => {
    expect(decideNavigation('app://casefile/index.html#/outbox', APP)).toEqual({ allow: true })
    expect(decideNavigation('app://casefile.evil/index.html', APP)).toEqual({
      allow: false,
      openInBrowser: null,
    })
    expect(decideNavigation('file:///etc/passwd', APP)).toEqual({
      allow: false,
      openInBrowser: null,
    })
  })

  it('sends a plain https link to the system browser instead', () => {
    expect(decideNavigation('https://example.com/help', APP)).toEqual({
      allow: false,
      openInBrowser: 'https://example.com/help',
    })
  })

  it('compares whole origins, port included', () => {
    expect(originOf('app://casefile/x')).toBe('app://casefile')
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173')
    expect(originOf('about:blank')).toBeNull()
    expect(originOf('nonsense')).toBeNull()
    expect(isAppUrl('http://localhost:5174/', ['http://localhost:5173'])).toBe(false)
  })
})

describe('rendererEntry', () => {
  it('serves the app from app://casefile, trusting only that prefix', () => {
    expect(rendererEntry({ isPackaged: true })).toEqual({
      url: 'app://casefile/index.html',
      appOrigins: ['app://casefile'],
      senderPrefixes: ['app://casefile/'],
    })
  })

  it('uses the dev server only in development, and only on this computer', () => {
    expect(rendererEntry({ isPackaged: false, devServerUrl: 'http://localhost:5173/' })).toEqual({
      url: 'http://localhost:5173/',
      appOrigins: ['http://localhost:5173'],
      senderPrefixes: ['http://localhost:5173/'],
    })
    expect(rendererEntry({ isPackaged: true, devServerUrl: 'http://localhost:5173/' }).url).toBe(
      'app://casefile/index.html',
    )
    expect(
      rendererEntry({ isPackaged: false, devServerUrl: 'http://evil.example:5173/' }).url,
    ).toBe('app://casefile/index.html')
    expect(rendererEntry({ isPackaged: false, devServerUrl: 'https://evil.example/' }).url).toBe(
      'app://casefile/index.html',
    )
  })
})
