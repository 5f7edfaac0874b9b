import { dialog, type BrowserWindow } from 'electron'

/**
 * Main's own open dialog for the organization's CA file (the root certificate IT exported, PEM
 * or DER): the path comes from the person's choice here, never from the window. Null when the
 * dialog is closed.
 */
export async function chooseCaFile(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Choose your organization’s root certificate',
    buttonLabel: 'Use this certificate',
    properties: ['openFile'],
    filters: [
      { name: 'Certificates', extensions: ['pem', 'crt', 'cer', 'der'] },
      { name: 'All files', extensions: ['*'] },
    ],
  }
  const chosen = window
    ? await dialog.showOpenDialog(window, options)
    : await dialog.showOpenDialog(options)
  return chosen.canceled ? null : (chosen.filePaths[0] ?? null)
}
