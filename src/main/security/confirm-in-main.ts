import { dialog, type BrowserWindow } from 'electron'
import type { ConfirmDialog } from './confirmations'

/**
 * Shows a confirmation as main's own native dialog (its words: confirmations.ts and
 * src/core/settings/registry-change.ts). The page can ask for what needs it but cannot draw or
 * answer this; Cancel is the default button. True only when the person chose the first button.
 */
export async function confirmInMain(
  window: BrowserWindow | null,
  words: ConfirmDialog,
): Promise<boolean> {
  const options = { type: 'warning' as const, noLink: true, ...words }
  const { response } = window
    ? await dialog.showMessageBox(window, options)
    : await dialog.showMessageBox(options)
  return response === 0
}
