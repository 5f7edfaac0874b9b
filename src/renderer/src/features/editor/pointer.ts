let pointerDown = false
if (typeof document !== 'undefined') {
  const up = () => {
    pointerDown = false
  }
  document.addEventListener('pointerdown', () => (pointerDown = true), true)
  document.addEventListener('pointerup', up, true)
  document.addEventListener('pointercancel', up, true)
}

/**
 * Runs `fn` now, or, while a mouse button or finger is down, once it is released and its click
 * has landed. A field judged on blur may show an error that moves what is below it; done between
 * press and release, that would move a button out from under the pointer and swallow its click.
 */
export function afterPointerRelease(fn: () => void): void {
  if (!pointerDown) return fn()
  const run = () => {
    document.removeEventListener('pointerup', run, true)
    document.removeEventListener('pointercancel', run, true)
    setTimeout(fn, 0)
  }
  document.addEventListener('pointerup', run, true)
  document.addEventListener('pointercancel', run, true)
}
