import { z } from 'zod'
import { checkIdentifierValue, identifierTypeSchema, type IdentifierType } from './identifiers'
import { nubanDigits } from './nuban'

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

/**
 * Whether Casefile can search a normalized value: what the registry takes, or an account
 * number without its bank (searched at every bank of the list whose code fits its check digit).
 * A message saying what is wrong, or null.
 */
export function checkSearchValue(type: IdentifierType, value: string): string | null {
  if (type === 'account' && value !== '' && !value.includes('_'))
    return nubanDigits(value) === value
      ? null
      : `Account number "${value}" must be 10 digits (NUBAN), with no spaces or letters.`
  return checkIdentifierValue(type, value)
}
