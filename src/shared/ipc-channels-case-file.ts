/**
 * Channel names of case files (a report made into a zip for the police or a court), with no
 * schema attached so the preload can bundle them. contract-case-file.ts pairs each with its
 * schemas; they are work channels, served by the core process.
 */
export const CASE_FILE_INVOKE_CHANNELS = {
  caseFileBuild: 'case-file:build',
} as const
