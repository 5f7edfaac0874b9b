import { useId, useState, type DragEvent } from 'react'
import { MAX_VERIFY_BYTES } from '../../../../shared/contracts/case-file'
import { formatBytes } from '../../format'
import { useCasesStore, type VerifyWords } from './cases-store'

/**
 * Verify a bundle handed back: a zip dropped here or chosen, its bytes checked by the core as
 * `casefile case verify` checks a file (every file against SHA256SUMS, what it states about
 * itself), the answer in words with the fingerprint to compare with the signed certificate.
 */
export function VerifyCase() {
  const id = useId()
  const verify = useCasesStore((s) => s.verify)
  const [over, setOver] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [result, setResult] = useState<VerifyWords | null>(null)
  const take = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_VERIFY_BYTES)
      return setResult({
        ok: false,
        headline: `${file.name} was not checked: it is ${formatBytes(file.size)}, more than a case’s bundle can be (${formatBytes(MAX_VERIFY_BYTES)}).`,
        lines: [],
        fingerprint: null,
      })
    setBusy(file.name)
    setResult(null)
    try {
      setResult(await verify(file.name, new Uint8Array(await file.arrayBuffer())))
    } finally {
      setBusy(null)
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    void take(event.dataTransfer.files[0])
  }
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Verify a case’s bundle</h2>
      <div
        className={`case-drop${over ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          Drop a case’s zip here, or{' '}
          <label htmlFor={`${id}-file`} className="file-label">
            choose a zip
          </label>
          , to check that every file is as it was made. Casefile reads it on this computer and
          changes nothing in it.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".zip,application/zip"
          className="file-input"
          disabled={busy !== null}
          // Enter opens the picker too, as it does for a button (Chromium answers only Space).
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              event.currentTarget.click()
            }
          }}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            void take(file)
          }}
        />
      </div>
      <div role="status" className="case-verify-result">
        {busy && <p>Checking {busy}…</p>}
        {result && (
          <>
            <p className={result.ok ? 'ok-text' : 'error-text'}>{result.headline}</p>
            {result.lines.length > 0 && (
              <ul>
                {result.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {result.fingerprint && (
              <p>
                Its fingerprint (the SHA-256 of its SHA256SUMS), to compare with the one its signed
                certificate states: <code className="case-fingerprint">{result.fingerprint}</code>
              </p>
            )}
          </>
        )}
      </div>
    </section>
  )
}
