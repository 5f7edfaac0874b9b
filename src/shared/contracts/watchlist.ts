import { z } from 'zod'
import { identifierTypeSchema } from '../domain/identifiers'
import { MAX_WATCH_PERIOD_MS, MIN_WATCH_PERIOD_MS } from '../domain/watch-period'
import { WATCHLIST_EVENT_CHANNELS, WATCHLIST_INVOKE_CHANNELS as C } from './watchlist-channels'

/*
 * The watchlist over IPC: identifiers searched again on a schedule by the core, each change of
 * what the registry holds on them raised as an alert that moves new → seen → dismissed or
 * escalated, every move kept in an append-only log.
 */

const id = z.number().int().positive()
const count = z.number().int().nonnegative()
const iso = z.string()

export const watchItemSchema = z.strictObject({
  id,
  type: z.string(),
  value: z.string(),
  note: z.string().nullable(),
  /** Who looks after it (a person's name). */
  owner: z.string().nullable(),
  periodMs: z.number().int().positive(),
  lastCheckedAt: iso.nullable(),
  nextCheckAt: iso,
})

/**
 * What an alert says happened. The first four are as they always were; `identifier_removed`
 * (the watched identifier taken off a report that stays listed) and `identifier_added` (put
 * back) came later (issue 36): a reader of `--json` that knows only the first four sees new words.
 */
export const WATCH_ALERT_KINDS = [
  'new_report',
  'unlisted',
  'relisted',
  'updated',
  'identifier_removed',
  'identifier_added',
] as const
export const WATCH_ALERT_STATES = ['new', 'seen', 'dismissed', 'escalated'] as const

/** A report as one check saw it: what an alert compares. */
export const watchSeenReportSchema = z.strictObject({
  listed: z.boolean(),
  fraudType: z.string().nullable(),
  fraudReason: z.string().nullable(),
  /** false: the report stays listed without the watched identifier; absent: it carries it. */
  carried: z.boolean().optional(),
})

export const watchAlertSchema = z.strictObject({
  id,
  itemId: id,
  kind: z.enum(WATCH_ALERT_KINDS),
  state: z.enum(WATCH_ALERT_STATES),
  reportId: z.string(),
  type: z.string(),
  value: z.string(),
  createdAt: iso,
  // Added after the fields above (which stay stable): what changed, and why the state is what
  // it is. before is null for a new report; either is null when the alert kept no detail.
  /** The report as the check before this one kept it. */
  before: watchSeenReportSchema.nullable().optional(),
  /** The report as the check that raised the alert found it. */
  after: watchSeenReportSchema.nullable().optional(),
  /** The reason written with the alert's latest state (a dismissal's, an escalation's), if any. */
  stateReason: z.string().nullable().optional(),
  /** A new report found by the item's first check, filed after the item was added. */
  beforeFirstCheck: z.boolean().optional(),
})

const period = z.number().int().min(MIN_WATCH_PERIOD_MS).max(MAX_WATCH_PERIOD_MS).optional()
const text = z.string().max(500).optional()

/*
 * The watchlist's hourly budget: how many checks an hour it may make (a check is one search, a
 * phone's one per spelling). The watcher
 * paces its checks an hour / budget apart, so 1 is one check an hour (24 identifiers a day) and
 * 3,600 one a second, the closest the pace comes and already more than one data folder should
 * take from a registry shared with the outbox and the investigators' own searches. The default,
 * 120 (one every 30 s), is enough for 2,880 identifiers a day.
 */
export const HOURLY_BUDGET = { min: 1, max: 3600, default: 120 } as const

/** What is wrong with a budget, in words (null when it is good). */
export function hourlyBudgetProblem(budget: number): string | null {
  if (Number.isInteger(budget) && budget >= HOURLY_BUDGET.min && budget <= HOURLY_BUDGET.max)
    return null
  return `Checks per hour is a whole number from ${HOURLY_BUDGET.min} to ${HOURLY_BUDGET.max.toLocaleString('en')} (the default is ${HOURLY_BUDGET.default}).`
}

