import { APP_ENTRY_URL, APP_ORIGIN } from './app-protocol'
import { originOf } from './navigation'

export interface RendererEntry {
  /** What the window loads. */
  url: string
  /** Origins the window may show; CSP headers are set for them. */
  appOrigins: string[]
  /** URL prefixes the IPC wrapper trusts as the app's own frames. */
  senderPrefixes: string[]
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Where the renderer comes from: the app:// origin, or, in development only, electron-vite's
 * dev server (ELECTRON_RENDERER_URL). A packaged app ignores that variable, and a non-loopback
 * dev server is refused, so no environment variable can make the app load (and give its
 * preload to) a remote page.
 */
export function rendererEntry(options: {
  isPackaged: boolean
  devServerUrl?: string | undefined
}): RendererEntry {
  const dev = !options.isPackaged && options.devServerUrl ? options.devServerUrl : null
  const devOrigin = dev ? originOf(dev) : null
  if (dev && devOrigin && devOrigin.startsWith('http://') && LOOPBACK.has(new URL(dev).hostname))
    return { url: dev, appOrigins: [devOrigin], senderPrefixes: [`${devOrigin}/`] }
  return { url: APP_ENTRY_URL, appOrigins: [APP_ORIGIN], senderPrefixes: [`${APP_ORIGIN}/`] }
}
