/**
 * Channel names of the organization's own reports on the registry, with no schema attached so
 * the preload can bundle them. submissions.ts pairs each with its schemas; work channels.
 */
export const SUBMISSIONS_INVOKE_CHANNELS = {
  submissionsList: 'submissions:list',
  submissionsRefresh: 'submissions:refresh',
  submissionGet: 'submissions:get',
} as const
