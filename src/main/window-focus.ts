/** The parts of a BrowserWindow that bringing it forward uses. */
export interface FocusableWindow {
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  show(): void
  focus(): void
}

/** Brings the one window forward, e.g. when Casefile is started a second time. */
export function focusWindow(window: FocusableWindow | null): void {
  if (!window || window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}
