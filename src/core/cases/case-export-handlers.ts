import { lstat, stat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import type { CaseExportWhat, UnwrittenReason } from '../../shared/contracts/case-export'
import {
  caseClock,
  CaseFileError,
  exportCaseFile,
  logCaseFileEventIn,
  stampOf,
} from '../case-file/case-file'
import type { CoreContext, FeatureHandlers } from '../core-context'
import { readFolderIdentity } from '../encryption/encryption'
import { replacePrivateFileAsync, writeFailureReason } from '../private-files'
import {
  colonHex,
  keptSigningKey,
  SigningKeyError,
  type CertificateFacts,
  type SigningKey,
  type SigningKeychain,
} from '../signing/signing'
import { exportCase } from './case-bundle'
import { CaseInputError } from './case-input'
import { showCase } from './cases'

/*
 * What main alone asks of the core (contracts/case-export.ts): a case's bundle, or a report's
 * case file, written at the path the person chose in main's own save dialog. The path never
 * comes from the window (these are not window channels); it is still read here as a path that
 * may be wrong by the time it is used: its folder gone, a folder under its name, no right to
 * write there. Each is answered with a reason, which main words; what was there stays as it was.
 * The zip is signed with the signing key kept for this data folder when there is one, as
 * `casefile case export … --sign kept` signs it.
 */

type Unwritten = { outcome: 'unwritten'; reason: UnwrittenReason; errno: string | null }

/** What the person can put right, in the core's neutral words. */
class Refused extends Error {}

/** The key kept for this data folder, or null; one kept but unreadable stops the export. */
async function keptKey(core: CoreContext, keychain: SigningKeychain): Promise<SigningKey | null> {
  // No identity, no key: one is kept under the folder's identity (`signing-key create`).
  if (!readFolderIdentity(core.dataDir)) return null
  try {
    return (await keptSigningKey(core.dataDir, keychain()))?.key ?? null
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error
    throw new Refused(
      'The signing key kept for this data folder cannot be read, so nothing was exported: the zip would have gone unsigned.',
    )
  }
}

const signedBy = (facts: CertificateFacts | null) =>
  facts ? { subject: facts.subject, fingerprint: colonHex(facts.fingerprint) } : null

/**
 * Whether the zip can go at `path` now: its folder there, and under its name nothing, or a file
 * (replaced once the new one is whole). Checked before anything is made.
 */
async function targetProblem(path: string): Promise<Unwritten | null> {
  try {
    if (!(await stat(dirname(path))).isDirectory())
      return { outcome: 'unwritten', reason: 'folder_missing', errno: 'ENOTDIR' }
  } catch (error) {
    const errno = (error as { code?: string }).code ?? null
    return { outcome: 'unwritten', reason: writeFailureReason(errno ?? undefined), errno }
  }
  try {
    const there = await lstat(path)
    if (!there.isFile() && !there.isSymbolicLink())
      return { outcome: 'unwritten', reason: 'not_a_file', errno: null }
  } catch (error) {
    const errno = (error as { code?: string }).code
    if (errno !== 'ENOENT')
      return { outcome: 'unwritten', reason: writeFailureReason(errno), errno: errno ?? null }
  }
  return null
}

/**
 * A failure of writing at `path` (its folder, or its temporary name beside it) or of the disk,
 * as a reason; null when it is something else (a fault, thrown on).
 */
function writeFailure(error: unknown, path: string): Unwritten | null {
  const { code, path: at, dest } = error as { code?: unknown; path?: unknown; dest?: unknown }
  if (typeof code !== 'string') return null
  const reason = writeFailureReason(code)
  if (reason === 'disk_full') return { outcome: 'unwritten', reason, errno: code }
  const folder = dirname(path)
  const touched = [at, dest].some(
    (p) => typeof p === 'string' && (p === folder || dirname(p) === folder),
  )
  return touched ? { outcome: 'unwritten', reason, errno: code } : null
}

/** The name main's dialog suggests, on the registry's clock as the zip's own times are. */
function suggestedName(core: CoreContext, what: CaseExportWhat): string {
  const stamp = stampOf(caseClock(core).now())
  if (what.kind === 'case') return `${showCase(core, what.caseId).id}-${stamp}.zip`
  return `case-${what.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}-${stamp}.zip`
}

/** The zip made and written at `path`; what it states, once it is there whole. */
async function writeZip(
  core: CoreContext,
  what: CaseExportWhat,
  path: string,
  sign: SigningKey | null,
) {
  if (what.kind === 'case') {
    const bundle = await exportCase(core, what.caseId, { record: 'later', sign, out: path })
    // Recorded once it is there, under the name it was written as.
    bundle.record(basename(path))
    return {
      fingerprint: bundle.fingerprint,
      signedBy: bundle.signedBy,
      savedCopies: bundle.savedCopies,
    }
  }
  const started = Date.now()
  const file = await exportCaseFile(core, what.id, { sign })
  await replacePrivateFileAsync(path, file.bytes)
  const { fingerprint, signedBy: by, source } = file.summary
  logCaseFileEventIn(core, {
    action: 'export',
    file: basename(path),
    fingerprint,
    ok: true,
    detail: by ? `signed with the certificate ${by.fingerprint} (${by.subject})` : 'unsigned',
    durationMs: Date.now() - started,
    at: core.clock.now(),
  })
  return { fingerprint, signedBy: by, savedCopies: source === 'saved' ? [what.id] : [] }
}

/** What could not be done as asked, as a refusal in words; anything else is thrown on. */
function refusal(error: unknown): { outcome: 'refused'; message: string } | null {
  if (error instanceof Refused || error instanceof CaseInputError || error instanceof CaseFileError)
    return { outcome: 'refused', message: error.message }
  return null
}

/** main's calls for a case's zip: its name before the dialog, then the zip where it was chosen. */
export const caseExportHandlers =
  (
    keychain: SigningKeychain = () => null,
  ): FeatureHandlers<'caseExportOffer' | 'caseExportWrite'> =>
  (core) => ({
    caseExportOffer: async (what) => {
      try {
        // A key kept but unreadable is said now, before the dialog asks where for nothing.
        await keptKey(core(), keychain)
        return { outcome: 'offered', fileName: suggestedName(core(), what) }
      } catch (error) {
        const refused = refusal(error)
        if (refused) return refused
        throw error
      }
    },
    caseExportWrite: async ({ what, path }) => {
      // Nothing is made for a place it cannot go.
      const problem = await targetProblem(path)
      if (problem) return problem
      try {
        const sign = await keptKey(core(), keychain)
        const written = await writeZip(core(), what, path, sign)
        return { outcome: 'written', ...written, signedBy: signedBy(written.signedBy) }
      } catch (error) {
        const answer = refusal(error) ?? writeFailure(error, path)
        if (answer) return answer
        throw error
      }
    },
  })
