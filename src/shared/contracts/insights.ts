import { z } from 'zod'
import { INSIGHTS_INVOKE_CHANNELS as C } from './insights-channels'

/*
 * Insights over IPC: small aggregates of the submissions saved on this computer and of the
 * outbox, counted by the core in SQL. Nothing here is a report or an identifier: a bank by its
 * name from the saved bank list, a month, a day, a count.
 */

const count = z.number().int().min(0)
/** 2026-03 */
const month = z.string().regex(/^\d{4}-\d{2}$/)
/** 2026-03-14 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** How many months back the by-month picture goes; older reports are counted together. */
export const INSIGHTS_MONTHS = 24
/** How many days back the outbox's picture goes, today included. */
export const INSIGHTS_DAYS = 30
/** How many banks the by-bank picture names; the rest are counted together. */
export const INSIGHTS_BANKS = 12

export const insightsSummaryInputSchema = z
  .strictObject({
    /**
     * Minutes east of UTC of the person's clock (West Africa Time: 60), so a month and a day
     * are theirs, not UTC's. The core's own when left out.
     */
    utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  })
  .optional()

export const insightsSummarySchema = z.strictObject({
  /** When the saved submissions were last refreshed from the registry (ISO); null if never. */
  asOf: z.string().nullable(),
  /**
   * When a report was last sent from this computer (ISO; null if never): what the outbox sends
   * is in the saved copy at once, refreshed or not, so it counts from then.
   */
  sentAt: z.string().nullable(),
  /** When these figures were counted (ISO). */
  countedAt: z.string(),
  utcOffsetMinutes: z.number().int(),
  /** The organization's own reports saved on this computer. */
  reports: count,
  listing: z.strictObject({
    listed: count,
    unlisted: count,
    /** A status the registry has not told us of, or none. */
    other: count,
  }),
  /** Most first; the registry's word for a type new to us, null for none given. */
  byFraudType: z.array(z.strictObject({ fraudType: z.string().nullable(), reports: count })),
  byMonth: z.strictObject({
    /** Every month from the first to the last shown, empty months included, oldest first. */
    months: z.array(z.strictObject({ month, reports: count })),
    /** Filed before the first month shown. */
    earlier: count,
    /** Dated after this month (a clock ahead, or a date written wrong). */
    later: count,
    /** Without a readable date. */
    undated: count,
  }),
  byBank: z.strictObject({
    /** Reports that name at least one bank account. */
    withAccounts: count,
    /** Banks named in the saved bank list, most reports first (a report counts once a bank). */
    banks: z.array(z.strictObject({ name: z.string(), reports: count })),
    /** The rest of the listed banks, counted together. */
    otherBanks: z.strictObject({ banks: count, reports: count }),
    /** Reports with an account at a bank the saved bank list does not name. */
    notInBankList: count,
    /** Reports with an account written without its bank. */
    noBank: count,
    /** Whether the bank list has been saved on this computer at all. */
    bankListSaved: z.boolean(),
  }),
  outbox: z.strictObject({
    /**
     * One entry a day, oldest first, today last: sent and discarded on the day they finished,
     * waiting and needing attention on the day they were queued.
     */
    days: z.array(
      z.strictObject({
        day,
        sent: count,
        waiting: count,
        needsAttention: count,
        discarded: count,
      }),
    ),
    /** Still open, queued before the first day shown. */
    olderOpen: z.strictObject({ waiting: count, needsAttention: count }),
  }),
})
export type InsightsSummary = z.infer<typeof insightsSummarySchema>

export const insightsContract = {
  /** The organization's reports saved on this computer, and the outbox's last days, counted. */
  insightsSummary: {
    channel: C.insightsSummary,
    input: insightsSummaryInputSchema,
    output: insightsSummarySchema,
  },
} as const
