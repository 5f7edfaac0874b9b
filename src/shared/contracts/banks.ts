import { z } from 'zod'
import { bankSchema } from '../domain/responses'
import { BANKS_INVOKE_CHANNELS as C } from './banks-channels'

/* The registry's list of banks over IPC: as saved on this computer, and refreshed. */

export const banksContract = {
  banksList: {
    channel: C.banksList,
    input: z.undefined(),
    output: z.strictObject({ banks: z.array(bankSchema), refreshedAt: z.string().nullable() }),
  },
  banksRefresh: {
    channel: C.banksRefresh,
    input: z.undefined(),
    output: z.strictObject({ banks: z.array(bankSchema), refreshedAt: z.string().nullable() }),
  },
} as const
