import type { z } from 'zod'

export interface FieldIssue {
  path: string
  message: string
}

/** Turns a zod error into per-field messages a person can act on. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
}

/** One sentence per problem, each led by the field it is about. */
export function describeIssues(error: z.ZodError): string {
  return toFieldIssues(error)
    .map(({ path, message }) => (path ? `${path}: ${message}` : message))
    .join('\n')
}
