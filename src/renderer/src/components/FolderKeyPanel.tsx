import { useEffect, useRef, useState } from 'react'
import type { CoreStatus } from '../../../shared/contracts/shell'
import { api } from '../api'
import { useStatusStore } from '../stores/status-store'
import { ConfirmButton } from './ConfirmButton'

/** What the window says of each folder problem, before the core's own sentence. */
const HEADLINES: Record<NonNullable<CoreStatus['folderProblem']>, string> = {
  missing: 'The key of this data folder is not on this computer',
  wrong: 'This data folder does not open with the key on this computer',
  'no-keychain': 'There is no keychain on this computer to keep the data folder’s key in',
  'bad-key': 'The data folder’s key cannot be used',
  damaged: 'This data folder is damaged',
}

/** The folder problems a key from elsewhere can solve. */
const KEY_CAN_HELP = new Set(['missing', 'wrong'])

/**
 * Shown instead of the desk while the active profile's data folder will not open (its key is
 * lost or wrong): what happened, in words, and the two ways out, as the CLI offers them. Import
 * the key exported where the folder was made (main asks for the file in its own dialog; the
 * passphrase is typed here), or set the folder aside (renamed, nothing deleted) and start anew.
 * Nothing here changes the folder until one of the two is chosen.
 */
export function FolderKeyPanel({ status }: { status: CoreStatus }) {
  const [passphrase, setPassphrase] = useState('')
  const [busy, setBusy] = useState<'import' | 'aside' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const errorRef = useRef<HTMLParagraphElement>(null)
  const problem = status.folderProblem ?? 'damaged'

  useEffect(() => headingRef.current?.focus(), [])
  useEffect(() => {
    if (error) errorRef.current?.focus()
  }, [error])

  const done = () => void useStatusStore.getState().refresh()

  const importKey = async (event: React.FormEvent) => {
    event.preventDefault()
    if (passphrase === '') {
      setError('Type the passphrase the key file was exported with, then choose the file.')
      return
    }
    setBusy('import')
    setError(null)
    setNote(null)
    const result = await api().folderImportKey({ passphrase })
    setBusy(null)
    if (!result.ok) return setError(result.error.message)
    if (!result.value.imported) return setNote('No key file was chosen: nothing changed.')
    setPassphrase('')
    done()
  }

  const setAside = async () => {
    setBusy('aside')
    setError(null)
    const result = await api().folderSetAside()
    setBusy(null)
    if (!result.ok) return setError(result.error.message)
    useStatusStore
      .getState()
      .setNotice(
        `The old data folder is kept, unchanged, as ${result.value.setAsideAs}. Casefile started a new, empty one; reports still queued in the old folder are sent only if its key is found.`,
      )
    done()
  }

  return (
    <section className="panel folder-key" aria-labelledby="folder-key-h">
      <h2 id="folder-key-h" ref={headingRef} tabIndex={-1}>
        {HEADLINES[problem]}
      </h2>
      <p>{status.message}</p>
      {error && (
        <p className="error-text" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      )}
      {note && <p role="status">{note}</p>}
      {KEY_CAN_HELP.has(problem) && (
        <form
          className="folder-key-import"
          onSubmit={(event) => void importKey(event)}
          aria-labelledby="folder-key-import-h"
        >
          <h3 id="folder-key-import-h">Import the folder’s key</h3>
          <p>
            Choose the key file exported on the computer where this folder was made, and type the
            passphrase it was exported with.
          </p>
          <div className="folder-key-row">
            <label htmlFor="folder-key-passphrase">Passphrase of the key file</label>
            <input
              id="folder-key-passphrase"
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={(event) => setPassphrase(event.target.value)}
            />
            <button type="submit" disabled={busy !== null}>
              {busy === 'import' ? 'Importing…' : 'Choose key file and import…'}
            </button>
          </div>
        </form>
      )}
      <h3>Start again with a new folder</h3>
      <p>
        Casefile renames this folder, deleting nothing, and starts a new, empty one. The old folder
        stays on this computer under its new name.
      </p>
      <ConfirmButton
        label={busy === 'aside' ? 'Setting the folder aside…' : 'Set this folder aside…'}
        question="Set this folder aside and start a new, empty one?"
        confirmLabel="Set it aside"
        disabled={busy !== null}
        onConfirm={() => void setAside()}
      />
    </section>
  )
}
