import { CONTENT_SECURITY_POLICY } from '../window-options'
import { contentTypeFor } from './app-protocol'
import { isAppUrl } from './navigation'

type Headers = Record<string, string | string[]>

/**
 * The response headers of an app page with the app's CSP in force: the page's meta tag says the
 * same, but only a header can carry frame-ancestors, and a header cannot be edited by the page.
 * Responses from anywhere else are passed through untouched.
 */
export function withContentSecurityPolicy(
  url: string,
  headers: Headers | undefined,
  appOrigins: readonly string[],
): Headers {
  const result: Headers = { ...headers }
  if (!isAppUrl(url, appOrigins)) return result
  for (const name of Object.keys(result))
    if (name.toLowerCase() === 'content-security-policy') delete result[name]
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY]
  return result
}

/** Headers of a file served on app://: its type, the CSP, and no sniffing or caching. */
export function appFileHeaders(file: string): Record<string, string> {
  return {
    'Content-Type': contentTypeFor(file),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  }
}
