import path from 'node:path'

/**
 * The app's own origin. The renderer is served from app://casefile/… (a privileged, standard,
 * secure scheme) rather than file://, so the page has a real origin: CSP 'self' means only the
 * app's files, and the IPC sender check can compare against one exact prefix.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'casefile'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

type PathApi = Pick<typeof path, 'resolve' | 'relative' | 'isAbsolute' | 'sep'>

/**
 * The file under `rootDir` (out/renderer) that an app:// request asks for, or null when the
 * request is not for the app's origin or would leave the folder (.., encoded separators,
 * backslashes, drive letters, NUL). `pathApi` is there so tests can prove the Windows rules
 * on any machine.
 */
export function resolveAppFile(
  rootDir: string,
  requestUrl: string,
  pathApi: PathApi = path,
): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  const relative = pathname.replace(/^\/+/, '') || 'index.html'
  const segments = relative.split('/')
  // Refuse instead of normalising: no app file needs any of these in its name.
  const unsafe = segments.some(
    (segment) => segment === '' || segment === '.' || segment === '..' || /[\\:\0]/.test(segment),
  )
  if (unsafe) return null
  const root = pathApi.resolve(rootDir)
  const file = pathApi.resolve(root, ...segments)
  const inside = pathApi.relative(root, file)
  if (!inside || inside.startsWith('..') || pathApi.isAbsolute(inside)) return null
  return file
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** By extension: the files are the app's own build output, so the name is trustworthy. */
export function contentTypeFor(file: string): string {
  const extension = /\.[^./\\]+$/.exec(file)?.[0]?.toLowerCase() ?? ''
  return CONTENT_TYPES[extension] ?? 'application/octet-stream'
}
