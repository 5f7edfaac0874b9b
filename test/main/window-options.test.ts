import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, mainWindowOptions } from '../../src/main/window-options'
import { readFileSync } from 'node:fs'

describe('main window options', () => {
  it('follow the Electron security checklist', () => {
    expect(mainWindowOptions('/p/preload.js').webPreferences).toMatchObject({
      preload: '/p/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })
})

describe('content security policy', () => {
  const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d]))
  it('denies by default and allows no eval, inline script or remote origin', () => {
    expect(directives.get('default-src')).toBe("default-src 'none'")
    expect(directives.get('script-src')).toBe("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/)
  })
  it('is the same policy the renderer page declares', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta?.split('; ').sort()).toEqual(
      CONTENT_SECURITY_POLICY.split('; ')
        .filter((d) => !d.startsWith('frame-ancestors'))
        .sort(),
    )
  })
})
