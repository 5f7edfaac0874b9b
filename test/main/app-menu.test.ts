import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { appMenuTemplate } from '../../src/main/menu/app-menu'

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ])
}
const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label ?? i.role)

describe('the application menu', () => {
  it('on macOS leads with the app menu and keeps the usual roles', () => {
    const menu = appMenuTemplate({ platform: 'darwin', appName: 'Casefile', developerItems: false })
    expect(labels(menu)).toEqual(['Casefile', 'File', 'Edit', 'View', 'Window'])
    expect(roles(menu)).toEqual(
      expect.arrayContaining([
        'about',
        'hide',
        'hideOthers',
        'unhide',
        'quit',
        'close',
        'copy',
        'paste',
        'pasteAndMatchStyle',
        'selectAll',
        'undo',
        'redo',
        'front',
        'zoom',
        'togglefullscreen',
      ]),
    )
  })

  it('on Windows and Linux quits from File and has Help with About', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = appMenuTemplate({ platform, appName: 'Casefile', developerItems: false })
      expect(labels(menu)).toEqual(['File', 'Edit', 'View', 'Window', 'help'])
      expect(roles(menu[0]?.submenu as MenuItemConstructorOptions[])).toEqual(['quit'])
      expect(roles(menu)).toContain('about')
      expect(roles(menu)).not.toContain('pasteAndMatchStyle')
    }
  })

  it('offers reload and the developer tools only in development', () => {
    const packaged = roles(
      appMenuTemplate({ platform: 'linux', appName: 'Casefile', developerItems: false }),
    )
    const dev = roles(
      appMenuTemplate({ platform: 'linux', appName: 'Casefile', developerItems: true }),
    )
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
      expect(packaged).not.toContain(role)
      expect(dev).toContain(role)
    }
  })
})
