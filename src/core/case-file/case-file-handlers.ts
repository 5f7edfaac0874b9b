import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FeatureHandlers } from '../core-context'
import { writePrivateFileAsync } from '../private-files'
import { logCaseFileEventIn, verifyEvent } from './case-file-log'
import { CaseVerifyRefused, verifyCaseFile } from './case-verify'

/**
 * A zip handed to the window, checked as `casefile case verify` checks a path: written into a
 * private folder of its own (0700, the file 0600: it holds suspects' data) for the reader, which
 * takes a path, and removed once read.
 */
async function verifyBytes(bytes: Uint8Array) {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-verify-'))
  try {
    const path = join(dir, 'handed-back.zip')
    await writePrivateFileAsync(path, bytes)
    return await verifyCaseFile(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Case files' slice of the contract: a zip handed back checked, and the check written to the
 * folder's log. A report's zip is written where main's dialog said (cases/case-export-handlers.ts).
 */
export const caseFileHandlers: FeatureHandlers<'caseFileVerify'> = (core) => ({
  caseFileVerify: async ({ fileName, bytes }) => {
    try {
      const started = performance.now()
      const result = await verifyBytes(bytes)
      // In the folder's append-only log, as `casefile case verify` writes it: the zip by the
      // name it was dropped with (the window hands over no path).
      const at = core().clock.now()
      logCaseFileEventIn(
        core(),
        verifyEvent(fileName, result, Math.round(performance.now() - started), at),
      )
      return {
        ok: true,
        intact: result.ok,
        fingerprint: result.fingerprint,
        files: result.files,
        disagreements: result.disagreements,
        signature: {
          signed: result.signature.problem !== 'unsigned',
          ok: result.signature.ok,
          message: result.signature.message,
        },
      }
    } catch (error) {
      if (error instanceof CaseVerifyRefused) return { ok: false, message: error.message }
      throw error
    }
  },
})
