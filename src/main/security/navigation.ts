import { externalLinkDialog, type Confirm } from './confirmations'

/**
 * Where the app's window may go, as pure decisions: the Electron handlers only apply them.
 * The window shows the app's own origin and nothing else; links to the web open in the system
 * browser, only https links that pass a check, and only once the person said yes in main.
 */

/**
 * scheme://host[:port] of a hierarchical URL, or null. (URL#origin is "null" for non-special
 * schemes such as app:, so it is built by hand.)
 */
export function originOf(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (!parsed.host) return null
  return `${parsed.protocol}//${parsed.host}`
}

export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(url)
  return origin !== null && appOrigins.includes(origin)
}

export type WindowOpenDecision = { openInBrowser: string } | { openInBrowser: null; reason: string }

const MAX_EXTERNAL_URL_LENGTH = 2048

/**
 * What to do with a request to open a new window (target=_blank, window.open): never a new
 * Electron window; an https link opens in the system browser, anything else is refused.
 */
export function decideWindowOpen(url: string): WindowOpenDecision {
  if (url.length > MAX_EXTERNAL_URL_LENGTH)
    return { openInBrowser: null, reason: 'the link is too long' }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { openInBrowser: null, reason: 'not a valid address' }
  }
  if (parsed.protocol !== 'https:')
    return { openInBrowser: null, reason: `only https links open, not ${parsed.protocol}` }
  // https://bank.example@evil.example/ shows one name and goes to another.
  if (parsed.username || parsed.password)
    return { openInBrowser: null, reason: 'links with a user name or password are refused' }
  if (!parsed.hostname) return { openInBrowser: null, reason: 'the link names no host' }
  return { openInBrowser: parsed.href }
}

export type NavigationDecision = { allow: true } | { allow: false; openInBrowser: string | null }

/**
 * A navigation of the app's window (a plain link, a form, location=…): allowed only within the
 * app's origin; a plain https link to elsewhere goes to the system browser instead.
 */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  if (isAppUrl(url, appOrigins)) return { allow: true }
  return { allow: false, openInBrowser: decideWindowOpen(url).openInBrowser }
}

/**
 * What opens a link in the system browser (shell.openExternal), asking first. Main cannot tell a
 * click from a script's window.open (Electron gives it no user gesture), and the window has no
 * links to the web of its own, so every request is confirmed in main's dialog naming the host:
 * a script can no longer send data out in a URL (`?d=…`) unseen. `url` has passed decideWindowOpen.
 */
export function confirmedLinkOpener(
  confirm: Confirm,
  open: (url: string) => void,
): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!(await confirm(externalLinkDialog(url)))) return false
    open(url)
    return true
  }
}
