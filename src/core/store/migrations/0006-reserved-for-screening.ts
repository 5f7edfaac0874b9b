import type { Migration } from './migration'

/**
 * A stand-in, changing nothing. Version 6 is the screening migration, written on another branch
 * at the same time as 0007 here; the migrations must run 1..n without a gap, so this branch
 * holds its place. At the merge the screening branch's 0006 replaces this file whole.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'reserved-for-screening',
  up() {},
}
