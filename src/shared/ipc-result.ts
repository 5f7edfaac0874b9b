/** What every IPC call resolves to: never a thrown error across the bridge. */
export type IpcErrorCode = 'bad_input' | 'forbidden' | 'failed'

export interface IpcError {
  code: IpcErrorCode
  message: string
  /** Per-field messages for bad input: path (e.g. "identifiers.0.value") to message. */
  issues?: { path: string; message: string }[]
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }
