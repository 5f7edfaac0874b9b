import { dialog, type BrowserWindow } from 'electron'
import { registryChangeDialog, type RegistryChange } from '../../core/settings'

/**
 * The native dialog that confirms a change of registry (its words and the decision to ask are
 * in src/core/settings/registry-change.ts). It is main's, not the page's: a script in the
 * renderer can ask for a change but cannot answer this. Cancel is the default button.
 */
export async function confirmRegistryChange(
  window: BrowserWindow | null,
  change: RegistryChange,
): Promise<boolean> {
  const options = { type: 'warning' as const, noLink: true, ...registryChangeDialog(change) }
  const { response } = window
    ? await dialog.showMessageBox(window, options)
    : await dialog.showMessageBox(options)
  return response === 0
}
