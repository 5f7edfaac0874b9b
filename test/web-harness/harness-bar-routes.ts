import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { basename, extname, join } from 'node:path'
import { ensurePrivateDir } from '../../src/core/private-files'

// The harness's own bar (harness-bar.js and .css, injected by the harness page around the app,
// never part of the app's UI): the registry online or offline, and where saves go. And the save
// dialog's stand-in when saves go to a folder: `npm run dev:web` and the journeys can try every
// save in the app from a browser.

export const BAR_SCRIPT = '/harness-bar.js'
export const BAR_STYLE = '/harness-bar.css'
const STATE = '/harness/state'
const REGISTRY = '/harness/registry'

export interface BarState {
  online: boolean
  saveDir: string | null
}

export interface BarServices {
  state: () => BarState
  setOnline: (online: boolean) => Promise<void>
}

/** index.html with the bar's style and script added (same origin, as the page's CSP allows). */
export function withBar(indexHtml: string): string {
  return indexHtml
    .replace('</head>', `  <link rel="stylesheet" href="${BAR_STYLE}" />\n  </head>`)
    .replace('</body>', `  <script src="${BAR_SCRIPT}"></script>\n  </body>`)
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')
}

/**
 * Answers the bar's requests: GET /harness/state, and POST /harness/registry with
 * {"online": true|false}. Only JSON is taken, so a page of another origin cannot post a form
 * here without a preflight the harness never answers. False when the path is not the bar's.
 */
export async function answerBar(
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  services: BarServices,
): Promise<boolean> {
  if (path === STATE && request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    response.end(JSON.stringify(services.state()))
    return true
  }
  if (path !== REGISTRY) return false
  const body = request.method === 'POST' ? await readJson(request).catch(() => null) : null
  const online = (body as { online?: unknown } | null)?.online
  if (
    !(request.headers['content-type'] ?? '').startsWith('application/json') ||
    typeof online !== 'boolean'
  ) {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('Send {"online": true|false}.')
    return true
  }
  await services.setOnline(online)
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(services.state()))
  return true
}

/**
 * The save dialog's stand-in that always "saves": the suggested name (a name only, never a
 * path) in the folder, made owner-only (0700) if new; a name already there gets " (2)", " (3)"…
 * so nothing saved before is replaced. The file handlers write it 0600, as in the app.
 */
export function saveInto(folder: string): (suggestedName: string) => string {
  return (suggestedName) => {
    ensurePrivateDir(folder)
    const name = basename(suggestedName) || 'saved'
    const ext = extname(name)
    const stem = name.slice(0, name.length - ext.length)
    let path = join(folder, name)
    for (let n = 2; existsSync(path); n++) path = join(folder, `${stem} (${n})${ext}`)
    return path
  }
}
