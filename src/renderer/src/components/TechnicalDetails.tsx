import { plainWords, splitTechnical } from '../format'

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
 * A message from the core or the registry as a person reads it: the sentence (its time stamps
 * as local times, see plainWords), with any error code or HTTP status it ends with moved behind
 * "Details".
 */
export function PlainMessage({
  message,
  reportId,
}: {
  message: string
  /** The registry id of the report the screen already names: said as "this report". */
  reportId?: string | null
}) {
  const split = splitTechnical(message)
  const text = plainWords(split.text, { reportId })
  const detail = split.detail
  return (
    <>
      {text}
      {detail && <TechnicalDetails detail={detail} />}
    </>
  )
}
