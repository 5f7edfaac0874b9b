import { contextBridge, ipcRenderer } from 'electron'
import { INVOKE_CHANNELS } from '../shared/ipc-channels'

// Named functions only, one per contract channel; ipcRenderer itself never reaches the page.
const api: Record<string, (input?: unknown) => Promise<unknown>> = {}
for (const [method, channel] of Object.entries(INVOKE_CHANNELS)) {
  api[method] = (input?: unknown) => ipcRenderer.invoke(channel, input)
}

contextBridge.exposeInMainWorld('casefile', Object.freeze(api))
