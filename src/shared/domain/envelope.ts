import { z } from 'zod'

/** The response envelope every JSON answer uses (registry-api.md 2.1). Extra fields are kept, not refused. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.looseObject({
    success: z.literal(true),
    message: z.string().optional().default(''),
    data,
  })
}

export const failureEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  message: z.string().optional().default(''),
  data: z.unknown().optional(),
})

export const anyEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
})

export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>
