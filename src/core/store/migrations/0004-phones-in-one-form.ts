import type { Migration } from './migration'

/*
 * The rule as this migration applies it, kept here (not imported) so that running it on an old
 * folder later does what it did when it was written: a Nigerian mobile number in any of its
 * spellings (+2348031234567, 2348031234567, 8031234567, 002348031234567, +234 0803…) becomes
 * its 11 local digits.
 */
const NIGERIAN_PHONE = /^(?:0|\+?234|00234|\+?2340)?([789][01]\d{8})$/
const localForm = (value: string): string | null => {
  const match = NIGERIAN_PHONE.exec(value)
  return match ? `0${match[1]}` : null
}

/**
 * Casefile now keeps a Nigerian phone in one form, 080… (identifiers.ts canonicalPhone), and
 * BVNs and NINs without dashes; the cache indexed them as an older Casefile normalized them
 * (+234… kept as typed). Rewritten once here, so an offline lookup needs one index probe per
 * identifier, not one per spelling. A stored search under an old spelling joins the one under
 * the new form; of two for the same number, the newer is kept.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'phones-in-one-form',
  up(db) {
    const identifiers = db
      .prepare(
        "SELECT rowid AS id, value FROM cached_identifiers WHERE label = 'phone' AND value NOT GLOB '0*'",
      )
      .all() as { id: number; value: string }[]
    const setValue = db.prepare('UPDATE cached_identifiers SET value = ? WHERE rowid = ?')
    for (const { id, value } of identifiers) {
      const local = localForm(value)
      if (local) setValue.run(local, id)
    }
    db.exec(
      "UPDATE cached_identifiers SET value = replace(value, '-', '') WHERE label IN ('bvn', 'nin') AND value GLOB '*-*'",
    )

    const searches = db
      .prepare(
        "SELECT rowid AS id, value, searched_at FROM cached_searches WHERE identifier = 'phone' AND value NOT GLOB '0*'",
      )
      .all() as { id: number; value: string; searched_at: number }[]
    const existing = db.prepare(
      "SELECT rowid AS id, searched_at FROM cached_searches WHERE identifier = 'phone' AND value = ?",
    )
    const remove = db.prepare('DELETE FROM cached_searches WHERE rowid = ?')
    const rekey = db.prepare('UPDATE cached_searches SET value = ? WHERE rowid = ?')
    for (const search of searches) {
      const local = localForm(search.value)
      if (!local) continue
      const kept = existing.get(local) as { id: number; searched_at: number } | undefined
      if (kept && kept.searched_at >= search.searched_at) {
        remove.run(search.id)
        continue
      }
      if (kept) remove.run(kept.id)
      rekey.run(local, search.id)
    }
  },
}
