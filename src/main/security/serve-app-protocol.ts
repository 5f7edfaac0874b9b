import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import { APP_SCHEME, resolveAppFile } from './app-protocol'
import { appFileHeaders } from './csp-headers'

/**
 * Declares app:// before the app is ready (Electron requires it then): standard, so relative
 * URLs and the origin work as on the web; secure, so the page is a secure context. No CORS, no
 * service workers, no CSP bypass.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

/** Serves app:// from the built renderer folder, and nothing outside it. */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url)
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD'))
      return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(request.method === 'HEAD' ? null : body, {
        headers: appFileHeaders(file),
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
}
