import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { printJson } from '../cli-io'
import { CliError } from '../cli-error'
import type { CommandContext } from '../command-line-spec'
import { verifiedSaid } from '../case-file-words'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import * as CaseFiles from '../../core/case-file/case-file'
import {
  CaseVerifyRefused,
  verifyCaseFile,
  type VerifyResult,
  logCaseFileEvent,
  logCaseFileEventIn,
  verifyEvent,
} from '../../core/case-file/case-file'
import { readConnection } from '../../core/data-folder'
import type { SigningKey } from '../../core/signing/signing'
import { resolveDataDir } from '../cli-context'
import { withStore } from '../open-store'
import { signingKeyOption } from './signing-commands'
import { writePrivateFile } from '../../core/private-files'
import { isCaseId } from '../../shared/contracts/cases'
import type { Core } from '../../core/open-core'

/** Where --out FILE.zip says to write a case file: never over a file, into a folder that exists. */
export function caseFileTarget(context: CommandContext): string {
  const out = context.options['out']
  if (typeof out !== 'string' || out === '')
    throw new CliError('Say where to write the case file: --out FILE.zip.', { code: 'usage' })
  const target = resolve(out.toLowerCase().endsWith('.zip') ? out : `${out}.zip`)
  if (existsSync(target))
    throw new CliError(`${target} already exists: choose another name (nothing was overwritten).`, {
      code: 'invalid_input',
    })
  if (!existsSync(dirname(target)))
    throw new CliError(`The folder ${dirname(target)} does not exist.`, { code: 'invalid_input' })
  return target
}

/** A report's case file written whole at target (or not at all), said in words unless --json. */
export async function writeCaseFile(
  context: CommandContext,
  core: Core,
  id: string,
  target: string,
  sign: SigningKey | null = null,
): Promise<CaseFiles.CaseFile> {
  let file: CaseFiles.CaseFile
  const started = Date.now()
  try {
    file = await CaseFiles.exportCaseFile(core, id, { signal: context.signal, sign })
  } catch (error) {
    if (error instanceof CaseFiles.CaseFileError)
      throw new CliError(error.message, { code: 'invalid_input' })
    throw error
  }
  // Written beside the target, then renamed: a case file is there whole or not at all.
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`)
  try {
    writePrivateFile(temporary, file.bytes)
    renameSync(temporary, target)
  } finally {
    rmSync(temporary, { force: true })
  }
  logCaseFileEventIn(core, {
    action: 'export',
    file: target,
    fingerprint: file.summary.fingerprint,
    ok: true,
    detail: file.summary.signedBy
      ? `signed with the certificate ${file.summary.signedBy.fingerprint} (${file.summary.signedBy.subject})`
      : 'unsigned',
    durationMs: Date.now() - started,
    at: core.clock.now(),
  })
  if (context.global.json) return file
  context.io.out(`Case file of ${id} written to ${target} (${file.bytes.length} bytes).`)
  if (file.summary.source === 'saved')
    context.io.out(
      'The registry did not give this report now: case.pdf holds the copy saved on this computer, and says why.',
    )
  for (const a of file.summary.attachments)
    if (a.from !== 'registry')
      context.io.out(
        a.from === 'kept'
          ? `${a.fileName}: its link could not be fetched; this computer's sealed copy is in the zip.`
          : `${a.fileName}: its link could not be fetched and no copy is kept here; it is listed, not included.`,
      )
  context.io.out(
    `Its fingerprint, the SHA-256 of its SHA256SUMS, stated on the certificate: ${file.summary.fingerprint}`,
  )
  context.io.out(
    file.summary.signedBy
      ? `Signed: SHA256SUMS.p7s, by ${file.summary.signedBy.subject} (certificate SHA-256 ${file.summary.signedBy.fingerprint}).`
      : 'UNSIGNED: no SHA256SUMS.p7s (give --sign FILE.p12, or --sign kept after `casefile signing-key create`); the certificate says so.',
  )
  context.io.out(`Check it any time: casefile case verify ${target}`)
  return file
}

/** `casefile case export ID --out FILE.zip`: a report's case file, written whole where asked. */
export async function runExport(context: CommandContext): Promise<number> {
  const id = context.args[0] ?? ''
  const target = caseFileTarget(context)
  const sign = await signingKeyOption(context)
  // A case's id (case-…) is never a registry report's: its bundle, every item of the case.
  if (isCaseId(id))
    return (await import('./cases-commands')).exportCaseTo(context, id, target, sign)
  return withCore(context, async (core) => {
    const file = await writeCaseFile(context, core, id, target, sign)
    if (context.global.json) printJson(context.io, { written: target, ...file.summary })
    return EXIT.ok
  })
}

