/**
 * Whether this copy of Casefile updates itself, and if not, why (shown in Settings).
 * The Windows installer, the macOS app and the AppImage update themselves; a .deb install is
 * owned by the system's package manager, and a development build by its developer.
 */
export function whyNoSelfUpdate(env: {
  isPackaged: boolean
  platform: string
  /** $APPIMAGE, set by the AppImage runtime to the image's own path. */
  appImage: string | undefined
}): string | null {
  if (!env.isPackaged)
    return 'This is a development build of Casefile: it is not updated automatically.'
  if (env.platform === 'linux' && !env.appImage)
    return 'Casefile was installed from a .deb package, so your system\u2019s software updates keep it up to date, not Casefile itself.'
  return null
}
