import { z } from 'zod'
import { LOG_INVOKE_CHANNELS as C } from './log-channels'

/* The exchange log over IPC: each call to the registry, its outcome and how long it took. */

export const logContract = {
  exchangeLog: {
    channel: C.exchangeLog,
    input: z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }).optional(),
    output: z.array(
      z.looseObject({
        id: z.number(),
        at: z.string(),
        endpoint: z.string(),
        outcome: z.string(),
        durationMs: z.number(),
      }),
    ),
  },
} as const