export const watchSettingsSchema = z.strictObject({
  /** Checks an hour at most (HOURLY_BUDGET). */
  hourlyBudget: z.number().int().min(HOURLY_BUDGET.min).max(HOURLY_BUDGET.max),
  /** Whether the identifiers of the organization's own sent reports are watched by default. */
  ownReports: z.boolean(),
})

export const watchAddSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('identifier'),
    type: identifierTypeSchema,
    value: z.string().min(1).max(500),
  }),
  /** Every identifier of a report (its local or registry id). */
  z.strictObject({ kind: z.literal('report'), reportId: z.string().min(1).max(100) }),
  /** The identifiers of a screening job that hit a report, or (`all`) every one it read. */
  z.strictObject({ kind: z.literal('screening'), job: id, all: z.boolean().optional() }),
])

export const watchlistContract = {
  watchList: { channel: C.watchList, input: z.undefined(), output: z.array(watchItemSchema) },
  watchAdd: {
    channel: C.watchAdd,
    input: z.strictObject({
      source: watchAddSourceSchema,
      note: text,
      owner: text,
      periodMs: period,
    }),
    output: z.strictObject({
      added: z.array(watchItemSchema),
      existing: z.array(watchItemSchema),
    }),
  },
  /** Changes an item's note, owner or period ('' clears a note or an owner). */
  watchEdit: {
    channel: C.watchEdit,
    input: z.strictObject({ id, note: text, owner: text, periodMs: period }),
    output: watchItemSchema,
  },
  /**
   * Check now: one item searched at once, due or not (never inside the registry's pause: then
   * it is made due and checked when the pause ends); without `id`, every item made due now for
   * the watcher, which checks them at the settings' pace within the pauses.
   */
  watchCheckNow: {
    channel: C.watchCheckNow,
    input: z.strictObject({ id: id.optional() }),
    output: z.strictObject({
      /** Items searched by this call (0 or 1). */
      checked: count,
      /** Alerts those searches raised. */
      alerts: count,
      /** Items left to the watcher, due now: every item (all), or the one a pause held back. */
      due: count,
      /** One check every this many seconds: the pace the watcher keeps. */
      paceSeconds: count,
      /** The registry's pause (Retry-After), when one holds (ISO). */
      quietUntil: z.string().nullable(),
      /** Why the one item could not be checked, in words. */
      problem: z.string().nullable(),
    }),
  },
  watchRemove: {
    channel: C.watchRemove,
    input: z.strictObject({ id }),
    output: z.strictObject({ removed: z.boolean() }),
  },
  watchAlerts: {
    channel: C.watchAlerts,
    input: z.strictObject({ all: z.boolean().optional() }),
    output: z.array(watchAlertSchema),
  },
  watchSetAlertState: {
    channel: C.watchSetAlertState,
    input: z.strictObject({
      alert: id,
      state: z.enum(WATCH_ALERT_STATES).exclude(['new']),
      reason: z.string().max(1000).optional(),
    }),
    output: watchAlertSchema,
  },
  watchSettings: {
    channel: C.watchSettings,
    input: z.undefined(),
    output: watchSettingsSchema,
  },
  /** Changes what is given; turning own reports on adds those already sent (`added`: items). */
  watchSetSettings: {
    channel: C.watchSetSettings,
    input: watchSettingsSchema.partial(),
    output: z.strictObject({ settings: watchSettingsSchema, added: z.number().int().min(0) }),
  },
} as const

/** Alerts the app's watcher just raised: what a notification says of them. */
export const watchAlertsRaisedSchema = z.strictObject({
  alerts: z.array(
    z.strictObject({
      kind: z.enum(WATCH_ALERT_KINDS),
      type: z.string(),
      /** The identifier as a person reads it (an account with its bank's name). */
      value: z.string(),
    }),
  ),
})
export type WatchAlertsRaised = z.infer<typeof watchAlertsRaisedSchema>

export const watchlistEventContract = {
  watchAlertsRaised: {
    channel: WATCHLIST_EVENT_CHANNELS.watchAlertsRaised,
    payload: watchAlertsRaisedSchema,
  },
} as const
