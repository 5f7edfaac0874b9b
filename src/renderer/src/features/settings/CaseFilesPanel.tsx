import { useEffect, useId, useState } from 'react'
import type { SignerView } from '../../../../shared/contracts/case-file'
import { api } from '../../api'

type Field = 'name' | 'position' | 'organization'
type Texts = Record<Field, string>

const FIELDS: { field: Field; label: string }[] = [
  { field: 'name', label: 'Name of the officer' },
  { field: 'position', label: 'Position held in the organization' },
  { field: 'organization', label: 'Organization' },
]

const textsOf = (view: SignerView): Texts => ({
  name: view.name ?? '',
  position: view.position ?? '',
  organization: view.organization ?? '',
})

/** The signing key kept for this folder, in words; how to make one when there is none. */
function SigningKeyNote({ signingKey }: { signingKey: SignerView['signingKey'] }) {
  if (signingKey.kept)
    return (
      <p data-testid="signing-key">
        A signing key is kept for this data folder (
        {signingKey.where === 'keychain'
          ? 'in the OS keychain'
          : 'in signing-key.json in the data folder, readable by you only'}
        ): {signingKey.subject}, valid to {signingKey.validTo.slice(0, 10)}. Its certificate’s
        fingerprint (SHA-256): <code className="fingerprint">{signingKey.fingerprint}</code>. Case
        files and cases exported from this window are signed with it.
      </p>
    )
  return (
    <p data-testid="signing-key">
      {signingKey.problem ?? 'No signing key is kept for this data folder.'} To make one, run{' '}
      <code>casefile signing-key create</code> in a terminal; it prints the certificate’s
      fingerprint to give those who check your case files.{' '}
      {signingKey.problem
        ? 'Until it is put right, this window exports no case file: each would go unsigned.'
        : 'Until then, what this window exports is unsigned.'}
    </p>
  )
}

/**
 * Settings → Case files: the officer the s.84 certificate names (name, position,
 * organization), the same values as `casefile config set --signer-name … --signer-position …
 * --organization …` (kept in the data folder); the core checks each and its words are shown
 * beside the field. And, read only, the signing key kept for this folder.
 */
export function CaseFilesPanel() {
  const id = useId()
  const [view, setView] = useState<SignerView | null>(null)
  const [texts, setTexts] = useState<Texts>({ name: '', position: '', organization: '' })
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({})
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    let live = true
    void api()
      .caseFileSigner()
      .then((r) => {
        if (!live || !r.ok) return
        setView(r.value)
        setTexts(textsOf(r.value))
      })
    return () => {
      live = false
    }
  }, [])

  if (!view) return null
  const saved = textsOf(view)
  const changed = FIELDS.map((f) => f.field).filter((field) => texts[field] !== saved[field])
  const save = async () => {
    // Only what was changed here: a field set meanwhile from the command line stays as it is.
    const r = await api().caseFileSetSigner(
      Object.fromEntries(changed.map((field) => [field, texts[field]])),
    )
    if (!r.ok) return setNote({ ok: false, text: r.error.message })
    if (!r.value.ok) {
      setProblems(Object.fromEntries(r.value.problems.map((p) => [p.field, p.message])))
      return setNote(null)
    }
    setProblems({})
    setView(r.value.signer)
    setTexts(textsOf(r.value.signer))
    setNote({ ok: true, text: 'Saved: the next case file’s certificate names them.' })
  }
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Case files</h2>
      <p className="muted">
        The officer who signs the certificate (section 84) by hand, as each case file’s certificate
        will print them. A field left empty stays blank on the certificate, to be filled in by hand;
        the signature and the date always are.
      </p>
      <form
        className="grid-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        {FIELDS.map(({ field, label }) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            <input
              id={`${id}-${field}`}
              type="text"
              autoComplete="off"
              value={texts[field]}
              aria-invalid={problems[field] ? true : undefined}
              aria-describedby={problems[field] ? `${id}-${field}-problem` : undefined}
              onChange={(event) => setTexts({ ...texts, [field]: event.target.value })}
            />
            {problems[field] && (
              <p className="field-error" id={`${id}-${field}-problem`}>
                {problems[field]}
              </p>
            )}
          </div>
        ))}
        <div className="actions">
          <button type="submit" disabled={changed.length === 0}>
            Save the officer
          </button>
        </div>
        {note && (
          <p className={note.ok ? 'ok-text' : 'field-error'} role="status">
            {note.text}
          </p>
        )}
      </form>
      <h3>Signing key</h3>
      <SigningKeyNote signingKey={view.signingKey} />
    </section>
  )
}
