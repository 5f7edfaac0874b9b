/**
 * A native dialog that asks the person before main does something a page must not do for them
 * (src/main/security/confirm-in-main.ts shows it). Its words are made by pure functions, in
 * main and in the core's settings; Cancel is always the default, so Enter or Escape changes
 * nothing.
 */
export interface ConfirmDialog {
  title: string
  message: string
  detail: string
  /** [yes, no]: the first does it, the second leaves things as they are. */
  buttons: [string, string]
  defaultId: 1
  cancelId: 1
}
