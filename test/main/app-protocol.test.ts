import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  contentTypeFor,
  resolveAppFile,
} from '../../src/main/security/app-protocol'
import { appFileHeaders } from '../../src/main/security/csp-headers'
import { CONTENT_SECURITY_POLICY } from '../../src/main/window-options'

const root = '/opt/Casefile/resources/app.asar/out/renderer'

describe('resolveAppFile (posix)', () => {
  const resolve = (url: string) => resolveAppFile(root, url, path.posix)

  it('maps app:// URLs to files under the renderer folder', () => {
    expect(APP_ENTRY_URL).toBe(`${APP_ORIGIN}/index.html`)
    expect(resolve('app://casefile/index.html')).toBe(`${root}/index.html`)
    expect(resolve('app://casefile/')).toBe(`${root}/index.html`)
    expect(resolve('app://casefile')).toBe(`${root}/index.html`)
    expect(resolve('app://casefile/assets/index-abc123.js?v=1#x')).toBe(
      `${root}/assets/index-abc123.js`,
    )
    expect(resolve('app://casefile/assets/a%20b.png')).toBe(`${root}/assets/a b.png`)
  })

  it('keeps dot segments the URL parser resolves inside the folder', () => {
    expect(resolve('app://casefile/../../etc/passwd')).toBe(`${root}/etc/passwd`)
    expect(resolve('app://casefile/%2e%2e/%2e%2e/etc/passwd')).toBe(`${root}/etc/passwd`)
  })

  it.each([
    'app://casefile/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://casefile/%2e%2e%2fsecret',
    'app://casefile/assets/%5c..%5c..%5csecret',
    'app://casefile/assets//index.js',
    'app://casefile/assets/',
    'app://casefile/index.html%00.png',
    'app://casefile/%E0%A4%A',
    'app://casefile/C:/Windows/win.ini',
  ])('refuses %s', (url) => {
    expect(resolve(url)).toBeNull()
  })

  it('refuses every other origin and scheme', () => {
    expect(resolve('app://other/index.html')).toBeNull()
    expect(resolve('app://casefile:8080/index.html')).toBeNull()
    expect(resolve('file:///etc/passwd')).toBeNull()
    expect(resolve('https://casefile/index.html')).toBeNull()
    expect(resolve('not a url')).toBeNull()
  })
})

describe('resolveAppFile (Windows paths)', () => {
  const winRoot = 'C:\\Program Files\\Casefile\\resources\\app.asar\\out\\renderer'
  const resolve = (url: string) => resolveAppFile(winRoot, url, path.win32)

  it('maps to files under the folder', () => {
    expect(resolve('app://casefile/assets/index.js')).toBe(`${winRoot}\\assets\\index.js`)
  })

  it.each([
    'app://casefile/..%5C..%5Csecret',
    'app://casefile/%5C%5Cserver%5Cshare',
    'app://casefile/C:%5CWindows%5Cwin.ini',
    'app://casefile/D:secret',
    'app://casefile/assets/..%2F..%2F..%2Fsecret',
  ])('refuses %s', (url) => {
    expect(resolve(url)).toBeNull()
  })
})

describe('app file responses', () => {
  it('carry a content type by extension, the CSP and nosniff', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('/x/a.woff2')).toBe('font/woff2')
    expect(contentTypeFor('/x/unknown.bin')).toBe('application/octet-stream')
    expect(contentTypeFor('/x/no-extension')).toBe('application/octet-stream')
    expect(appFileHeaders('/x/index.html')).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    })
  })
})
