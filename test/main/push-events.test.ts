import { describe, expect, it, vi } from 'vitest'
import { createEventPusher, type EventTarget } from '../../src/main/ipc/push-events'
import type { EventPayload } from '../../src/shared/contracts'
import { EVENT_CHANNELS } from '../../src/shared/contracts/channels'

function target(destroyed = false) {
  const send = vi.fn<EventTarget['send']>()
  return { send, isDestroyed: () => destroyed } satisfies EventTarget
}

describe('createEventPusher', () => {
  it('sends each event on its channel to every live window', () => {
    const live = target()
    const gone = target(true)
    const push = createEventPusher(() => [live, gone])
    push('onlineChanged', { online: false })
    push('syncFinished', { sent: 1, needsAttention: 2 })
    expect(live.send.mock.calls).toEqual([
      [EVENT_CHANNELS.onlineChanged, { online: false }],
      [EVENT_CHANNELS.syncFinished, { sent: 1, needsAttention: 2 }],
    ])
    expect(gone.send).not.toHaveBeenCalled()
  })

  it('drops and reports a payload that breaks the contract, so no key can slip out in one', () => {
    const window = target()
    const onRefused = vi.fn()
    const push = createEventPusher(() => [window], onRefused)
    const leaky = {
      profileId: 'registry',
      set: true,
      last4: 'WXYZ',
      storage: 'keychain',
      reason: null,
      key: 'sbx_the_whole_key',
    } as unknown as EventPayload<'keyStateChanged'>
    push('keyStateChanged', leaky)
    expect(window.send).not.toHaveBeenCalled()
    expect(onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/Did not send keyStateChanged/) }),
    )
    expect(onRefused.mock.calls[0]?.[0].message).not.toContain('sbx_the_whole_key')
  })
})
