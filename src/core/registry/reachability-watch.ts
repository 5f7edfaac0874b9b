import { EventEmitter } from 'node:events'
import type { ExchangeLogEntry } from './registry-request'
import {
  reachabilityOf,
  sameReachability,
  UNKNOWN_REACHABILITY,
  type Reachability,
} from './reachability'

/**
 * Whether the registry could be reached at the last exchange with it (any call, not only
 * sync), and its changes: every exchange says something about it; the window is told of changes.
 */
export class ReachabilityWatch {
  private reach: Reachability = UNKNOWN_REACHABILITY
  private readonly events = new EventEmitter()

  note(entry: ExchangeLogEntry, at: number): void {
    const found = reachabilityOf(entry, at)
    if (!found) return
    const changed = !sameReachability(found, this.reach)
    this.reach = found
    if (changed) this.events.emit('change', found)
  }

  current(): Reachability {
    return this.reach
  }

  onChange(listener: (reachability: Reachability) => void): () => void {
    this.events.on('change', listener)
    return () => this.events.off('change', listener)
  }
}
