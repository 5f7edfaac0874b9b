/**
 * Channel names of case files (a report made into a zip for the police or a court, one
 * handed back checked, and the officer its certificate names), with no
 * schema attached so the preload can bundle them. case-file.ts pairs each with its
 * schemas; they are work channels, served by the core process.
 */
export const CASE_FILE_INVOKE_CHANNELS = {
  caseFileVerify: 'case-file:verify',
  caseFileSigner: 'case-file:signer',
  caseFileSetSigner: 'case-file:set-signer',
} as const
