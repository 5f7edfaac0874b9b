import { describe, expect, it, vi } from 'vitest'
import { stopBeforeQuit } from '../../src/main/lifecycle/quit-guard'
import { focusWindow, type FocusableWindow } from '../../src/main/window-focus'

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
const quitEvent = () => ({ preventDefault: vi.fn() })

describe('stopBeforeQuit', () => {
  it('holds the quit until the core has stopped, then quits once', async () => {
    const stopping = deferred()
    const stop = vi.fn(() => stopping.promise)
    const quit = vi.fn()
    const onBeforeQuit = stopBeforeQuit(stop, quit)

    const first = quitEvent()
    onBeforeQuit(first)
    expect(first.preventDefault).toHaveBeenCalled()
    const second = quitEvent()
    onBeforeQuit(second)
    expect(second.preventDefault).toHaveBeenCalled()
    expect(stop).toHaveBeenCalledOnce()
    expect(quit).not.toHaveBeenCalled()

    stopping.resolve()
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce())
    // The quit that follows goes through.
    const last = quitEvent()
    onBeforeQuit(last)
    expect(last.preventDefault).not.toHaveBeenCalled()
    expect(stop).toHaveBeenCalledOnce()
  })

  it('still quits when stopping fails, and reports why', async () => {
    const quit = vi.fn()
    const onError = vi.fn()
    stopBeforeQuit(() => Promise.reject(new Error('disk gone')), quit, onError)(quitEvent())
    await vi.waitFor(() => expect(quit).toHaveBeenCalledOnce())
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk gone' }))
  })
})

describe('focusWindow', () => {
  const window = (
    minimized: boolean,
    destroyed = false,
  ): FocusableWindow & Record<string, unknown> => ({
    isDestroyed: () => destroyed,
    isMinimized: () => minimized,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
  })

  it('restores a minimized window and brings it forward', () => {
    const w = window(true)
    focusWindow(w)
    expect(w.restore).toHaveBeenCalled()
    expect(w.focus).toHaveBeenCalled()
  })

  it('does nothing without a live window', () => {
    const w = window(false, true)
    focusWindow(w)
    focusWindow(null)
    expect(w.focus).not.toHaveBeenCalled()
  })
})
