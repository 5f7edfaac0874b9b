import { z } from 'zod'
import { SANDBOX_ROUTES, type SandboxRoute } from './route-names'

const MAX_DELAY_MS = 10 * 60 * 1000

/** Where a rule applies: one route (all when absent), and the next `count` matching requests (all when absent). */
const scope = {
  route: z
    .enum(SANDBOX_ROUTES, {
      error: (issue) =>
        `Route ${JSON.stringify(issue.input)} is not a sandbox route. Use one of: ${SANDBOX_ROUTES.join(', ')}.`,
    })
    .optional(),
  count: z
    .number()
    .int()
    .positive({ error: 'count must be a whole number of requests, 1 or more.' })
    .optional(),
}
const delayMs = z
  .number()
  .int()
  .min(0)
  .max(MAX_DELAY_MS, { error: `A delay is at most ${MAX_DELAY_MS} ms.` })

export const faultRuleSchema = z.discriminatedUnion(
  'kind',
  [
    /** Holds each matching request this long before handling it. */
    z.strictObject({ kind: z.literal('latency'), ms: delayMs, ...scope }),
    /** Answers 500 or 503 instead of handling, for a share `rate` (0..1) of matching requests. */
    z.strictObject({
      kind: z.literal('error'),
      status: z.union([z.literal(500), z.literal(503)]).default(500),
      rate: z.number().min(0).max(1).default(1),
      ...scope,
    }),
    /**
     * Answers 429 with Retry-After, as seconds or as an HTTP-date that many seconds ahead, for
     * a share `rate` (0..1) of matching requests; or, with `perSecond`, a registry's limit: it
     * lets through at most that many matching requests in any one second (a sliding window
     * over those it let through) and refuses the rest.
     */
    z.strictObject({
      kind: z.literal('rate_limit'),
      rate: z.number().min(0).max(1).default(1),
      perSecond: z
        .number()
        .int()
        .positive({ error: 'perSecond must be a whole number of requests a second, 1 or more.' })
        .max(100_000)
        .optional(),
      retryAfterSeconds: z.number().int().min(0).default(1),
      retryAfterForm: z.enum(['seconds', 'http-date']).default('seconds'),
      ...scope,
    }),
    /**
     * Holds the request `ms`, longer than the client waits, then either drops the connection
     * without handling it (`drop`, nothing written) or handles it and answers (`answer`: the
     * write happens although the client has likely given up).
     */
    z.strictObject({
      kind: z.literal('stall'),
      ms: delayMs,
      then: z.enum(['drop', 'answer']).default('drop'),
      ...scope,
    }),
    /** Handles the request (a create/update/unlist/bulk is committed), then destroys the socket unanswered. */
    z.strictObject({ kind: z.literal('commit_then_drop'), ...scope }),
    /**
     * Handles the request (the write is committed), then answers 200 with `success: false`, as
     * a registry whose write succeeded and whose answer failed would.
     */
    z.strictObject({
      kind: z.literal('fail_after_commit'),
      message: z.string().min(1).max(500).default('The report could not be saved.'),
      ...scope,
    }),
    /**
     * Files the create, then answers with another report of the caller's organization:
     * `reportId`, else its newest other report. An id that no report of the organization has is
     * answered with the new report's fields under that id.
     */
    z.strictObject({
      kind: z.literal('wrong_report'),
      reportId: z.string().min(1).max(200).optional(),
      ...scope,
    }),
    /** The submissions list comes oldest first instead of newest first. */
    z.strictObject({ kind: z.literal('oldest_first'), ...scope }),
    /**
     * Each submissions request sees the list moved `by` items further than the request before
     * it (items move toward the front, as under a busy registry whose list order is not stable):
     * a client paging forward skips `by` items at each page boundary (negative: sees some twice).
     */
    z.strictObject({
      kind: z.literal('shift_pages'),
      by: z.number().int().min(-1000).max(1000),
      ...scope,
    }),
    /**
     * The submissions list answers at most `max` reports a page, whatever `limit` asked for,
     * and says so in its meta (the real registry documents no maximum; its default is 10).
     */
    z.strictObject({
      kind: z.literal('page_limit'),
      max: z.number().int().min(1).max(100),
      ...scope,
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'Each fault rule needs a kind: latency, error, rate_limit, stall, commit_then_drop, fail_after_commit, wrong_report, oldest_first, shift_pages or page_limit.'
        : undefined,
  },
)

export const faultConfigSchema = z.strictObject({
  rules: z.array(faultRuleSchema).max(100, { error: 'At most 100 fault rules at once.' }),
})

export type FaultRuleInput = z.input<typeof faultRuleSchema>
export type FaultRule = z.output<typeof faultRuleSchema>
export type FaultKind = FaultRule['kind']

/** What the injector decided for one request, in the order the sandbox applies it. */
export interface FaultPlan {
  delayMs: number
  stall?: { ms: number; then: 'drop' | 'answer' }
  rateLimit?: { retryAfter: string; seconds: number }
  error?: 500 | 503
  commitThenDrop: boolean
  /** Answer a write that was committed with `success: false` and this message. */
  failAfterCommit?: string
  /** Answer a create with another report (`reportId`, or the organization's newest other one). */
  wrongReport?: { reportId?: string }
  /**
   * How the submissions list is ordered, how far it has moved (see shift_pages) and the most
   * reports a page holds (see page_limit).
   */
  list: { oldestFirst: boolean; shift: number; maxLimit?: number }
}

export interface FaultCounters {
  /** Requests received per route, faulted or not (admin routes and unknown routes excluded). */
  requests: Record<SandboxRoute, number>
  /** How many times each kind of fault was applied. */
  injected: Record<FaultKind, number>
}

function zeroCounters(): FaultCounters {
  return {
    requests: Object.fromEntries(SANDBOX_ROUTES.map((route) => [route, 0])) as Record<
      SandboxRoute,
      number
    >,
    injected: {
      latency: 0,
      error: 0,
      rate_limit: 0,
      stall: 0,
      commit_then_drop: 0,
      fail_after_commit: 0,
      wrong_report: 0,
      oldest_first: 0,
      shift_pages: 0,
      page_limit: 0,
    },
  }
}

/** Reads `{rules: [...]}` (or a bare list of rules); throws a ZodError naming the bad field. */
export function parseFaultRules(input: unknown): FaultRule[] {
  const body = Array.isArray(input) ? { rules: input } : input
  return faultConfigSchema.parse(body).rules
}

/**
 * The sandbox's fault state: the active rules and the counters. One per sandbox; the
 * admin route and startSandbox's setFaults/clearFaults both go through it.
 */
export class FaultInjector {
  private rules: {
    rule: FaultRule
    remaining: number | undefined
    applied: number
    /** When the requests a `perSecond` limit let through came (the last second's). */
    passed: number[]
  }[] = []
  private counters = zeroCounters()

  constructor(
    rules: readonly FaultRule[] = [],
    private readonly random: () => number = Math.random,
    /** The sandbox's clock (epoch ms): a Retry-After date is in the registry's time. */
    private readonly now: () => number = Date.now,
  ) {
    this.setRules(rules)
  }

  setRules(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule, remaining: rule.count, applied: 0, passed: [] }))
  }

  /** Drops every rule and zeroes the counters. */
  reset(): void {
    this.rules = []
    this.counters = zeroCounters()
  }

  /** The active rules, each with how many requests it still applies to (count). */
  snapshot(): { rules: FaultRule[]; counters: FaultCounters } {
    return {
      rules: this.rules.map(({ rule, remaining }) =>
        remaining === undefined ? rule : { ...rule, count: remaining },
      ),
      counters: structuredClone(this.counters),
    }
  }

  /**
   * Counts the request and decides its faults. A rule with a count is used up by each
   * request it matches, whether or not its rate made it fire, and removed at zero.
   */
  plan(route: SandboxRoute): FaultPlan {
    this.counters.requests[route] += 1
    const plan: FaultPlan = {
      delayMs: 0,
      commitThenDrop: false,
      list: { oldestFirst: false, shift: 0 },
    }
    const matching = this.rules.filter(
      ({ rule }) => rule.route === undefined || rule.route === route,
    )
    for (const entry of matching) {
      if (entry.remaining !== undefined) entry.remaining -= 1
      this.apply(entry.rule, plan, entry.applied++, entry.passed)
    }
    this.rules = this.rules.filter(({ remaining }) => remaining === undefined || remaining > 0)
    return plan
  }

  private apply(rule: FaultRule, plan: FaultPlan, earlier: number, passed: number[]): void {
    switch (rule.kind) {
      case 'latency':
        plan.delayMs += rule.ms
        break
      case 'stall':
        plan.stall ??= { ms: rule.ms, then: rule.then }
        break
      case 'rate_limit':
        if (plan.rateLimit !== undefined) break
        if (rule.perSecond !== undefined) {
          if (this.withinLimit(rule.perSecond, passed)) break
        } else if (rule.rate < 1 && this.random() >= rule.rate) break
        plan.rateLimit = {
          seconds: rule.retryAfterSeconds,
          retryAfter:
            rule.retryAfterForm === 'seconds'
              ? String(rule.retryAfterSeconds)
              : new Date(this.now() + rule.retryAfterSeconds * 1000).toUTCString(),
        }
        break
      case 'error':
        if (plan.error === undefined && this.random() < rule.rate) plan.error = rule.status
        break
      case 'commit_then_drop':
        plan.commitThenDrop = true
        break
      case 'fail_after_commit':
        plan.failAfterCommit ??= rule.message
        break
      case 'wrong_report':
        plan.wrongReport ??= { reportId: rule.reportId }
        break
      case 'oldest_first':
        plan.list.oldestFirst = true
        break
      case 'shift_pages':
        plan.list.shift += rule.by * earlier
        break
      case 'page_limit':
        plan.list.maxLimit = Math.min(plan.list.maxLimit ?? rule.max, rule.max)
        break
    }
  }

  /** Whether a `perSecond` limit lets one more request through now (it is then counted). */
  private withinLimit(perSecond: number, passed: number[]): boolean {
    const now = Date.now()
    while (passed.length > 0 && (passed[0] ?? 0) <= now - 1000) passed.shift()
    if (passed.length >= perSecond) return false
    passed.push(now)
    return true
  }

  /** Records a fault that was applied (the plan may be cut short by an earlier one). */
  count(kind: FaultKind): void {
    this.counters.injected[kind] += 1
  }
}
