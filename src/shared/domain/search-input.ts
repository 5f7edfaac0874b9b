import { z } from 'zod'
import { checkIdentifierValue, identifierTypeSchema } from './identifiers'

/** The search body (registry-notes.md): the identifier type and the value to look for. */
export const searchInputSchema = z
  .strictObject({
    identifier: identifierTypeSchema,
    value: z.string({ error: 'The value to search for must be text.' }),
  })
  .superRefine((input, ctx) => {
    const problem = checkIdentifierValue(input.identifier, input.value)
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem })
  })
export type SearchInput = z.infer<typeof searchInputSchema>
