import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness-server'

/*
 * The harness with a save folder writes files when its contract is called: a page of another
 * origin in the same browser (a "simple" form post, or a DNS name rebound to 127.0.0.1) must not
 * reach it.
 */

/** A raw request, so the Host header and content type are what a hostile page could send. */
function post(url: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(path, url), { method: 'POST', headers }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    sent.on('error', reject)
    sent.end('[]')
  })
}

describe('the harness, called from another origin', { timeout: 60_000 }, () => {
  let harness: Harness
  const saveDir = join(mkdtempSync(join(tmpdir(), 'casefile-origin-')), 'saved')
  beforeAll(async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'casefile-origin-renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<script type="module" src="/x.js"></script>')
    harness = await startHarness({ rendererDir, saveDir, bar: true })
  })
  afterAll(() => harness?.stop())

  it('refuses a contract call posted as text (a form of another site), and saves nothing', async () => {
    const host = new URL(harness.url).host
    const status = await post(harness.url, '/api/saveRejectedRows', {
      host,
      'content-type': 'text/plain',
    })
    expect(status).toBe(415)
    expect(
      await post(harness.url, '/api/appInfo', { host, 'content-type': 'application/json' }),
    ).toBe(200)
  })

  it('refuses a request under another name (DNS rebinding), the bar’s switch too', async () => {
    const headers = { host: 'attacker.example:80', 'content-type': 'application/json' }
    expect(await post(harness.url, '/api/appInfo', headers)).toBe(403)
    expect(await post(harness.url, '/harness/registry', headers)).toBe(403)
    expect(readdirSync(join(saveDir, '..'))).toEqual([])
  })
})
