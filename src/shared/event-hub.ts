/** A small typed publish/subscribe: `on` returns its own unsubscribe. */
export class EventHub<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>()

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set()
    set.add(listener as (payload: never) => void)
    this.listeners.set(event, set)
    return () => void set.delete(listener as (payload: never) => void)
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (payload: Events[E]) => void)(payload)
  }
}
