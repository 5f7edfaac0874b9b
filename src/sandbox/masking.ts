export const MASK_CHARACTER = '*'
export const VISIBLE_TAIL = 4

function maskAllButTail(text: string): string {
  const characters = [...text]
  // A value of 4 characters or fewer would be shown whole; mask it all instead.
  const visible = characters.length > VISIBLE_TAIL ? VISIBLE_TAIL : 0
  return (
    MASK_CHARACTER.repeat(characters.length - visible) +
    characters.slice(characters.length - visible).join('')
  )
}

/**
 * How the plain submission fetch (4.5) shows an identifier value: every character but the
 * last four replaced by `*`. For an account (`<number>_<bank_slug>`) only the number is
 * masked, so the bank stays readable: `0123456789_access-bank` → `******6789_access-bank`.
 */
export function maskIdentifierValue(label: string, value: string): string {
  // The number ends at the first underscore; a value without a number and a slug is masked whole.
  const at = label === 'account' ? value.indexOf('_') : -1
  if (at > 0 && at < value.length - 1)
    return `${maskAllButTail(value.slice(0, at))}_${value.slice(at + 1)}`
  return maskAllButTail(value)
}
