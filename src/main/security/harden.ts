import type { Session, WebContents } from 'electron'
import { withContentSecurityPolicy } from './csp-headers'
import { decideNavigation, decideWindowOpen, isAppUrl } from './navigation'

/**
 * Session-wide rules: every permission request (camera, notifications, clipboard read…) is
 * refused, and app pages get the CSP as a response header.
 */
export function hardenSession(session: Session, appOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({
      responseHeaders: withContentSecurityPolicy(details.url, details.responseHeaders, appOrigins),
    }),
  )
}

/**
 * Rules for every web contents the app creates: navigation stays on the app's origin, new
 * windows are never created (an https link goes to `openInBrowser`, which asks the person in
 * main first: navigation.ts, confirmedLinkOpener), no <webview>.
 */
export function hardenWebContents(
  contents: WebContents,
  appOrigins: readonly string[],
  openInBrowser: (url: string) => void,
): void {
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, appOrigins)
    if (decision.allow) return
    event.preventDefault()
    if (decision.openInBrowser) openInBrowser(decision.openInBrowser)
  })
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, appOrigins)) event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url)
    if (decision.openInBrowser) openInBrowser(decision.openInBrowser)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}
