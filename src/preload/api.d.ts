import type { CasefileApi } from '../shared/contracts'

declare global {
  interface Window {
    casefile: CasefileApi
  }
}

export {}
