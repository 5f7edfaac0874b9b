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
  ) {}

  static async open(
    path: string,
  ): Promise<{ store: SettingsStore; recovered?: LoadedSettings['recovered'] }> {
    const { settings, recovered } = await readSettingsFile(path)
    return { store: new SettingsStore(path, settings), recovered }
  }

  get current(): Settings {
    return this.value
  }

  update(change: (current: Settings) => Settings): Promise<Settings> {
    const run = this.queue.then(async () => {
      const next = settingsSchema.parse(change(this.value))
      await writeSettingsFile(this.path, next)
      this.value = next
      return next
    })
    this.queue = run.catch(() => undefined)
    return run
  }
}
