import { useEffect, useState } from 'react'
import type { AttachmentName, AttachmentRef } from '../../../shared/contracts/attachments'
import { api } from '../api'
import { formatBytes } from '../format'
import { useStatusStore } from '../stores/status-store'
import { useViewerStore } from '../stores/viewer-store'

/** The names of a report's registry links: asked of the core (the original name when this folder sent the file). */
export function useLinkNames(urls: readonly string[]): AttachmentName[] {
  const key = urls.join('\n')
  const [answer, setAnswer] = useState<{ key: string; names: AttachmentName[] } | null>(null)
  useEffect(() => {
    if (!key) return
    let live = true
    void api()
      .attachmentNames({ urls: key.split('\n') })
      .then((result) => {
        if (live && result.ok && Array.isArray(result.value))
          setAnswer({ key, names: result.value })
      })
    return () => {
      live = false
    }
  }, [key])
  return answer?.key === key ? answer.names : []
}

/** "PDF · 14.2 KiB", "kept on this computer"; or "on the registry" when only the registry has it. */
export function linkFacts(name: AttachmentName | undefined): string {
  if (!name || name.typeLabel === null) return 'on the registry'
  return `${name.typeLabel}${name.size !== null ? ` · ${formatBytes(name.size)}` : ''} · on the registry`
}

/** Open and Save a copy… for one attachment, named for screen readers by its file name. */
export function AttachmentButtons({
  attachmentRef,
  fileName,
}: {
  attachmentRef: AttachmentRef
  fileName: string
}) {
  const open = useViewerStore((s) => s.open)
  const save = useViewerStore((s) => s.save)
  return (
    <>
      <button type="button" className="quiet" onClick={() => void open(attachmentRef, fileName)}>
        Open<span className="visually-hidden"> {fileName}</span>
      </button>
      <button
        type="button"
        className="quiet"
        onClick={() =>
          void save(attachmentRef, fileName).then((note) => {
            if (note) useStatusStore.getState().setNotice(note)
          })
        }
      >
        Save a copy…<span className="visually-hidden"> of {fileName}</span>
      </button>
    </>
  )
}

/** A registry report's attachments (links), by name, each with Open and Save a copy…. */
export function AttachmentLinks({ reportId, urls }: { reportId: string; urls: readonly string[] }) {
  const names = useLinkNames(urls)
  return (
    <ul className="plain attachment-links">
      {urls.map((url, index) => {
        const name = names[index]?.url === url ? names[index] : undefined
        const fileName = name?.fileName ?? '…'
        return (
          <li key={`${index}-${url}`}>
            <span className="attachment-name">{fileName}</span>{' '}
            <span className="muted">{linkFacts(name)}</span>{' '}
            {name && (
              <AttachmentButtons
                attachmentRef={{ kind: 'link', reportId, url }}
                fileName={fileName}
              />
            )}
          </li>
        )
      })}
    </ul>
  )
}
