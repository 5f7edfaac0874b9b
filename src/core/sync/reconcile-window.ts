import type { RegistryClock } from '../registry/registry'

/**
 * When, by the registry's clock, a report we sent may have been created: from just before its
 * first send to just after its last attempt ended (both with the clock's margin). A matching
 * report created after `until` is not ours: another folder (another laptop of the organization)
 * filed the same report since.
 */
export interface ReconcileWindow {
  since: number
  until: number
}

/**
 * When an operation's last attempt before this one ended, as the engine's claim saw it: in the
 * registry's time when its clock was known then (the time and the offset were then in step, even
 * if this computer's clock jumps before the registry next answers), and how long before the
 * claim in any case.
 */
export interface LastAttempt {
  registryAt: number | null
  ageMs: number
}

/** The last attempt of an operation about to be claimed, whose time is `headUpdatedAt`. */
export function lastAttemptOf(
  clock: RegistryClock,
  headUpdatedAt: number,
  now: number,
): LastAttempt {
  return {
    registryAt: clock.current() ? clock.toRegistry(headUpdatedAt) : null,
    ageMs: Math.max(0, now - headUpdatedAt),
  }
}

/**
 * The window of an operation, from its times (this computer's clock, as the outbox holds them
 * now): from its first send to the end of its last attempt, or to now for an answer just
 * received, with the clock's margin on both sides. Read once the registry has answered, so its
 * clock is known even on a first contact, from the outbox's times as they stand then (a clock
 * jump moves them with the offset: folder-clock.ts).
 */
export function reconcileWindow(
  clock: RegistryClock,
  op: { firstSentAt: number | null; updatedAt: number; lastAttempt?: LastAttempt },
  until: 'last_attempt' | 'now' = 'last_attempt',
): ReconcileWindow {
  const margin = clock.marginMs()
  const lastEnded = op.updatedAt - (op.lastAttempt?.ageMs ?? 0)
  const lastEndedAt = op.lastAttempt?.registryAt ?? clock.toRegistry(lastEnded)
  return {
    since: clock.toRegistry(op.firstSentAt ?? lastEnded) - margin,
    until: (until === 'now' ? clock.now() : lastEndedAt) + margin,
  }
}
