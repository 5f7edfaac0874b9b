import { useEffect, useRef, useState } from 'react'

interface ConfirmButtonProps {
  label: string
  /** The question asked before acting, e.g. "Discard this item? It will not be sent." */
  question: string
  confirmLabel: string
  onConfirm: () => void
  disabled?: boolean
  /** What the action is about, for screen readers where many rows have the same button. */
  context?: string
}

/**
 * A destructive action that asks first, in place: the button turns into the question with
 * "confirm" and "keep" buttons, focus moves to "keep" (the safe choice), Escape cancels.
 */
export function ConfirmButton({
  context,
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) keepRef.current?.focus()
    else if (wasAsking.current) triggerRef.current?.focus()
    wasAsking.current = asking
  }, [asking])

  if (!asking)
    return (
      <button
        ref={triggerRef}
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
        {context && <span className="visually-hidden"> {context}</span>}
      </button>
    )
  return (
    <span
      className="confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false)
      }}
    >
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false)
          onConfirm()
        }}
      >
        {confirmLabel}
      </button>
      <button ref={keepRef} type="button" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  )
}
