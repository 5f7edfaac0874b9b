import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_CHANNELS, INVOKE_CHANNELS, subscriptionName } from '../shared/contracts/channels'

// Named functions only, one per contract channel and one subscription per pushed event;
// ipcRenderer itself never reaches the page. Main parses every payload, so nothing is checked here.
type Listener = (payload: unknown) => void
const api: Record<string, (arg?: unknown) => unknown> = {}

for (const [method, channel] of Object.entries(INVOKE_CHANNELS)) {
  api[method] = (input?: unknown) => ipcRenderer.invoke(channel, input)
}

for (const [event, channel] of Object.entries(EVENT_CHANNELS)) {
  api[subscriptionName(event as keyof typeof EVENT_CHANNELS)] = (listener?: unknown) => {
    if (typeof listener !== 'function') throw new TypeError(`${event}: pass a listener function.`)
    // Only the payload crosses: the IPC event (with its sender) stays on this side of the bridge.
    const forward = (_event: IpcRendererEvent, payload: unknown) => (listener as Listener)(payload)
    ipcRenderer.on(channel, forward)
    return () => void ipcRenderer.removeListener(channel, forward)
  }
}

contextBridge.exposeInMainWorld('casefile', Object.freeze(api))
