import {
  inRegistryTime,
  type CaseClock,
  type RetrievalEntry,
  producingSystem,
} from '../case-file/case-file'

/**
 * A bundle's retrieval-log.json: the exchanges made now (each report's retrieval and its
 * attachments, moved to the registry's clock) and then each search as it was answered when it
 * was added to the case (already on the registry's clock, or saying it is this computer's).
 */
export function retrievalLog(
  caseId: string,
  clock: CaseClock,
  exchanges: readonly RetrievalEntry[],
  searches: readonly Record<string, unknown>[],
  at: number,
  registry: string,
): Buffer {
  return Buffer.from(
    `${JSON.stringify(
      {
        case: caseId,
        exportedAt: new Date(at).toISOString(),
        producedBy: producingSystem(),
        registry,
        computerClock: {
          aheadOfRegistryMs: clock.computerAheadMs,
          note:
            clock.computerAheadMs === null
              ? 'No answer of the registry gave its clock: the times are this computer\u2019s.'
              : 'The times are the registry\u2019s, read from the Date header of its answers; this is how far this computer\u2019s clock was from it (negative: behind).',
        },
        note: 'Every exchange with the registry that produced this bundle: the reports and attachments fetched now, and each search as it was answered when it was added to the case. No API key is ever written here.',
        exchanges: [...inRegistryTime(exchanges, clock), ...searches],
      },
      null,
      2,
    )}\n`,
    'utf8',
  )
}
