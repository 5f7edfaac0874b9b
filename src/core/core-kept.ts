/**
 * What features keep for one opened core, for as long as it is open: the screening's background
 * runners, the watcher's wake, the search pace, the submissions refresh in flight. One per core
 * (open-core.ts makes it), held in the context (core-context.ts), so two cores of one folder in
 * one process (the app's and a test's) keep theirs apart and nothing outlives its core in a
 * module. A feature names its slot with a key of its own: `kept.of(KEY, make)` makes the value the
 * first time it is asked for and gives the same one after.
 */
export interface KeptKey<T> {
  readonly name: string
  /** Only for the type: a key's value is a T. */
  readonly _value?: T
}

export const keptKey = <T>(name: string): KeptKey<T> => ({ name })

export class CoreKept {
  private readonly values = new Map<KeptKey<unknown>, unknown>()

  of<T>(key: KeptKey<T>, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T
    const value = make()
    this.values.set(key, value)
    return value
  }

  /** The value kept under `key`, if one was made. */
  peek<T>(key: KeptKey<T>): T | undefined {
    return this.values.get(key) as T | undefined
  }
}
