import { dialog, type BrowserWindow } from 'electron'

/**
 * Main's own open dialog for a folder key export (casefile key export writes one): the path
 * comes from the person's choice here, never from the window. Null when the dialog is closed.
 */
export async function chooseKeyFile(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Choose the data folder’s key file',
    buttonLabel: 'Import key',
    properties: ['openFile'],
    filters: [
      { name: 'Casefile key files', extensions: ['json', 'key', 'casefile-key'] },
      { name: 'All files', extensions: ['*'] },
    ],
  }
  const chosen = window
    ? await dialog.showOpenDialog(window, options)
    : await dialog.showOpenDialog(options)
  return chosen.canceled ? null : (chosen.filePaths[0] ?? null)
}
