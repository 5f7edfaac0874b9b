/**
 * The handler for Electron's before-quit: the first quit is held back until the core has
 * stopped (so an in-flight send is finished or recorded, and the store is closed), then the
 * app quits for real. Quits asked for meanwhile are held too; a failing stop still quits.
 */
export function stopBeforeQuit(
  stop: () => Promise<void>,
  quit: () => void,
  onError: (error: unknown) => void = () => undefined,
): (event: { preventDefault(): void }) => void {
  let state: 'running' | 'stopping' | 'stopped' = 'running'
  return (event) => {
    if (state === 'stopped') return
    event.preventDefault()
    if (state === 'stopping') return
    state = 'stopping'
    void stop()
      .catch(onError)
      .finally(() => {
        state = 'stopped'
        quit()
      })
  }
}
