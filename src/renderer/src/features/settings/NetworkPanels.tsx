import { useEffect, useRef, useState } from 'react'
import { refusedSaid } from '../../components/network-refusal-words'
import type { NetworkRefusal } from '../../../../shared/network-refusal'
import { proxyAskingForPassword } from '../../../../shared/contracts/network'
import type { ConnectionReportView } from '../../../../shared/contracts/network'
import { api } from '../../api'
import { formatDate } from '../../format'
import { useNetworkStore, type Note } from './network-store'
import { useStatusStore } from '../../stores/status-store'
import { useOutboxStore } from '../outbox/outbox-store'
import { PlainMessage } from '../../components/TechnicalDetails'

const STATUS_WORDS: Record<ConnectionReportView['checks'][number]['status'], string> = {
  ok: 'OK',
  warning: 'Warning',
  failed: 'Failed',
  skipped: 'Not checked',
}

/** A check's fix, with the control of this window that makes it (the core's words name none). */
const FIX_WORDS: Record<NonNullable<ConnectionReportView['checks'][number]['fix']>, string> = {
  ca_file:
    'Choose the file IT gives you with “Choose certificate file…” under Your organization’s certificate, above.',
  api_key: 'Paste the organization’s API key in the API key section, above.',
}

const FIELD_NAMES: Record<string, string> = {
  proxy: 'Proxy',
  username: 'User name',
  password: 'Password',
}

/**
 * The proxy that wants a user name and password, and why: named by the paused queue, or else by
 * the last connection check. Null when none does.
 */
function proxyWanting(
  paused: { reason: string; message: string; refusal?: NetworkRefusal } | null,
  report: ConnectionReportView | null,
): { address: string | null; why: string } | null {
  if (paused?.reason === 'proxy_auth') {
    const why = refusedSaid(paused)
    return { address: proxyAskingForPassword(why), why }
  }
  for (const check of report?.checks ?? []) {
    const address = check.status === 'failed' ? proxyAskingForPassword(check.summary) : null
    if (address) return { address, why: check.summary }
  }
  return null
}

