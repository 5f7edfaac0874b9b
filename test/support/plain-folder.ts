import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { type Core, openCore as openCasefileCore } from '../../src/core/open-core'
import { openDataFolder } from '../../src/core/encryption/open-data-folder'
import { applyKey, DATABASE_FILE, rekeyDatabase } from '../../src/core/store/open-database'
import { PDF_BYTES } from './temp-store'
import * as Outbox from '../../src/core/outbox/outbox'
import * as Drafts from '../../src/core/drafts/drafts'
import * as Attachments from '../../src/core/drafts/attachments'

/**
 * A data folder as Casefile wrote it before encryption (today's schema, plain): a draft with an
 * attachment, a queued report with an attachment (its uploads and create in the outbox), and a
 * second draft. `snapshot` reads back everything a migration must keep.
 */
export const TEXT_BYTES = Buffer.from(
  'Plain evidence EVIDENCE-MIGRATE-91 kept before encryption.\n',
)

const offline = { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9' }

export function openCore(dataDir: string, folderKey?: Buffer): Core {
  return openCasefileCore({ dataDir, folderKey, connection: offline, getApiKey: () => undefined })
}

export async function makePlainFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-plain-'))
  const core = openCore(dataDir)
  const draft = Drafts.createDraft(core, {
    fraudType: 'identity_theft',
    fraudReason: 'Half a reason typed before lunch, BVN 22211133344 of the suspect.',
  })
  Attachments.addAttachment(core, draft.localId, { bytes: TEXT_BYTES, fileName: 'notes.txt' })
  const queued = Drafts.createDraft(core, {
    fraudType: 'money_mule',
    fraudReason:
      'The account received funds from three phishing victims and moved them on within minutes to other banks.',
    identifiers: [{ label: 'bvn', value: '22211133344' }],
  })
  const pdf = Attachments.addAttachment(core, queued.localId, {
    bytes: PDF_BYTES,
    fileName: 'statement.pdf',
  })
  Drafts.saveDraft(core, queued.localId, {
    ...Drafts.getReport(core, queued.localId).draft,
    attachmentIds: [pdf.id],
  })
  const result = Outbox.queueReport(core, queued.localId)
  if (!result.ok) throw new Error(result.message)
  await core.close()
  return dataDir
}

/** A copy of a folder, for runs that each need one of their own. */
export function copyFolder(dataDir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'casefile-copy-'))
  cpSync(dataDir, copy, { recursive: true })
  return copy
}

/** Everything a migration must keep, read through the core. */
export async function snapshot(dataDir: string, folderKey?: Buffer) {
  const core = openCore(dataDir, folderKey)
  try {
    const reports = Drafts.listReports(core).map((report) => ({
      ...report,
      attachments: Attachments.listAttachments(core, report.localId).map((a) => ({
        ...a,
        bytes: core.files.read(a.sha256).toString('base64'),
      })),
    }))
    const outbox = Outbox.outbox(core).operations.map(({ id, kind, state, chainId }) => ({
      id,
      kind,
      state,
      chainId,
    }))
    return { reports, outbox }
  } finally {
    await core.close()
  }
}

/**
 * Turns a plain folder into one as Casefile kept it encrypted before AEGIS-256: migrated to the
 * encrypted layout (sealed attachments), then its database rekeyed into SQLCipher 4, same key.
 */
export async function encryptAsSqlcipher(dataDir: string, key: Buffer): Promise<void> {
  await openDataFolder(dataDir, { keychain: null, envKey: key.toString('hex') })
  const db = new Database(join(dataDir, DATABASE_FILE))
  try {
    applyKey(db, key)
    rekeyDatabase(db, key, 'sqlcipher4')
  } finally {
    db.close()
  }
}
