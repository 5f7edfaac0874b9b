import { z } from 'zod'
import { CASE_FILE_INVOKE_CHANNELS as C } from './case-file-channels'

/*
 * A case file over IPC: the zip of one report (case.pdf, the registry's answer, the attachments,
 * the retrieval log, the s.84 certificate, SHA256SUMS) is saved through main (files.ts,
 * saveCaseFile), which asks where in its own dialog and has the core write it there
 * (case-export.ts). The window names the report only; never a path, and never holds the zip.
 * A zip handed back to be checked comes as bytes (caseFileVerify).
 */

/** Three attachments of at most 10 MiB, twice (the files and the pictures in case.pdf), and room. */
export const MAX_CASE_FILE_BYTES = 128 * 1024 * 1024

/** A case's bundle holds many reports' files: eight case files' worth (MAX_CASE_BUNDLE_BYTES). */
export const MAX_VERIFY_BYTES = 8 * MAX_CASE_FILE_BYTES

export const caseFileInputSchema = z.strictObject({
  /** The report's registry id: one of the organization's submissions, or a report from a search. */
  id: z.string().min(1).max(200),
})

/** The certificate that signed SHA256SUMS.p7s: its subject and its SHA-256 as openssl prints it. */
export const signedBySchema = z.strictObject({
  subject: z.string(),
  /** AB:CD:…, as Settings → Case files and `openssl x509 -fingerprint -sha256` print it. */
  fingerprint: z.string(),
})
export type SignedBy = z.infer<typeof signedBySchema>

/** One of the signer's fields as typed: the core says what is wrong with it (signerFieldProblem). */
const signerFieldSchema = z.string().max(10_000)

/**
 * Who the s.84 certificate names as the officer who signs it by hand (null: left blank), and
 * the signing key kept for this data folder, if any (its certificate only: the key never leaves
 * the core).
 */
export const signerViewSchema = z.strictObject({
  name: z.string().nullable(),
  position: z.string().nullable(),
  organization: z.string().nullable(),
  signingKey: z.discriminatedUnion('kept', [
    z.strictObject({
      kept: z.literal(true),
      /** keychain: the OS keychain; file: signing-key.json in the data folder, owner only. */
      where: z.enum(['keychain', 'file']),
      subject: z.string(),
      /** SHA-256 of the certificate, as openssl prints it (AB:CD:…). */
      fingerprint: z.string(),
      validTo: z.string(),
    }),
    z.strictObject({
      kept: z.literal(false),
      /** Why it could not be read (a damaged file), in words; null when none was made. */
      problem: z.string().nullable(),
    }),
  ]),
})
export type SignerView = z.infer<typeof signerViewSchema>

export const caseFileContract = {
  /**
   * A case file or a case's bundle handed back (a zip dropped on the window, or chosen), checked
   * as `casefile case verify` checks it: every file against SHA256SUMS, what the files state
   * about themselves, and the fingerprint. The window sends the bytes it was given, never a path;
   * the core reads them as hostile. A zip it will not read comes back as a refusal in words.
   */
  caseFileVerify: {
    channel: C.caseFileVerify,
    input: z.strictObject({
      /** The name it was dropped or chosen under, for the words only. */
      fileName: z.string().min(1).max(255),
      bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_VERIFY_BYTES),
    }),
    output: z.discriminatedUnion('ok', [
      z.strictObject({
        ok: z.literal(true),
        /** Every file matches SHA256SUMS and nothing it states is contradicted. */
        intact: z.boolean(),
        /** The SHA-256 of SHA256SUMS: the figure its certificate states. */
        fingerprint: z.string(),
        files: z.array(
          z.strictObject({
            name: z.string(),
            verdict: z.enum(['ok', 'changed', 'missing', 'added', 'certificate', 'signature']),
          }),
        ),
        disagreements: z.array(z.string()),
        /**
         * SHA256SUMS.p7s, in words: unsigned, or whether the signature is whole over SHA256SUMS
         * and whose it is (the window has no CA to check it against: `case verify --ca` does).
         */
        signature: z.strictObject({ signed: z.boolean(), ok: z.boolean(), message: z.string() }),
      }),
      z.strictObject({ ok: z.literal(false), message: z.string() }),
    ]),
  },
  /** Settings → Case files: the officer the certificate names, and the signing key kept here. */
  caseFileSigner: { channel: C.caseFileSigner, input: z.undefined(), output: signerViewSchema },
  /**
   * Changes the fields given (an empty string clears one; one left out stays as it was). A
   * field the core refuses comes back as a refusal naming it, in the core's words.
   */
  caseFileSetSigner: {
    channel: C.caseFileSetSigner,
    input: z.strictObject({
      name: signerFieldSchema.optional(),
      position: signerFieldSchema.optional(),
      organization: signerFieldSchema.optional(),
    }),
    output: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), signer: signerViewSchema }),
      z.strictObject({
        ok: z.literal(false),
        problems: z.array(
          z.strictObject({
            field: z.enum(['name', 'position', 'organization']),
            message: z.string(),
          }),
        ),
      }),
    ]),
  },
} as const
