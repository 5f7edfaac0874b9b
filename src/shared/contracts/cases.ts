import { z } from 'zod'
import { identifierTypeSchema } from '../domain/identifiers'
import { MAX_CASE_FILE_BYTES, signedBySchema } from './case-file'
import { CASES_INVOKE_CHANNELS as C } from './cases-channels'

/*
 * Cases over IPC: an investigation gathered in the core (src/core/cases) — the organization's
 * reports and other organizations' by registry id, search answers kept byte for byte as the
 * registry gave them, watch alerts as they were raised, and the investigator's notes — and
 * made into one zip, which the core writes where the person chose in main's own dialog
 * (files.ts, saveCase; case-export.ts). The window names cases, reports and alerts by id; never
 * a path, and it never holds the zip's bytes.
 * Inputs the window can get wrong in ways a schema cannot see (an unknown case or alert, a
 * search the registry refuses) come back as `{ ok: false, message }` in words to show.
 */

/** `case-` and 10 lowercase hex digits: never a registry report id, so `case export` tells them apart. */
export const CASE_ID_PATTERN = /^case-[0-9a-f]{10}$/
/** Whether an id names a case (`case-…`) rather than a registry report. */
export const isCaseId = (id: string): boolean => CASE_ID_PATTERN.test(id)
export const MAX_CASE_TITLE = 200
export const MAX_CASE_NOTE = 20_000

/**
 * A case holds many reports, each with up to three attachments (drawn in case.pdf too): eight
 * case files' worth, far below a zip's 4 GB. Written by the core where main's dialog said, never
 * sent over IPC; the window hands one back to be checked up to this size (MAX_VERIFY_BYTES).
 */
export const MAX_CASE_BUNDLE_BYTES = 8 * MAX_CASE_FILE_BYTES

export const caseIdSchema = z.string().min(1).max(100)

const time = z.string()

/** A search as it was sent (method, URL, JSON body): never the API key. */
export const caseSearchRequestSchema = z.strictObject({
  method: z.string(),
  url: z.string(),
  body: z.string(),
})

const itemBase = {
  /** 1, 2, 3: the item's place in the case, in the order added. */
  position: z.number().int().min(1),
  /** When it was added, on the registry's clock where known (ISO). */
  addedAt: time,
}

/** A watch alert as it was raised, kept with the case (the alert may change state later). */
export const caseAlertSnapshotSchema = z.looseObject({
  kind: z.string(),
  reportId: z.string(),
  type: z.string(),
  value: z.string(),
  createdAt: time,
  state: z.string(),
})

export const caseItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('report'),
    ...itemBase,
    /** A registry report id: the organization's own or another organization's. */
    reportId: z.string(),
    /**
     * What the copy saved on this computer says of the report, so the window can name it in
     * words (fraud type, identifiers with their banks); absent or null when none is saved.
     */
    about: z
      .strictObject({
        fraudType: z.string().nullable(),
        identifiers: z.array(z.strictObject({ label: z.string(), value: z.string() })),
        /** Who filed it (an organization's name, or a member of the public), or null when not known. */
        reportedBy: z.string().nullable(),
      })
      .nullable()
      .optional(),
  }),
  z.strictObject({
    kind: z.literal('search'),
    ...itemBase,
    identifier: z.string(),
    value: z.string(),
    request: caseSearchRequestSchema,
    /** When the registry answered, on its clock where known (ISO). */
    answeredAt: time,
    /** Whether answeredAt is the registry's clock (its Date header) or only this computer's. */
    clock: z.enum(['registry', 'computer']),
    status: z.number().int(),
    /** The SHA-256 of the answer's body as it came, and its size in bytes. */
    answerSha256: z.string(),
    answerBytes: z.number().int().min(0),
    /** The SHA-256 of the registry's TLS certificate; null over plain http (a local sandbox). */
    certificateSha256: z.string().nullable(),
    /** The report ids the answer holds (reports, then public reports). */
    reportIds: z.array(z.string()),
    publicReportIds: z.array(z.string()),
  }),
  z.strictObject({
    kind: z.literal('alert'),
    ...itemBase,
    alertId: z.number().int(),
    alert: caseAlertSnapshotSchema,
  }),
  z.strictObject({ kind: z.literal('note'), ...itemBase, text: z.string() }),
])
export type CaseItemView = z.infer<typeof caseItemSchema>

export const caseExportSchema = z.strictObject({
  /** When it was made, on the registry's clock where known (ISO). */
  at: time,
  /** The SHA-256 of the bundle's SHA256SUMS, as its certificate states it. */
  fingerprint: z.string(),
  /** The zip's file name (not its folder). */
  file: z.string(),
  /** The operating system's user who made it. */
  by: z.string(),
})

export const caseViewSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  createdAt: time,
  items: z.array(caseItemSchema),
  exports: z.array(caseExportSchema),
})
export type CaseView = z.infer<typeof caseViewSchema>

export const caseSummarySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  createdAt: time,
  items: z.number().int().min(0),
  /** The last export's time, or null when never exported. */
  lastExportAt: time.nullable(),
})
export type CaseSummary = z.infer<typeof caseSummarySchema>

export const caseAddSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('report'), reportId: z.string().min(1).max(200) }),
  /** Runs the search now; the registry's answer is kept as it came. */
  z.strictObject({
    kind: z.literal('search'),
    type: identifierTypeSchema,
    value: z.string().min(1).max(500),
  }),
  z.strictObject({ kind: z.literal('alert'), alertId: z.number().int().positive() }),
])
export type CaseAddSource = z.infer<typeof caseAddSourceSchema>

const refused = z.strictObject({ ok: z.literal(false), message: z.string() })
const caseOrRefused = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), case: caseViewSchema }),
  refused,
])

export const caseSaveInputSchema = z.strictObject({ caseId: caseIdSchema })

export const casesContract = {
  /** Every case of this data folder, newest first. */
  caseList: { channel: C.caseList, input: z.undefined(), output: z.array(caseSummarySchema) },
  caseShow: {
    channel: C.caseShow,
    input: z.strictObject({ caseId: caseIdSchema }),
    output: caseOrRefused,
  },
  /** A new case; with a note, the note is its first item. */
  caseNew: {
    channel: C.caseNew,
    input: z.strictObject({
      title: z.string().max(MAX_CASE_TITLE * 4),
      note: z
        .string()
        .max(MAX_CASE_NOTE * 4)
        .optional(),
    }),
    output: caseOrRefused,
  },
  /** A report, a search (run now) or an alert added at the case's end. */
  caseAdd: {
    channel: C.caseAdd,
    input: z.strictObject({ caseId: caseIdSchema, source: caseAddSourceSchema }),
    output: caseOrRefused,
  },
  caseNote: {
    channel: C.caseNote,
    input: z.strictObject({ caseId: caseIdSchema, text: z.string().max(MAX_CASE_NOTE * 4) }),
    output: caseOrRefused,
  },
} as const

/**
 * What main's saveCase (files.ts) takes and answers: main asks where in its own dialog, then the
 * core writes the case's zip there (case-export.ts). `saved` is false when the dialog was closed
 * or no bundle could be made or written (`message` says why, in words); `signedBy` is who signed
 * it, null when it is unsigned (or not saved).
 */
export const caseSaveSchemas = {
  input: caseSaveInputSchema,
  output: z.strictObject({
    saved: z.boolean(),
    fileName: z.string().nullable(),
    fingerprint: z.string().nullable(),
    signedBy: signedBySchema.nullable(),
    message: z.string().nullable(),
  }),
} as const
