/**
 * Moves focus to the element with this id as soon as it is on the page (after a screen change
 * renders it), trying for about half a second: a link that takes the person somewhere leaves
 * the keyboard there, not on the link it came from.
 */
export function focusWhenShown(id: string, frames = 30): void {
  const element = document.getElementById(id)
  if (element) {
    element.focus()
    return
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenShown(id, frames - 1))
}

/** The editor's notice: where another screen that opens a report in the editor leaves the keyboard. */
export const EDITOR_NOTICE_ID = 'editor-notice'
