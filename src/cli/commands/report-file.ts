import { dirname, isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { AttachmentRefusedError, type DraftInput } from '../../core/drafts/drafts'
import { CliError } from '../cli-error'
import { describeFileError } from '../describe-failure'
import { readRegularFile, RegularFileError } from '../../core/regular-file'
import type { ReportToFile } from '../../core/outbox/outbox'

/** A report is a few kilobytes of JSON (its attachments are files of their own). */
const REPORT_FILE_MAX_BYTES = 1024 * 1024

/** A report file for submit/update: the registry's report input, where attachments may be local paths. */
const reportFileSchema = z.looseObject({
  fraudType: z.string().optional(),
  fraudReason: z.string().optional(),
  identifiers: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  attachments: z.array(z.string()).optional(),
  showUploaderInfo: z.boolean().optional(),
})

export interface ReportFile {
  /** What the file gives; a field it leaves out is undefined (an update keeps its current value). */
  draft: DraftInput
  /** Local files to copy into the data folder, resolved against the report file's folder. */
  localAttachments: string[]
}

export function readReportFile(path: string): ReportFile {
  let text: string
  try {
    // A regular file only, opened without blocking: a named pipe would hang the command.
    text = readRegularFile(path, { maxBytes: REPORT_FILE_MAX_BYTES }).toString('utf8')
  } catch (error) {
    if (
      error instanceof RegularFileError &&
      (error.problem === 'not-a-file' || error.problem === 'too-large')
    )
      throw new CliError(
        error.why.startsWith('is a folder')
          ? `${path} is a folder; give a file.`
          : `${path} ${error.why}: give the report's JSON file.`,
      )
    // A missing or unreadable file carries its errno code, said as for any file.
    throw new CliError(describeFileError(error, path) ?? `${path} cannot be read.`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new CliError(
      `${path} cannot be read as JSON (${error instanceof Error ? error.message : String(error)}). Write the report as a JSON object with fraudType, fraudReason and identifiers.`,
    )
  }
  const parsed = reportFileSchema.safeParse(json)
  if (!parsed.success)
    throw new CliError(
      `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ')}`,
    )
  const { attachments, fraudType, fraudReason, identifiers, showUploaderInfo } = parsed.data
  const urls = attachments?.filter((a) => /^https?:\/\//i.test(a))
  const localAttachments = (attachments ?? [])
    .filter((a) => !/^https?:\/\//i.test(a))
    .map((a) => (isAbsolute(a) ? a : resolve(dirname(path), a)))
  return {
    draft: { fraudType, fraudReason, identifiers, showUploaderInfo, attachmentUrls: urls },
    localAttachments,
  }
}

/** The file as the core files it (outbox's fileReport, fileUpdate): its fields and the paths to attach. */
export const reportToFile = (file: ReportFile): ReportToFile => ({
  draft: file.draft,
  attachmentPaths: file.localAttachments,
})

/** Runs a filing, an attachment the core refused (not a regular file, too large…) said as the CLI's. */
export function refusedAttachmentSaid<T>(filing: () => T): T {
  try {
    return filing()
  } catch (error) {
    if (error instanceof AttachmentRefusedError) throw new CliError(error.message)
    throw error
  }
}

/**
 * A change laid over the report's current content: the fields the file gives replace the current
 * ones, the ones it leaves out are kept. A file that lists `attachments` gives the whole list
 * (`[]` removes them all); one that leaves it out keeps every current attachment.
 */
export function overlayReportFile(current: DraftInput, change: DraftInput): DraftInput {
  const given = Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined),
  ) as DraftInput
  const listsAttachments = change.attachmentUrls !== undefined || change.attachmentIds !== undefined
  return {
    ...current,
    ...given,
    attachmentUrls: listsAttachments ? (change.attachmentUrls ?? []) : current.attachmentUrls,
    attachmentIds: listsAttachments ? (change.attachmentIds ?? []) : current.attachmentIds,
  }
}
