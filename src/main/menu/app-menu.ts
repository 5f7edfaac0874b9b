import type { MenuItemConstructorOptions } from 'electron'

export interface AppMenuOptions {
  platform: NodeJS.Platform
  appName: string
  /** Reload and the developer tools: in development only, never in a packaged app. */
  developerItems: boolean
}

const separator: MenuItemConstructorOptions = { type: 'separator' }

/** The application menu as data (Menu.buildFromTemplate builds it): the usual roles per platform. */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (mac)
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit' },
      ],
    })
  template.push(
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        separator,
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...(options.developerItems
          ? [
              { role: 'reload' } as const,
              { role: 'forceReload' } as const,
              { role: 'toggleDevTools' } as const,
              separator,
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
  )
  if (!mac) template.push({ role: 'help', submenu: [{ role: 'about' }] })
  return template
}
