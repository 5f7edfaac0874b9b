import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { imageSize, withinDecodeCap } from '../../../shared/image-size'
import { sniffViewable, VIEWABLE_TYPES } from '../../../shared/viewable-types'
import { formatBytes } from '../format'
import { useViewerStore } from '../stores/viewer-store'

const PdfPages = lazy(() => import('./PdfPages').then((m) => ({ default: m.PdfPages })))

/**
 * An image from the bytes the core handed over, through a blob: address of this page only, made
 * when the image is in the page and revoked when it leaves (a ref's cleanup, which StrictMode's
 * second mount cannot leave pointing at a revoked address).
 */
function ImageView({
  bytes,
  mime,
  fileName,
}: {
  bytes: Uint8Array<ArrayBuffer>
  mime: string
  fileName: string
}) {
  const show = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return
      const url = URL.createObjectURL(new Blob([bytes], { type: mime }))
      img.src = url
      return () => URL.revokeObjectURL(url)
    },
    [bytes, mime],
  )
  return <img className="viewer-image" ref={show} alt={fileName} />
}

/**
 * The in-app viewer of an attachment: an image or a PDF, from bytes the core decrypted or fetched
 * and checked (the page never loads a remote address). Checked here again by their first bytes
 * before anything draws them. A native modal dialog: focus stays in it, Escape closes it.
 */
export function AttachmentViewer() {
  const state = useViewerStore((s) => s.state)
  const close = useViewerStore((s) => s.close)
  const save = useViewerStore((s) => s.save)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // What the last Save a copy… of the file shown came to (kept with the file it is about).
  const [saved, setSaved] = useState<{ ref: unknown; note: string | null } | null>(null)
  const open = state.phase !== 'closed'

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  const saveNote = open && saved?.ref === state.ref ? saved.note : null

  const shownType = state.phase === 'shown' ? sniffViewable(state.bytes) : null
  const mismatch = state.phase === 'shown' && shownType !== state.type
  // Checked again here, as the type is: an image whose header is unread or over the pixel cap
  // is never given to the page's decoder (the core refuses it first).
  const shownSize = state.phase === 'shown' && state.type !== 'pdf' ? imageSize(state.bytes) : null
  const tooLarge =
    state.phase === 'shown' && state.type !== 'pdf' && (!shownSize || !withinDecodeCap(shownSize))

  return (
    <dialog
      ref={dialogRef}
      className="viewer"
      aria-labelledby={titleId}
      onClose={() => {
        if (useViewerStore.getState().state.phase !== 'closed') close()
      }}
    >
      {open && (
        <div className="viewer-frame">
          <header className="viewer-head">
            <h2 id={titleId} className="viewer-title">
              {state.fileName}
            </h2>
            {state.phase === 'shown' && (
              <span className="muted">
                {state.typeLabel} · {formatBytes(state.size)}
              </span>
            )}
            <div className="viewer-actions">
              {(state.phase === 'shown' || (state.phase === 'refused' && state.canSave)) && (
                <button
                  type="button"
                  onClick={() =>
                    void save(state.ref, state.fileName).then((note) =>
                      setSaved({ ref: state.ref, note }),
                    )
                  }
                >
                  Save a copy…
                </button>
              )}
              <button type="button" onClick={close}>
                Close
              </button>
            </div>
          </header>
          {saveNote && (
            <p role="status" className="viewer-note">
              {saveNote}
            </p>
          )}
          {/* Scrolls when the page or image is larger than the window: reachable by keyboard. */}
          <div
            className="viewer-body"
            tabIndex={0}
            role="region"
            aria-label={`Contents of ${state.fileName}`}
          >
            {state.phase === 'loading' && <p className="muted">Opening {state.fileName}…</p>}
            {state.phase === 'refused' && <p role="alert">{state.message}</p>}
            {state.phase === 'shown' && mismatch && (
              <p role="alert">
                {state.fileName} is not the file it claims to be, so Casefile will not show it.
              </p>
            )}
            {state.phase === 'shown' && !mismatch && state.type === 'pdf' && (
              <Suspense fallback={<p className="muted">Drawing the first page…</p>}>
                <PdfPages bytes={state.bytes} fileName={state.fileName} />
              </Suspense>
            )}
            {state.phase === 'shown' && !mismatch && tooLarge && (
              <p role="alert">
                {state.fileName} is too large for Casefile to show. Use “Save a copy…” and open it
                in another program if you need to see it.
              </p>
            )}
            {state.phase === 'shown' && !mismatch && !tooLarge && state.type !== 'pdf' && (
              <ImageView
                bytes={state.bytes}
                mime={VIEWABLE_TYPES[state.type].mime}
                fileName={state.fileName}
              />
            )}
          </div>
        </div>
      )}
    </dialog>
  )
}
