import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import type { AttachmentView } from '../../../../shared/contracts/attachments'
import { MAX_ATTACHMENTS } from '../../../../shared/domain/report-input'
import {
  ACCEPTED_TYPES_SENTENCE,
  checkAttachment,
  MAX_ATTACHMENT_BYTES,
  sniffFileType,
} from '../../../../shared/file-types'
import { fileTypeLabel } from '../../../../shared/viewable-types'
import { formatBytes } from '../../format'
import { AttachmentButtons, linkFacts, useLinkNames } from '../../components/AttachmentLinks'

interface AttachmentsFieldProps {
  attachments: readonly AttachmentView[]
  /** Attachments already on the registry (a report being updated): shown first, removable. */
  links?: readonly string[]
  /** Removes the link at this place in `links` (the same file may be linked twice). */
  onRemoveLink?: (index: number) => void
  /** Why files cannot be added here, when they cannot (shown instead of the drop hint). */
  disabledReason?: string
  /** Resolves to a refusal message, or null once main stored the file. */
  onAdd: (fileName: string, bytes: Uint8Array<ArrayBuffer>) => Promise<string | null>
  onRemove: (id: string) => void
  disabled?: boolean
  /** The file input's id (the editor's error summary moves focus to it); generated when absent. */
  inputId?: string
  /** The report (local or registry id) whose links these are, so they can be opened; none: not offered. */
  linksReportId?: string | null
}

/**
 * Up to three files, dropped or picked. Each is checked here on its bytes (the same sniffing and
 * limits main applies again), so a refusal is immediate and says what to do.
 */
export function AttachmentsField({
  attachments,
  links = [],
  onRemoveLink,
  onAdd,
  onRemove,
  disabled,
  disabledReason,
  inputId,
  linksReportId,
}: AttachmentsFieldProps) {
  // Each link by the name the file was attached under when this folder sent it, else its last segment.
  const names = useLinkNames(links)
  const linkName = (url: string, index: number) =>
    names[index]?.url === url ? names[index].fileName : '…'
  const id = useId()
  const fileId = inputId ?? `${id}-file`
  const [refusals, setRefusals] = useState<string[]>([])
  const [over, setOver] = useState(false)
  const picks = useRef(0)

  const take = async (files: readonly File[]) => {
    // The refusals shown are the latest pick's: an earlier pick still saving must not clear them.
    const round = ++picks.current
    const found: string[] = []
    let room = MAX_ATTACHMENTS - attachments.length - links.length
    for (const file of files) {
      if (room <= 0) {
        found.push(
          `${file.name} was not added: a report takes at most ${MAX_ATTACHMENTS} attachments. Remove one first.`,
        )
        continue
      }
      // A file over the limit is refused on its size alone, without reading it into memory.
      const head =
        file.size > MAX_ATTACHMENT_BYTES
          ? new Uint8Array()
          : new Uint8Array(await file.arrayBuffer())
      const problem =
        file.size > MAX_ATTACHMENT_BYTES
          ? checkAttachment(file.size, null, file.name)
          : checkAttachment(head.length, sniffFileType(head, file.name), file.name)
      if (problem) {
        found.push(problem)
        continue
      }
      const refused = await onAdd(file.name, head)
      if (refused) found.push(refused)
      else room--
    }
    if (round === picks.current) setRefusals(found)
  }

  const total = attachments.length + links.length
  const listRef = useRef<HTMLUListElement>(null)
  // After a removal, focus goes to the Remove button now in that place (else the one before
  // it), else to the file picker: never to the page. Moved once the list has re-rendered.
  const focusAt = useRef<number | null>(null)
  const removed = (index: number) => {
    focusAt.current = index
  }
  useEffect(() => {
    if (focusAt.current === null) return
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []
    const next = buttons[Math.min(focusAt.current, buttons.length - 1)]
    if (next) next.focus()
    else document.getElementById(fileId)?.focus()
    focusAt.current = null
  }, [total, fileId])

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!disabled) void take([...event.dataTransfer.files])
  }

  return (
    <section className="attachments" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Attachments</h3>
      <div
        className={`drop-zone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {disabled && disabledReason ? (
          <p>{disabledReason}</p>
        ) : (
          <p>
            Drop up to {MAX_ATTACHMENTS} files here, or{' '}
            <label htmlFor={fileId} className="file-label">
              choose files
            </label>
            . {ACCEPTED_TYPES_SENTENCE}; at most 10 MiB each.
          </p>
        )}
        <input
          id={fileId}
          type="file"
          multiple
          className="file-input"
          disabled={disabled || total >= MAX_ATTACHMENTS}
          // Enter opens the picker too, as it does for a button (Chromium answers only Space).
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              event.currentTarget.click()
            }
          }}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void take(files)
          }}
        />
      </div>
      {refusals.length > 0 && (
        <ul className="refusals" role="alert">
          {refusals.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <ul className="attachment-list" ref={listRef}>
          {links.map((url, index) => (
            <li key={`${index}-${url}`}>
              <span className="attachment-name">{linkName(url, index)}</span>
              <span className="muted">
                {linkFacts(names[index]?.url === url ? names[index] : undefined)}
              </span>
              {linksReportId && names[index]?.url === url && (
                <AttachmentButtons
                  attachmentRef={{ kind: 'link', reportId: linksReportId, url }}
                  fileName={linkName(url, index)}
                />
              )}
              {onRemoveLink && (
                <button
                  type="button"
                  className="quiet"
                  onClick={() => {
                    onRemoveLink(index)
                    removed(index)
                  }}
                >
                  Remove<span className="visually-hidden"> {linkName(url, index)}</span>
                </button>
              )}
            </li>
          ))}
          {attachments.map((a, index) => (
            <li key={a.id}>
              <span className="attachment-name">{a.fileName}</span>
              <span className="muted">
                {fileTypeLabel(a.mimeType)} · {formatBytes(a.size)}
                {a.uploaded ? ' · uploaded' : ''}
              </span>
              <AttachmentButtons
                attachmentRef={{ kind: 'kept', attachmentId: a.id }}
                fileName={a.fileName}
              />
              {!disabled && (
                <button
                  type="button"
                  className="quiet"
                  onClick={() => {
                    onRemove(a.id)
                    removed(links.length + index)
                  }}
                >
                  Remove<span className="visually-hidden"> {a.fileName}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
