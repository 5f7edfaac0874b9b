import type { ConfirmDialog } from '../../shared/confirm-dialog'
import type { UpdateChannel } from '../update/update-policy'

export type { ConfirmDialog }

/*
 * What a script in the page must not do for the person, main asks them first, in a native
 * dialog the page can neither draw nor answer (confirm-in-main.ts shows it). Here are the
 * dialogs' words, as pure functions tested under Node; the handlers ask before they act, and
 * Cancel is always the default, so Enter or Escape changes nothing.
 */

/** Asks the person; true only on their yes. */
export type Confirm = (dialog: ConfirmDialog) => Promise<boolean>

const dialog = (
  words: Pick<ConfirmDialog, 'title' | 'message' | 'detail'>,
  yes: string,
  no: string,
): ConfirmDialog => ({ ...words, buttons: [yes, no], defaultId: 1, cancelId: 1 })

const NOT_YOU = 'If you did not ask for this in Casefile just now, choose'

/**
 * At most one confirmation on screen: another asked for while one is showing is answered no at
 * once. A page asking again and again cannot stack dialogs up so that a click meant for one
 * answers the next.
 */
export function oneAtATime(confirm: Confirm): Confirm {
  let showing = false
  return async (words) => {
    if (showing) return false
    showing = true
    try {
      return await confirm(words)
    } finally {
      showing = false
    }
  }
}

/** A key being set, replaced or removed, for the registry named `where`. */
export interface KeyChange {
  /** The registry the key speaks to: its host, or "the sandbox registry on this computer". */
  where: string
  /** Whether a key is there now, and its last four characters if they may be shown. */
  before: { set: boolean; last4: string | null }
  /** The new key's last four (null: too short to show); undefined when the key is removed. */
  after?: { last4: string | null }
}

const ending = (last4: string | null) => (last4 ? ` (ending ${last4})` : '')

/** The words for setting, replacing or removing the API key that speaks for the organization. */
export function keyChangeDialog(change: KeyChange): ConfirmDialog {
  const { where, before, after } = change
  if (after === undefined)
    return dialog(
      {
        title: 'Remove the API key',
        message: `Remove the API key for ${where}${ending(before.last4)}?`,
        detail: [
          `Casefile will send nothing to ${where} until a key is pasted again; reports stay queued.`,
          `${NOT_YOU} Keep the key.`,
        ].join('\n\n'),
      },
      'Remove the key',
      'Keep the key',
    )
  if (before.set)
    return dialog(
      {
        title: 'Replace the API key',
        message: `Replace the API key for ${where}${ending(before.last4)} with the one pasted${ending(after.last4)}?`,
        detail: [
          `Reports waiting in the outbox will be sent with the new key, in the name of the organization it belongs to. The key now in use will be gone from this computer.`,
          `${NOT_YOU} Keep the current key.`,
        ].join('\n\n'),
      },
      'Replace the key',
      'Keep the current key',
    )
  return dialog(
    {
      title: 'Use this API key',
      message: `Use the key pasted${ending(after.last4)} for ${where}?`,
      detail: [
        `Reports waiting in the outbox will be sent with it, in the name of the organization it belongs to.`,
        `${NOT_YOU} Don't save it.`,
      ].join('\n\n'),
    },
    'Save the key',
    "Don't save it",
  )
}

const CHANNEL_WORDS: Record<UpdateChannel, string> = {
  stable: 'stable versions only',
  beta: 'beta versions, before they are released to everyone',
}

/** The words for switching the channel Casefile updates itself from. */
export function updateChannelDialog(from: UpdateChannel, to: UpdateChannel): ConfirmDialog {
  return dialog(
    {
      title: 'Change of update channel',
      message: `Update Casefile with ${CHANNEL_WORDS[to]}?`,
      detail: [
        to === 'beta'
          ? 'Beta versions are tried out before everyone gets them; they may have faults that the stable version does not.'
          : 'A beta version already installed stays until the next stable version is out.',
        `${NOT_YOU} Keep ${from}.`,
      ].join('\n\n'),
    },
    `Switch to ${to}`,
    `Keep ${from}`,
  )
}

/** The words for installing a downloaded update now (Casefile restarts). */
export function installUpdateDialog(current: string, version: string | null): ConfirmDialog {
  const next = version ? `version ${version}` : 'the new version'
  return dialog(
    {
      title: 'Install the update',
      message: `Restart Casefile now to install ${next}?`,
      detail: [
        `Casefile ${current} closes and ${next} starts; nothing queued is lost. If a report is being sent or an import runs, the restart waits for it to end.`,
        `${NOT_YOU} Not now: it is installed the next time Casefile quits.`,
      ].join('\n\n'),
    },
    'Restart and install',
    'Not now',
  )
}

const SHOWN_URL_LENGTH = 300

/**
 * The words for opening a link in the system browser. The window has no links of its own to
 * the web, so any request to open one is asked about, naming the host: whatever the address
 * carries (a query string can carry identifiers) goes to that host.
 */
export function externalLinkDialog(url: string): ConfirmDialog {
  const { host } = new URL(url)
  const shown =
    url.length > SHOWN_URL_LENGTH
      ? `${url.slice(0, SHOWN_URL_LENGTH)}… (${url.length} characters)`
      : url
  return dialog(
    {
      title: 'Open a web page',
      message: `Open ${host} in your browser?`,
      detail: [
        `Casefile's window asked to open:\n${shown}`,
        `Everything in that address goes to ${host}. ${NOT_YOU} Don't open.`,
      ].join('\n\n'),
    },
    `Open ${host}`,
    "Don't open",
  )
}
