/**
 * What a form's last action came to, in a live region that is there before anything is said
 * (so a screen reader hears the first message too): green when it went, red when refused,
 * hidden while nothing has been said. `id` is what the form's fields name in aria-describedby.
 */
export function SaidLine({ id, said }: { id: string; said: { ok: boolean; text: string } | null }) {
  return (
    <p
      id={id}
      className={said ? (said.ok ? 'ok-text' : 'error-text') : 'visually-hidden'}
      role="status"
    >
      {said?.text}
    </p>
  )
}
