import { AttachmentFiles } from '../../src/core/drafts/attachment-files'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../../src/core/store/open-database'

/** A real SQLite file in a fresh temp data folder. */
export function tempStore(prefix = 'casefile-test-'): {
  db: Db
  dataDir: string
  dbPath: string
  files: AttachmentFiles
} {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const dbPath = join(dataDir, 'casefile.db')
  return {
    db: openDatabase(dbPath),
    dataDir,
    dbPath,
    files: new AttachmentFiles(join(dataDir, 'attachments'), null),
  }
}

export const REASON =
  'Customer reported an unauthorised transfer after a caller posing as bank staff asked for the OTP.'

export const validDraft = (overrides: Record<string, unknown> = {}) => ({
  fraudType: 'social_engineering',
  fraudReason: REASON,
  identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
  ...overrides,
})

/** A tiny valid PDF's bytes. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
)
