import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { userInfo } from 'node:os'
import type { CoreContext } from '../core-context'
import { casefilePackage } from '../package-root'
import { ownOrganizationName } from '../cache/cache'
import { type Db, prepare, writeTransaction } from '../store/store'
import type { ScreeningSourceInput } from './screening-read'

/*
 * What a screening record tells an auditor (issue 40), kept with the job (`audit_json`,
 * migration 0016): the input's SHA-256 and size, the registry, the organization, who ran it
 * and with which Casefile, the pace and how it changed, and the start and end on the
 * registry's clock. The record's writers (screening-record.ts) read it back.
 */

/** One change of a job's pace: when (the registry's time, epoch ms), to what, and why. */
export interface PaceChange {
  at: number
  rate: number
  why: 'start' | 'raised' | 'halved' | 'end'
}

export interface JobAudit {
  input?: { sha256: string; bytes: number }
  registry?: string
  organization?: string | null
  osUser?: string
  version?: string
  /** How young an earlier answer had to be to be reused (ms); absent: none was. */
  fresherThanMs?: number
  pace?: { mode: 'auto' | 'fixed'; changes: PaceChange[] }
  /** The registry's time (epoch ms) the first search of the job started, and the job ended. */
  startedAt?: number
  endedAt?: number
}

/** The most pace changes a record keeps: the first ones and the last ones past it are merged. */
const MAX_CHANGES = 200

/** The SHA-256 and size of the list as read. */
export async function inputDigest(
  source: ScreeningSourceInput,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  if (source.kind === 'list') {
    const bytes = Buffer.from(source.text, 'utf8')
    return { sha256: hash.update(bytes).digest('hex'), bytes: bytes.length }
  }
  if ('bytes' in source.table) {
    hash.update(source.table.bytes)
    return { sha256: hash.digest('hex'), bytes: source.table.bytes.length }
  }
  let bytes = 0
  for await (const chunk of createReadStream(source.table.path)) {
    hash.update(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return { sha256: hash.digest('hex'), bytes }
}

function osUser(): string {
  try {
    return userInfo().username
  } catch {
    return process.env['USER'] ?? process.env['USERNAME'] ?? 'unknown'
  }
}

/** The facts known when the job is written. */
export function startingAudit(
  core: CoreContext,
  input: { sha256: string; bytes: number },
  options: { pace: 'auto' | 'fixed'; fresherThanMs?: number },
): JobAudit {
  return {
    input,
    registry: core.client.connection.baseUrl,
    organization: ownOrganizationName(core.db),
    osUser: osUser(),
    version: casefilePackage()?.version ?? 'unknown',
    ...(options.fresherThanMs !== undefined ? { fresherThanMs: options.fresherThanMs } : {}),
    pace: { mode: options.pace, changes: [] },
  }
}

export function readAudit(db: Db, jobId: number): JobAudit {
  const row = prepare<[number], { audit: string }>(
    db,
    'SELECT audit_json AS audit FROM screening_jobs WHERE id = ?',
  ).get(jobId)
  try {
    return row ? (JSON.parse(row.audit) as JobAudit) : {}
  } catch {
    return {}
  }
}

export function writeAudit(db: Db, jobId: number, audit: JobAudit): void {
  prepare(db, 'UPDATE screening_jobs SET audit_json = ? WHERE id = ?').run(
    JSON.stringify(audit),
    jobId,
  )
}

/** Changes the job's audit in one commit (read, changed, written back). */
export function updateAudit(db: Db, jobId: number, change: (audit: JobAudit) => JobAudit): void {
  writeTransaction(db, () => writeAudit(db, jobId, change(readAudit(db, jobId))))
}

/** A run of the job started now: its start (the first only) and its pace then. */
export function noteRunStart(core: CoreContext, jobId: number, rate: number): void {
  const at = core.folderClock.registry.now()
  updateAudit(core.db, jobId, (audit) => ({
    ...audit,
    startedAt: audit.startedAt ?? at,
    pace: withChange(audit.pace, { at, rate, why: 'start' }),
  }))
}

/** The pace moved: kept when it halved, or rose by a fifth since the last change kept. */
export function notePace(core: CoreContext, jobId: number, rate: number): void {
  const audit = readAudit(core.db, jobId)
  const last = audit.pace?.changes.at(-1)
  if (last && rate <= last.rate * 1.2 && rate >= last.rate * 0.75) return
  const why = last && rate < last.rate ? 'halved' : 'raised'
  writeAudit(core.db, jobId, {
    ...audit,
    pace: withChange(audit.pace, { at: core.folderClock.registry.now(), rate, why }),
  })
}

/** The job finished: its end on the registry's clock, and its pace at the end. */
export function noteRunEnd(core: CoreContext, jobId: number, rate: number, done: boolean): void {
  const at = core.folderClock.registry.now()
  updateAudit(core.db, jobId, (audit) => ({
    ...audit,
    ...(done ? { endedAt: at } : {}),
    pace: withChange(audit.pace, { at, rate, why: 'end' }),
  }))
}

function withChange(pace: JobAudit['pace'], change: PaceChange): JobAudit['pace'] {
  const changes = [...(pace?.changes ?? []), change]
  if (changes.length > MAX_CHANGES) changes.splice(MAX_CHANGES / 2, 1)
  return { mode: pace?.mode ?? 'fixed', changes }
}