/** The proxy's sign-in form: the user name and password go to main's keychain, never back. */
function ProxySignIn({
  address,
  why,
  setNote,
}: {
  address: string | null
  why: string
  setNote: (note: Note | null) => void
}) {
  const [proxy, setProxy] = useState('')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const save = async () => {
    const result = await api().setProxyCredentials({
      proxy: address ?? proxy,
      username,
      password,
    })
    setPassword('')
    if (!result.ok) {
      const issues = result.error.issues ?? []
      setNote({
        ok: false,
        text: issues.length
          ? issues.map((i) => `${FIELD_NAMES[i.path] ?? 'This field'}: ${i.message}`).join(' ')
          : result.error.message,
      })
      return
    }
    setNote({
      ok: true,
      text: `Saved for the proxy ${result.value.proxy}${result.value.storage === 'memory' ? ' for this session only' : ' in this computer’s keychain'}. Sending resumes; queued work goes out once the proxy accepts them.`,
    })
    // The paused queue resumes (the form goes with the pause, or comes back if they are refused).
    void useStatusStore.getState().refresh()
    void useOutboxStore.getState().load()
  }
  return (
    <form
      className="proxy-sign-in"
      aria-labelledby="proxy-h"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h3 id="proxy-h">{address ? `Sign in to the proxy ${address}` : 'Sign in to the proxy'}</h3>
      <p className="callout warn">
        <PlainMessage message={why} />
      </p>
      {!address && (
        <div className="field">
          <label htmlFor="proxy-address">Proxy (name and port)</label>
          <input
            id="proxy-address"
            placeholder="proxy.bank.local:8080"
            spellCheck={false}
            value={proxy}
            onChange={(e) => setProxy(e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="proxy-username">Proxy user name</label>
        <input
          id="proxy-username"
          autoComplete="username"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="proxy-password">Proxy password</label>
        <input
          id="proxy-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" className="primary">
          Save and resume sending
        </button>
      </div>
    </form>
  )
}

/** The organization's CA file: what it holds, until when, and the way to change it. */
function CaFileSection() {
  const settings = useNetworkStore((s) => s.settings)
  const note = useNetworkStore((s) => s.caNote)
  const caFile = settings?.caFile ?? null
  return (
    <>
      <h3>Your organization’s certificate</h3>
      <p className="muted">
        Casefile trusts this computer’s certificates (where IT installs a bank’s own root
        certificate) and the public ones it comes with. If the registry is refused as not trusted,
        ask IT for your organization’s root certificate file and choose it here. It is used for the
        Registry profile.
      </p>
      {caFile ? (
        <div data-testid="ca-file">
          <p>
            File: <span className="path">{caFile.path}</span>
          </p>
          {caFile.certificates.length > 0 && (
            <ul aria-label="Certificates in the file">
              {caFile.certificates.map((cert, index) => (
                <li key={index}>
                  Issued to <strong>{cert.subject}</strong> by {cert.issuer};{' '}
                  <span className={cert.expired ? 'error-text' : undefined}>
                    {cert.expired ? 'expired on' : 'valid until'} {formatDate(cert.validTo)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {caFile.problem && <p className="callout warn">{caFile.problem}</p>}
        </div>
      ) : (
        <p>No certificate file is set.</p>
      )}
      <div className="actions">
        <button type="button" onClick={() => void useNetworkStore.getState().chooseCaFile()}>
          {caFile ? 'Choose another certificate file…' : 'Choose certificate file…'}
        </button>
        {caFile && (
          <button type="button" onClick={() => void useNetworkStore.getState().clearCaFile()}>
            Remove certificate file
          </button>
        )}
      </div>
      {note && (
        <p className={note.ok ? 'ok-text' : 'field-error'} role="status">
          {note.text}
        </p>
      )}
    </>
  )
}

/** Copies the text; falls back to the old way where the page may not use the clipboard API. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.className = 'visually-hidden'
    document.body.append(area)
    area.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
      ;(document.activeElement as HTMLElement | null)?.blur?.()
    }
  }
}

/**
 * The report in a sentence. The update site is not the registry: with only it failing, Casefile
 * works (it just will not update itself), and the sentence says so rather than alarm.
 */
function verdictOf(report: ConnectionReportView | null): {
  kind: 'ok' | 'warn' | 'error'
  text: string
} {
  const checks = report?.checks ?? []
  // The update feed only warns (connection-check.ts): any check failed stands in the way.
  if (checks.some((check) => check.status === 'failed'))
    return {
      kind: 'error',
      text: 'Something stands between this computer and the registry: see the checks marked Failed.',
    }
  if (checks.some((check) => check.id === 'updates' && check.status === 'warning'))
    return {
      kind: 'warn',
      text: 'Casefile can reach the registry from this computer, but not the site updates come from: see Update feed.',
    }
  return { kind: 'ok', text: 'All is well: Casefile can reach the registry from this computer.' }
}

/** Settings → Check connection: every step to the registry, each with its status, to copy to IT. */
function ConnectionCheck() {
  const report = useNetworkStore((s) => s.report)
  const checking = useNetworkStore((s) => s.checking)
  const error = useNetworkStore((s) => s.checkError)
  const [copyNote, setCopyNote] = useState<Note | null>(null)
  const [showText, setShowText] = useState(false)
  const copyButton = useRef<HTMLButtonElement>(null)
  const verdict = verdictOf(report)
  const copy = async () => {
    if (!report) return
    const copied = await copyText(report.text)
    copyButton.current?.focus()
    setShowText(!copied)
    setCopyNote(
      copied
        ? { ok: true, text: 'The report is copied: paste it into your message to IT.' }
        : { ok: false, text: 'It could not be copied: select the report below and copy it.' },
    )
  }
  return (
    <section className="panel" aria-labelledby="check-h">
      <h2 id="check-h">Check the connection</h2>
      <p className="muted">
        Checks each step from this computer to the registry: its name, the proxy, its certificate,
        the bank list, your API key, this computer’s clock and the update site. The report never
        holds your key.
      </p>
      <button
        type="button"
        onClick={() => {
          setCopyNote(null)
          setShowText(false)
          void useNetworkStore.getState().check()
        }}
        disabled={checking}
      >
        {checking ? 'Checking…' : 'Check connection'}
      </button>
      {error && (
        <p className="callout error" role="status">
          {error}
        </p>
      )}
      {report && !checking && (
        <>
          <p className={`callout ${verdict.kind}`} role="status">
            {verdict.text}
          </p>
          <ol className="check-list" aria-label="Connection checks">
            {report.checks.map((check) => (
              <li key={check.id} data-status={check.status}>
                <span className={`check-status ${check.status}`}>{STATUS_WORDS[check.status]}</span>{' '}
                <strong>{check.title}</strong>: <PlainMessage message={check.summary} />
                {check.fix && <p>{FIX_WORDS[check.fix]}</p>}
              </li>
            ))}
          </ol>
          <div className="actions">
            <button type="button" ref={copyButton} onClick={() => void copy()}>
              Copy report
            </button>
          </div>
          {copyNote && (
            <p className={copyNote.ok ? 'ok-text' : 'field-error'} role="status">
              {copyNote.text}
            </p>
          )}
          {showText && (
            <textarea
              className="report-text"
              aria-label="The report as text"
              readOnly
              rows={12}
              value={report.text}
            />
          )}
        </>
      )}
    </section>
  )
}

/**
 * Settings → Connection on a bank's network: the proxy's sign-in when it asks for a password,
 * the organization's certificate file, and Check connection.
 */
export function NetworkPanels() {
  const paused = useStatusStore((s) => s.paused)
  const report = useNetworkStore((s) => s.report)
  // Outside the form: the form goes away with the pause it was shown for, the word stays.
  const [proxyNote, setProxyNote] = useState<Note | null>(null)
  useEffect(() => {
    void useNetworkStore.getState().load()
  }, [])
  const wanting = proxyWanting(paused, report)
  return (
    <>
      <section className="panel" aria-labelledby="network-h">
        <h2 id="network-h">Proxy and certificates</h2>
        {wanting ? (
          <ProxySignIn
            key={wanting.address ?? ''}
            address={wanting.address}
            why={wanting.why}
            setNote={setProxyNote}
          />
        ) : (
          <p className="muted">
            Casefile goes through the proxy set in this computer’s settings, as your browser does.
            When the proxy asks for a user name and password, Casefile asks for them here.
          </p>
        )}
        {proxyNote && (
          <p className={proxyNote.ok ? 'ok-text' : 'field-error'} role="status">
            {proxyNote.text}
          </p>
        )}
        <CaFileSection />
      </section>
      <ConnectionCheck />
    </>
  )
}
