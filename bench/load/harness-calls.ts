/**
 * The window's calls, made from the bench through the harness's own door (POST /api/<method>,
 * JSON, bytes as { $bytes: base64 }), as the page's bridge makes them: what an investigator's
 * clicks would start, without the bench's clicks being part of the window's measured work.
 */
export async function callWindow<T = unknown>(
  url: string,
  method: string,
  input?: unknown,
): Promise<T> {
  const encode = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
    if (Array.isArray(value)) return value.map(encode)
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]))
    return value
  }
  const response = await fetch(new URL(`/api/${method}`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? [] : [encode(input)]),
  })
  const answer = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } }
  if (!answer.ok) throw new Error(`${method}: ${answer.error?.message ?? 'failed'}`)
  return answer.value as T
}
