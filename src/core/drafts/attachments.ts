import type { CoreContext } from '../core-context'
import type { Db } from '../store/store'
import * as store from './attachment-store'

/** The files a draft carries: kept sealed in the folder (attachment-files.ts) and listed in the store. */

export function addAttachment(
  core: CoreContext,
  localId: string,
  source: Parameters<typeof store.addAttachment>[3],
) {
  return store.addAttachment(core.db, core.files, localId, source, core.clock.now())
}

export function listAttachments(core: CoreContext, localId: string) {
  return store.storedAttachments(core.db, localId)
}

export function removeAttachment(core: CoreContext, id: string): void {
  store.removeAttachment(core.db, id)
}

/**
 * The hashes of every attachment a folder's database keeps (once each), read on a database
 * opened alone, as encrypting a plain folder does (encryption/migrate-folder.ts).
 */
export function keptAttachmentHashes(db: Pick<Db, 'prepare'>): string[] {
  return db
    .prepare<[], { sha256: string }>('SELECT DISTINCT sha256 FROM attachments')
    .all()
    .map((row) => row.sha256)
}
