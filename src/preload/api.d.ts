import type { CasefileApi } from '../shared/contract'

declare global {
  interface Window {
    casefile: CasefileApi
  }
}

export {}
