import { z } from 'zod'
import { fraudTypeSchema } from './fraud-types'
import {
  createIdentifierInputSchema,
  normalizeIdentifierValue,
  type IdentifierCheckOptions,
} from './identifiers'

export const FRAUD_REASON_MIN = 50
export const FRAUD_REASON_MAX = 2000
export const MAX_ATTACHMENTS = 3
export const MAX_IDENTIFIERS = 20

/**
 * Characters as a person counts them (code points, so an emoji is one), after trimming: what
 * `[...text].length` gives (a lone surrogate counts as one), without building an array of every
 * character (a string per character was a tenth of a 50,000-row import's checking).
 */
export function reasonLength(reason: string): number {
  const text = reason.trim()
  let count = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0xd800 || unit > 0xdbff) continue
    const next = text.charCodeAt(i + 1)
    if (next >= 0xdc00 && next <= 0xdfff) {
      count--
      i++
    }
  }
  return count
}

export const fraudReasonSchema = z
  .string({ error: 'The reason must be text.' })
  .superRefine((reason, ctx) => {
    const length = reasonLength(reason)
    if (length < FRAUD_REASON_MIN)
      ctx.addIssue({
        code: 'custom',
        message: `The reason has ${length} characters; it needs at least ${FRAUD_REASON_MIN}. Describe what happened, when, and how the identifiers are involved.`,
      })
    else if (length > FRAUD_REASON_MAX)
      ctx.addIssue({
        code: 'custom',
        message: `The reason has ${length} characters; the registry takes at most ${FRAUD_REASON_MAX}. Shorten it by ${length - FRAUD_REASON_MAX}.`,
      })
  })

export const attachmentUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'An attachment must be the http(s) link the upload endpoint returned.',
})

export function createReportInputSchema(options: IdentifierCheckOptions = {}) {
  return z.strictObject({
    fraudType: fraudTypeSchema,
    fraudReason: fraudReasonSchema,
    identifiers: z
      .array(createIdentifierInputSchema(options), { error: 'Identifiers must be a list.' })
      .min(1, {
        error: 'Add at least one identifier (an account, BVN, phone…) so the report can be found.',
      })
      .max(MAX_IDENTIFIERS, { error: `A report takes at most ${MAX_IDENTIFIERS} identifiers.` })
      .superRefine((identifiers, ctx) => {
        // One person written two ways (08031234567 and +2348031234567) is one identifier.
        const seen = new Map<string, string>()
        identifiers.forEach((identifier, index) => {
          const key = `${identifier.label}\u0000${normalizeIdentifierValue(identifier.label, identifier.value)}`
          const first = seen.get(key)
          if (first !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: [index],
              message:
                first === identifier.value
                  ? `Identifier ${identifier.label} ${identifier.value} is listed twice: remove one.`
                  : `Identifier ${identifier.label} ${identifier.value} is ${first}, listed already: remove one.`,
            })
          else seen.set(key, identifier.value)
        })
      }),
    attachments: z
      .array(attachmentUrlSchema, { error: 'Attachments must be a list of links.' })
      .max(MAX_ATTACHMENTS, {
        error: `A report takes at most ${MAX_ATTACHMENTS} attachments: remove one.`,
      })
      .default([]),
    showUploaderInfo: z
      .boolean({ error: 'showUploaderInfo must be true or false.' })
      .default(false),
  })
}

/** A create or update body as the registry takes it (registry-api.md 2.2 with registry-notes.md). */
export const reportInputSchema = createReportInputSchema()
export type ReportInput = z.output<typeof reportInputSchema>
export type ReportInputDraft = z.input<typeof reportInputSchema>
