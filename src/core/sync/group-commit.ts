import { storageProblemOf, type Db, writeTransaction } from '../store/store'
import { type Operation, LocalProblem } from '../outbox/outbox'
import type { Outcome } from './engine-types'

/**
 * How long an answer waits for the answers of the other operations in flight before it is
 * committed without them: one disk sync for several answers, for a few milliseconds of delay.
 */
const GROUP_COMMIT_WAIT_MS = 3

/** What a run gives its group commit (run-loop.ts). */
export interface GroupCommitHooks {
  db: Db
  /** Run inside each commit's transaction (the exchange log; a check that the folder is there). */
  alsoInCommit?: () => void
  /** Operations sent and not yet answered. */
  inFlightCount: () => number
  /** Why the run must stop, once it must (nothing more is written then). */
  halted: () => { error: unknown } | null
  halt: (error: unknown) => void
  /** Records a failure of `op`'s attempt `attempt` (failure-mapping.ts), in the commit. */
  recordFailure: (op: Operation, attempt: number, error: unknown) => Outcome
  /** The next heads, claimed inside the same transaction (none once the run stops picking). */
  claimMore: (finishing: ReadonlySet<string>, outcomes: Outcome[]) => Operation[]
  /** Sends what claimMore claimed, once its claim is committed. */
  launch: (ops: Operation[]) => void
}

interface Pending {
  op: Operation
  work: () => Outcome
  resolve: (outcome: Outcome) => void
}

/**
 * Group commit: outcomes that arrive together are written in one transaction (one disk sync
 * for all of them), each in its own savepoint so one failing write cannot undo the others, and
 * the next heads are claimed in that same transaction. Until it is committed an operation is
 * still `sending`, so a crash in between is recovered as an unknown outcome and reconciled,
 * never lost or sent twice. One per run.
 */
export class GroupCommit {
  private queue: Pending[] = []
  private soon = false
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly hooks: GroupCommitHooks) {}

  /** Writes `work` (the outcome of `op`) with the answers that arrive with it. */
  commit(op: Operation, work: () => Outcome): Promise<Outcome> {
    if (this.hooks.halted()) return Promise.resolve('halted')
    return new Promise((resolve) => {
      this.queue.push({ op, work, resolve })
      if (this.queue.length >= this.hooks.inFlightCount()) {
        // Every operation in flight has answered: nothing more to wait for.
        clearTimeout(this.timer)
        this.timer = undefined
        if (!this.soon) {
          this.soon = true
          setImmediate(() => this.flush())
        }
      } else if (this.queue.length === 1 && !this.soon) {
        // Others are still out: give their answers a moment to join this commit.
        this.timer = setTimeout(() => this.flush(), GROUP_COMMIT_WAIT_MS)
      }
    })
  }

  private flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.soon = false
    const batch = this.queue.splice(0)
    if (batch.length === 0) return
    const finishing = new Set(batch.map(({ op }) => op.chainId))
    let committed: { outcomes: Outcome[]; claimed: Operation[] }
    try {
      const halted = this.hooks.halted()
      if (halted) throw halted.error
      committed = this.write(batch, finishing)
    } catch (error) {
      this.hooks.halt(error)
      batch.forEach(({ resolve }) => resolve('halted'))
      return
    }
    const { outcomes, claimed } = committed
    batch.forEach(({ resolve }, i) => resolve(outcomes[i] as Outcome))
    this.hooks.launch(claimed)
  }

  private write(
    batch: Pending[],
    finishing: ReadonlySet<string>,
  ): { outcomes: Outcome[]; claimed: Operation[] } {
    const { db } = this.hooks
    return writeTransaction(db, () => {
      const outcomes = batch.map(({ op, work }) => {
        try {
          return writeTransaction(db, work)
        } catch (error) {
          if (storageProblemOf(error)) throw error // nothing can be recorded: see halt
          // The write itself failed (e.g. a report id the registry gave twice): the user must look.
          return writeTransaction(db, () =>
            this.hooks.recordFailure(
              op,
              op.attempts,
              new LocalProblem(
                `Casefile could not record the registry's answer: ${error instanceof Error ? error.message : String(error)}`,
              ),
            ),
          )
        }
      })
      this.hooks.alsoInCommit?.()
      return { outcomes, claimed: this.hooks.claimMore(finishing, outcomes) }
    })
  }
}
