import type { Bank, SearchResult, SubmissionsPage } from '../../shared/domain/responses'
import type { SearchInput } from '../../shared/domain/search-input'
import type { CallOptions } from '../registry/registry'

/*
 * The parts of the registry client each refresher needs. The real client
 * (createRegistryClient) fits all three; a test may pass a small stand-in.
 */

export interface BankListSource {
  listBanks(options?: CallOptions): Promise<Bank[]>
}

export interface SubmissionsSource {
  listSubmissions(
    query: { page: number; limit: number },
    options?: CallOptions,
  ): Promise<SubmissionsPage>
}

export interface SearchSource {
  searchReports(input: SearchInput, options?: CallOptions): Promise<SearchResult>
}
