import type { StoreContext } from '../core-context'
import {
  type Db,
  writeTransaction,
  deleteSyncValue,
  readSyncValue,
  writeSyncValue,
} from '../store/store'

/*
 * Who signs the s.84 certificate by hand: the officer's name, position and organization, set
 * once (`casefile config set --signer-name … --signer-position … --organization …`) and kept in
 * the data folder, so every certificate is filled in with them. The signature and the date
 * stay for the hand.
 */

export interface Signer {
  name: string | null
  position: string | null
  organization: string | null
}

const SIGNER_KEY = 'certificate_signer'
const MAX_LENGTH = 200

export function signer(db: Db): Signer {
  const kept = readSyncValue<Partial<Signer>>(db, SIGNER_KEY) ?? {}
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  return {
    name: text(kept.name),
    position: text(kept.position),
    organization: text(kept.organization),
  }
}

/** What is wrong with a value given, in words, or null. */
export function signerFieldProblem(value: string): string | null {
  if (value.length > MAX_LENGTH) return `it is longer than ${MAX_LENGTH} characters.`
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(value)) return 'it holds a line break or a control character.'
  return null
}

/** Changes the fields given (an empty string clears one); the others stay as they were. */
export function setSigner(core: StoreContext, change: Partial<Signer>): Signer {
  const { db } = core
  return writeTransaction(db, () => {
    const next = { ...signer(db) }
    for (const field of ['name', 'position', 'organization'] as const) {
      const value = change[field]
      if (value !== undefined)
        next[field] = value === null || value.trim() === '' ? null : value.trim()
    }
    if (next.name === null && next.position === null && next.organization === null)
      deleteSyncValue(db, SIGNER_KEY)
    else writeSyncValue(db, SIGNER_KEY, next)
    return next
  })
}
