import { dialog, type BrowserWindow } from 'electron'

/** What is saved: the rows to fix of an import, a copy of an attachment, a case file, a screening's hits. */
export type SaveWhat =
  'rows-to-fix' | 'attachment' | 'case-file' | 'case' | 'screening-hits' | 'screening-record'

/**
 * Main's own save dialog for a file Casefile writes (the rows to fix of an import, a copy of an attachment): the
 * path comes from the person's choice here, never from the window. Null when it is closed.
 */
export async function chooseSavePath(
  window: BrowserWindow | null,
  suggestedName: string,
  what: SaveWhat = 'rows-to-fix',
): Promise<string | null> {
  const extension = /\.([a-z0-9]+)$/i.exec(suggestedName)?.[1]
  const options: Electron.SaveDialogOptions =
    what === 'case-file' || what === 'case'
      ? {
          title: what === 'case' ? 'Export the case' : 'Export case file',
          buttonLabel: 'Export',
          defaultPath: suggestedName,
          filters: [{ name: 'Case file (zip)', extensions: ['zip'] }],
        }
      : what === 'attachment'
        ? {
            title: 'Save a copy of the attachment',
            buttonLabel: 'Save',
            defaultPath: suggestedName,
            filters: extension
              ? [{ name: `${extension.toUpperCase()} file`, extensions: [extension] }]
              : [],
          }
        : {
            title:
              what === 'screening-hits'
                ? 'Save the hits'
                : what === 'screening-record'
                  ? 'Save the screening record'
                  : 'Save the rows to fix',
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
