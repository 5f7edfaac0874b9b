import type { CoreContext } from '../core-context'
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
  return store.listAttachments(core.db, localId)
}

export function removeAttachment(core: CoreContext, id: string): void {
  store.removeAttachment(core.db, id)
}
