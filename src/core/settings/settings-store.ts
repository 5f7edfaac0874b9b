import { readSettingsFile, writeSettingsFile, type LoadedSettings } from './settings-file'
import { settingsSchema, type Settings } from './settings-schema'

/**
 * The settings of one running app: read once, changed through `update`, which checks the new
 * settings, writes them atomically and only then makes them current. Updates run one after the
 * other, so two quick changes never race on the file or lose each other.
 */
export class SettingsStore {
  private queue: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly path: string,
    private value: Settings,
    /** Set when a newer Casefile wrote the file: it is never written over, and this says why. */
    private readonly newer?: string,
  ) {}

  static async open(path: string): Promise<{
    store: SettingsStore
    recovered?: LoadedSettings['recovered']
    newer?: string
  }> {
    const { settings, recovered, newer } = await readSettingsFile(path)
    return { store: new SettingsStore(path, settings, newer), recovered, newer }
  }

  get current(): Settings {
    return this.value
  }

  update(change: (current: Settings) => Settings): Promise<Settings> {
    const run = this.queue.then(async () => {
      if (this.newer) throw new Error(this.newer)
      const next = settingsSchema.parse(change(this.value))
      await writeSettingsFile(this.path, next)
      this.value = next
      return next
    })
    this.queue = run.catch(() => undefined)
    return run
  }
}
