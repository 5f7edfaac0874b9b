import { PassThrough } from 'node:stream'
import type { CoreContext, FeatureHandlers } from '../core-context'
import type { WorkHandlers } from '../../shared/contracts/work'
import { exportHits } from './screening-export'
import { exportRecord } from './screening-record'
import {
  cancelJob,
  discardJob,
  estimateScreening,
  jobView,
  pauseJob,
  previewScreening,
  reopenJob,
  readListJobs,
  readShowJob,
  rescreenJob,
  startScreening,
} from './screening'

/** What the hits export (or the record of every row) is called when saved. */
const exportName = (job: number, content: 'hits' | 'record', format: string) =>
  `screening-${job}-${content}.${format}`

type StartInput = Parameters<WorkHandlers['screeningStart']>[0]

/** A job written from the window's choices (the file or the pasted list, the mapping, the pace). */
function startFromWindow(context: CoreContext, input: StartInput): Promise<number> {
  const source =
    input.source.kind === 'file'
      ? {
          kind: 'table' as const,
          fileName: input.source.fileName,
          table: { bytes: input.source.bytes },
        }
      : {
          kind: 'list' as const,
          fileName: 'Pasted list',
          text: input.source.text,
          type: input.source.type,
        }
  return startScreening(context, source, {
    mapping: input.mapping,
    headerRow: input.headerRow,
    bank: input.bank,
    rate: input.rate,
    fresherThanMs:
      input.fresherThanDays === undefined ? undefined : input.fresherThanDays * 86_400_000,
    offline: input.offline,
  })
}

/** Screening's slice of the contract: jobs run in the background of the app's core. */
export const screeningHandlers: FeatureHandlers<
  | 'screeningPreview'
  | 'screeningStart'
  | 'screeningEstimate'
  | 'screeningList'
  | 'screeningShow'
  | 'screeningPause'
  | 'screeningResume'
  | 'screeningCancel'
  | 'screeningRescreen'
  | 'screeningExport'
> = (core) => ({
  screeningPreview: (input) =>
    previewScreening(core(), { bytes: input.bytes }, { headerRow: input.headerRow }),
  async screeningStart(input) {
    const context = core()
    const job = await startFromWindow(context, input)
    reopenJob(context, job, { background: true })
    return readShowJob(context, job, { limit: 500 })
  },
  async screeningEstimate(input) {
    const context = core()
    // Written only to be counted, as `casefile screen --estimate` does, then forgotten.
    const job = await startFromWindow(context, { ...input, offline: true })
    try {
      return estimateScreening(context, job)
    } finally {
      discardJob(context, job)
    }
  },
  screeningList: () => readListJobs(core()),
  screeningShow: (input) =>
    readShowJob(core(), input.job, { offset: input.offset, limit: input.limit ?? 500 }),
  screeningPause: (input) => pauseJob(core(), input.job),
  screeningResume: (input) => reopenJob(core(), input.job, { rate: input.rate, background: true }),
  screeningCancel: (input) => cancelJob(core(), input.job),
  screeningRescreen: (input) =>
    rescreenJob(core(), input.job, input.olderThanDays, { background: true }),
  async screeningExport(input) {
    const context = core()
    jobView(context, input.job)
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    const content = input.content ?? 'hits'
    const write = content === 'record' ? exportRecord : exportHits
    const { rows } = await write(context, input.job, sink, input.format)
    return {
      suggestedName: exportName(input.job, content, input.format),
      rows,
      base64: Buffer.concat(chunks).toString('base64'),
    }
  },
})
