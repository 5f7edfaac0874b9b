/**
 * Channel names of case files (a report made into a zip for the police or a court, and one
 * handed back checked), with no
 * schema attached so the preload can bundle them. case-file.ts pairs each with its
 * schemas; they are work channels, served by the core process.
 */
export const CASE_FILE_INVOKE_CHANNELS = {
  caseFileBuild: 'case-file:build',
  caseFileVerify: 'case-file:verify',
} as const
