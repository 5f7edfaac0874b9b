import { splitTechnical } from '../format'

/** The technical side of a message (a call, an error code, an HTTP status), folded away. */
export function TechnicalDetails({ detail }: { detail: string }) {
  return (
    <details className="technical">
      <summary>Details</summary>
      <code>{detail}</code>
    </details>
  )
}

/**
 * A message from the core or the registry as a person reads it: the sentence, with any error
 * code or HTTP status it ends with moved behind "Details".
 */
export function PlainMessage({ message }: { message: string }) {
  const { text, detail } = splitTechnical(message)
  return (
    <>
      {text}
      {detail && <TechnicalDetails detail={detail} />}
    </>
  )
}
