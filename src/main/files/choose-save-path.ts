import { dialog, type BrowserWindow } from 'electron'

/**
 * Main's own save dialog for a spreadsheet Casefile writes (the rows to fix of an import): the
 * path comes from the person's choice here, never from the window. Null when it is closed.
 */
export async function chooseSavePath(
  window: BrowserWindow | null,
  suggestedName: string,
): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    title: 'Save the rows to fix',
    buttonLabel: 'Save',
    defaultPath: suggestedName,
    filters: [
      { name: 'Excel workbook', extensions: ['xlsx'] },
      { name: 'CSV', extensions: ['csv'] },
    ],
  }
  const chosen = window
    ? await dialog.showSaveDialog(window, options)
    : await dialog.showSaveDialog(options)
  return chosen.canceled || !chosen.filePath ? null : chosen.filePath
}
