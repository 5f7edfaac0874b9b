import type { z } from 'zod'

/**
 * A refused body in the registry's words (src/sandbox/README.md, "400"): one line per problem,
 * led by the field it is about as a dotted path (`identifiers.0.value: …`), the rule's own
 * sentence after it; a problem with the body as a whole is its sentence alone. The sandbox words
 * its failure bodies itself, as a registry would: the app's wording of a schema's problems is
 * the app's to change for its forms, and must not change what the registry answers.
 */
export function issueLines(error: z.ZodError): string {
  const lines: string[] = []
  for (const issue of error.issues) {
    const field = issue.path.map((step) => String(step)).join('.')
    lines.push(field === '' ? issue.message : `${field}: ${issue.message}`)
  }
  return lines.join('\n')
}
