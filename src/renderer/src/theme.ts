/** The window's theme: the system's setting (the default), or one chosen in Settings. */
export type ThemeChoice = 'system' | 'light' | 'dark'

export const THEME_CHOICES: readonly { id: ThemeChoice; label: string }[] = [
  { id: 'system', label: 'Same as the system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
]

const KEY = 'casefile.theme'

export function readTheme(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

/** Applies a choice (the CSS follows `prefers-color-scheme` unless data-theme says otherwise) and keeps it. */
export function applyTheme(choice: ThemeChoice, remember = false): void {
  const root = document.documentElement
  if (choice === 'system') delete root.dataset.theme
  else root.dataset.theme = choice
  if (!remember) return
  try {
    if (choice === 'system') window.localStorage.removeItem(KEY)
    else window.localStorage.setItem(KEY, choice)
  } catch {
    // Storage refused (a locked-down profile): the choice lasts this session.
  }
}