const WORDS = {
  ok: 'unchanged',
  changed: 'CHANGED',
  missing: 'MISSING',
  added: 'ADDED (not in SHA256SUMS)',
  certificate: 'certificate (not in SHA256SUMS; states its fingerprint)',
  signature: 'signature over SHA256SUMS (checked below)',
}

/** --ca's certificate file, read; null when not given. */
function caOption(context: CommandContext): Buffer | null {
  const ca = context.options['ca']
  if (typeof ca !== 'string' || ca === '') return null
  try {
    return readFileSync(resolve(ca))
  } catch (error) {
    throw new CliError(`--ca: ${resolve(ca)} cannot be read (${(error as Error).message}).`, {
      code: 'invalid_input',
    })
  }
}

/** The verification in this data folder's log, when there is one here already (a recipient may have none). */
async function logVerification(
  context: CommandContext,
  path: string,
  result: VerifyResult,
  ms: number,
) {
  try {
    const dataDir = await resolveDataDir(context.global, context.env)
    if (!readConnection(dataDir)) return
    await withStore(context, (store) =>
      logCaseFileEvent(store, verifyEvent(path, result, ms, Date.now())),
    )
  } catch {
    // Verifying does not need a data folder: without a usable one, nothing is logged.
  }
}

/**
 * `casefile case verify FILE.zip`: every file's hash against SHA256SUMS, what the case file states
 * about itself against both, and the fingerprint to compare with the signed certificate. Exit 2
 * when anything differs or the zip is refused as hostile; 1 when it is not a zip at all.
 */
export async function runVerify(context: CommandContext): Promise<number> {
  const path = resolve(context.args[0] ?? '')
  const ca = caOption(context)
  const given = context.options['fingerprint']
  const started = Date.now()
  let result: VerifyResult
  try {
    const fingerprint = typeof given === 'string' ? given : null
    result = verifiedSaid(await verifyCaseFile(path, { ca, fingerprint }), fingerprint)
  } catch (error) {
    if (error instanceof CaseVerifyRefused)
      throw new CliError(`${basename(path)}: ${error.message}`, {
        code: 'invalid_input',
        exitCode: error.kind === 'notZip' ? EXIT.usage : EXIT.needsAttention,
      })
    throw error
  }
  await logVerification(context, path, result, Date.now() - started)
  if (context.global.json) printJson(context.io, result)
  else {
    for (const f of result.files) context.io.out(`${WORDS[f.verdict].padEnd(9)}  ${f.name}`)
    const listed = result.files.filter(
      (f) => f.verdict !== 'certificate' && f.verdict !== 'added' && f.verdict !== 'signature',
    )
    const wrong = result.files.filter(
      (f) => f.verdict !== 'ok' && f.verdict !== 'certificate' && f.verdict !== 'signature',
    )
    context.io.out(
      wrong.length === 0
        ? `All ${listed.length} files match SHA256SUMS.`
        : `${wrong.length} of the files do not match SHA256SUMS: this is not the case file as it was made.`,
    )
    for (const sentence of result.disagreements) context.io.out(sentence)
    if (result.disagreements.length > 0)
      context.io.out(
        `${result.disagreements.length === 1 ? 'One hash' : `${result.disagreements.length} hashes`} the case file states about itself ${result.disagreements.length === 1 ? 'does' : 'do'} not match its files: this is not the case file as it was made.`,
      )
    else if (result.files.some((f) => f.verdict === 'certificate'))
      context.io.out(
        'The certificate (PDF and ODT) is not in SHA256SUMS, as in every case file: it states the fingerprint below instead, and lists the same hashes as SHA256SUMS and the retrieval log.',
      )
    context.io.out(
      result.signature.ok
        ? `Signature: ${result.signature.message}`
        : `SIGNATURE: ${result.signature.message}`,
    )
    if (result.signature.ok && result.signature.signer && !result.signature.againstCa)
      context.io.out(
        'Without --ca this proves only that SHA256SUMS is what its certificate signed, not whose certificate it is: give --ca ORG-CA.pem.',
      )
    context.io.out(`Fingerprint (the SHA-256 of SHA256SUMS): ${result.fingerprint}`)
    if (result.fingerprintMismatch) context.io.out(`FINGERPRINT: ${result.fingerprintMismatch}`)
    else if (typeof given === 'string')
      context.io.out('It is the fingerprint given with --fingerprint, figure for figure.')
    else
      context.io.out(
        'A match proves this case file unchanged only when this fingerprint is the one on the signed certificate: compare them figure by figure, or give it with --fingerprint.',
      )
  }
  return result.ok ? EXIT.ok : EXIT.needsAttention
}
