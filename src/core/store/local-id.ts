import { randomFillSync } from 'node:crypto'

// Random bytes are drawn 256 ids at a time: one draw per id cost more than the import's inserts.
const POOL_IDS = 256
const pool = Buffer.alloc(16 * POOL_IDS)
let poolAt = POOL_IDS
let lastMs = 0
let sequence = 0

/**
 * A new local id: a UUID version 7 (RFC 9562), the creation time in milliseconds then 74 random
 * bits. Ids made one after another sort one after another, so the indexes keyed by local id
 * (reports' primary key, the outbox's chain) take each new row at their end instead of at a
 * random page: a 50,000-row import rewrites a few index pages a batch rather than all of them,
 * and on an encrypted folder every page written is a page encrypted (and decrypted and
 * encrypted again when the WAL is checkpointed). Within one millisecond a 12-bit counter keeps
 * the order. The time it shows is the report's created_at, which the row holds anyway.
 */
export function newLocalId(): string {
  if (poolAt === POOL_IDS) {
    randomFillSync(pool)
    poolAt = 0
  }
  const bytes = pool.subarray(16 * poolAt, 16 * ++poolAt)
  const now = Date.now()
  if (now > lastMs) {
    lastMs = now
    sequence = 0
  } else if (sequence < 0xfff) {
    sequence++
  } else {
    // 4,096 ids in one millisecond: borrow the next millisecond so the order holds.
    lastMs++
    sequence = 0
  }
  bytes.writeUIntBE(lastMs, 0, 6)
  bytes[6] = 0x70 | (sequence >> 8)
  bytes[7] = sequence & 0xff
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
