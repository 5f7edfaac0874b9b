import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { answerBar, saveInto } from './harness-bar-routes'

/* The harness bar's server side: its save folder, and the registry switch it answers. */

describe('the harness save folder', () => {
  it('is made owner-only, takes a name only, and never replaces a file saved before', () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'casefile-bar-')), 'saved')
    const choose = saveInto(folder)
    const first = choose('hits.xlsx')
    expect(first).toBe(join(folder, 'hits.xlsx'))
    expect(statSync(folder).mode & 0o777).toBe(0o700)
    writeFileSync(first, 'x')
    expect(choose('hits.xlsx')).toBe(join(folder, 'hits (2).xlsx'))
    writeFileSync(join(folder, 'hits (2).xlsx'), 'x')
    expect(choose('hits.xlsx')).toBe(join(folder, 'hits (3).xlsx'))
    // A suggested name is a name: a path in it stays inside the folder.
    expect(choose('../../etc/passwd')).toBe(join(folder, 'passwd'))
  })
})

describe('the registry switch', () => {
  let server: Server | null = null
  afterEach(() => server?.close())

  async function serve() {
    const calls: boolean[] = []
    let online = true
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://bar').pathname
      void answerBar(path, request, response, {
        state: () => ({ online, saveDir: '/saved' }),
        setOnline: async (value) => {
          calls.push(value)
          online = value
        },
      }).then((answered) => answered || response.writeHead(404).end())
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { base, calls }
  }

  it('takes {"online": false} as JSON and says the state', async () => {
    const { base, calls } = await serve()
    const answer = await fetch(`${base}/harness/registry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ online: false }),
    })
    expect(await answer.json()).toEqual({ online: false, saveDir: '/saved' })
    expect(calls).toEqual([false])
    expect(await (await fetch(`${base}/harness/state`)).json()).toEqual({
      online: false,
      saveDir: '/saved',
    })
  })

  it('refuses a form post (what another site’s page could send without asking) and a bad body', async () => {
    const { base, calls } = await serve()
    const form = await fetch(`${base}/harness/registry`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ online: false }),
    })
    expect(form.status).toBe(400)
    const bad = await fetch(`${base}/harness/registry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ online: 'no' }),
    })
    expect(bad.status).toBe(400)
    expect(calls).toEqual([])
  })
})
