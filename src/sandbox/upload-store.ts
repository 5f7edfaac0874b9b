import { createHash, randomUUID } from 'node:crypto'
import { existsSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { prepare, type SandboxDb } from './sandbox-db'
import { UPLOAD_TYPES, type UploadType } from './upload-types'

export interface StoredUpload {
  id: string
  storedName: string
  mediaType: string
  size: number
}

/**
 * Keeps a file under its SHA-256, so the same content sent twice (a client resending an
 * upload whose answer it lost) is stored once and gets the same id and url back.
 */
export function storeUpload(
  db: SandboxDb,
  uploadsDir: string,
  bytes: Buffer,
  type: UploadType,
  originalName: string,
  now: Date,
): StoredUpload {
  const id = createHash('sha256').update(bytes).digest('hex')
  const storedName = `${id}.${type}`
  const path = join(uploadsDir, storedName)
  if (!existsSync(path)) {
    // Write then rename, so a crash never leaves a half file under the final name.
    const partial = join(uploadsDir, `.${randomUUID()}.partial`)
    writeFileSync(partial, bytes, { mode: 0o600 })
    renameSync(partial, path)
  }
  prepare(
    db,
    `INSERT INTO uploads (id, stored_name, media_type, size, original_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  ).run(
    id,
    storedName,
    UPLOAD_TYPES[type].mime,
    bytes.length,
    originalName || null,
    now.toISOString(),
  )
  return { id, storedName, mediaType: UPLOAD_TYPES[type].mime, size: bytes.length }
}

export function findUpload(db: SandboxDb, storedName: string): StoredUpload | undefined {
  const row = prepare<
    [string],
    { id: string; stored_name: string; media_type: string; size: number }
  >(db, 'SELECT id, stored_name, media_type, size FROM uploads WHERE stored_name = ?').get(
    storedName,
  )
  return row
    ? { id: row.id, storedName: row.stored_name, mediaType: row.media_type, size: row.size }
    : undefined
}
