/**
 * Whether the core is doing work an install must not cut short: an operation being sent (from
 * the operationChanged events main forwards to the window) or an import running (a bulkQueue
 * call in flight). Main only routes, so it learns both from traffic it already sees.
 */
export class BusyTracker {
  private readonly sending = new Set<number>()
  private imports = 0
  private wasBusy = false

  constructor(private readonly onChange: (busy: boolean) => void) {}

  get busy(): boolean {
    return this.sending.size > 0 || this.imports > 0
  }

  /** An operation's new state, as pushed to the window. */
  operationChanged(operation: { id: number; state: string }): void {
    if (operation.state === 'sending') this.sending.add(operation.id)
    else this.sending.delete(operation.id)
    this.changed()
  }

  /** Wraps a call that imports, so the tracker knows it runs until it settles. */
  async whileImporting<T>(work: () => Promise<T>): Promise<T> {
    this.imports += 1
    this.changed()
    try {
      return await work()
    } finally {
      this.imports -= 1
      this.changed()
    }
  }

  /** The core stopped (quit, profile switch, restart): what it was sending ended with it. */
  coreStopped(): void {
    this.sending.clear()
    this.changed()
  }

  private changed(): void {
    const busy = this.busy
    if (busy !== this.wasBusy) {
      this.wasBusy = busy
      this.onChange(busy)
    }
  }
}
