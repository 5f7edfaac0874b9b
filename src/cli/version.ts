import { casefilePackage } from '../core/package-root'

/**
 * Casefile's version, from its package.json: the nearest one named "casefile" above this
 * module (src/cli in a checkout, out/cli in the built and installed command).
 */
export function casefileVersion(): string {
  return casefilePackage()?.version ?? 'unknown'
}
