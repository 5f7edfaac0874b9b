/** Paths of registry-api.md section 4, relative to {base_url} or {upload_url}. */
export const ENDPOINTS = {
  createReport: { method: 'POST', path: '/api/v1/external/reports' },
  updateReport: { method: 'PUT', path: '/api/v1/external/reports/{id}' },
  searchReports: { method: 'POST', path: '/api/v1/external/reports/search' },
  listSubmissions: { method: 'GET', path: '/api/v1/external/reports/submissions' },
  getSubmission: { method: 'GET', path: '/api/v1/external/reports/submissions/{id}' },
  decodeSubmission: { method: 'GET', path: '/api/v1/external/reports/submissions/{id}/decode' },
  bulkUpload: { method: 'POST', path: '/api/v1/external/reports/bulk' },
  unlistReport: { method: 'PUT', path: '/api/v1/external/reports/{id}/unlist' },
  uploadFile: { method: 'POST', path: '/api/v1/upload' },
  listBanks: { method: 'GET', path: '/api/v1/meta-data/banks' },
} as const

export type EndpointName = keyof typeof ENDPOINTS

/** Joins a base address and a path, keeping any path prefix the base has. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`
}

export function fillPath(path: string, id?: string): string {
  if (!path.includes('{id}')) return path
  if (!id) throw new Error(`${path} needs a report id.`)
  return path.replace('{id}', encodeURIComponent(id))
}
