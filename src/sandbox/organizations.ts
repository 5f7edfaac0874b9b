import { randomBytes, randomUUID } from 'node:crypto'
import { DEMO_ORGANIZATION_NAMES } from '../shared/sandbox-demo'
import { prepare, type SandboxDb } from './sandbox-db'

export interface Organization {
  id: string
  businessName: string
  /** The API user of the organization: what reports show as userId and reportedBy. */
  userId: string
  apiKey: string
}

interface OrganizationRow {
  id: string
  business_name: string
  user_id: string
  api_key: string
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    businessName: row.business_name,
    userId: row.user_id,
    apiKey: row.api_key,
  }
}

/** Fictional names, kept in shared/ so the window can say which demo organization it files as. */
export { DEMO_ORGANIZATION_NAMES }

/**
 * Creates the demo organizations on the first start of a data dir. Their keys are random
 * once and then stored, so they stay the same across restarts of that data dir.
 */
export function seedDemoOrganizations(db: SandboxDb, now: Date): void {
  const count = prepare<[], { n: number }>(db, 'SELECT count(*) AS n FROM organizations').get()
  if (count && count.n > 0) return
  db.transaction(() => {
    for (const name of DEMO_ORGANIZATION_NAMES) createOrganization(db, name, now)
  })()
}

export function createOrganization(db: SandboxDb, businessName: string, now: Date): Organization {
  const organization: Organization = {
    id: randomUUID(),
    businessName,
    userId: randomUUID(),
    apiKey: `sbx_${randomBytes(24).toString('hex')}`,
  }
  prepare(
    db,
    `INSERT INTO organizations (id, business_name, user_id, api_key, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(
    organization.id,
    organization.businessName,
    organization.userId,
    organization.apiKey,
    now.toISOString(),
  )
  return organization
}

export function listOrganizations(db: SandboxDb): Organization[] {
  return prepare<[], OrganizationRow>(
    db,
    'SELECT id, business_name, user_id, api_key FROM organizations ORDER BY created_at, rowid',
  )
    .all()
    .map(toOrganization)
}

export function findOrganizationByKey(db: SandboxDb, apiKey: string): Organization | undefined {
  const row = prepare<[string], OrganizationRow>(
    db,
    'SELECT id, business_name, user_id, api_key FROM organizations WHERE api_key = ?',
  ).get(apiKey)
  return row ? toOrganization(row) : undefined
}
