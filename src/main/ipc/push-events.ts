import { eventContract, type EventPayload } from '../../shared/contracts'
import type { EventName } from '../../shared/contracts/channels'
import { describeIssues } from '../../shared/validation-messages'

/** The part of Electron's WebContents that pushing an event uses. */
export interface EventTarget {
  send(channel: string, payload: unknown): void
  isDestroyed(): boolean
}

export type PushEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/**
 * Pushes events to the app's window(s) on their EVENT_CHANNELS names. Each payload is checked
 * against its schema first: what the renderer receives is exactly what the contract says, and a
 * payload that does not fit is reported and dropped rather than sent.
 */
export function createEventPusher(
  targets: () => readonly EventTarget[],
  onRefused: (error: Error) => void = () => undefined,
): PushEvent {
  return (event, payload) => {
    const spec = eventContract[event]
    const parsed = spec.payload.safeParse(payload)
    if (!parsed.success) {
      onRefused(new Error(`Did not send ${event}: ${describeIssues(parsed.error)}`))
      return
    }
    for (const target of targets())
      if (!target.isDestroyed()) target.send(spec.channel, parsed.data)
  }
}
