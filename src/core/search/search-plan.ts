import {
  identifierSpellings,
  joinAccountValue,
  normalizeIdentifierValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { banksFittingNuban, nubanDigits } from '../../shared/domain/nuban'
import { checkSearchValue } from '../../shared/domain/search-input'
import type { Db } from '../store/store'
import { listBanks } from '../banks/banks'
import type { IdentifierQuery } from '../cache/cache'
import { InputError } from '../input-error'

/** A bank an account number without its bank was searched at. */
export interface SearchedBank {
  slug: string
  name: string
  code: string | null
}

/**
 * What one search looks for. The registry matches values exactly and holds each as the
 * organization that filed it wrote it, so one identifier may need several values: a phone in
 * each of its spellings, an account number at each bank its check digit fits.
 */
export interface SearchPlan {
  identifier: IdentifierType
  /** The value as Casefile stores it (for an account without its bank: the number alone). */
  value: string
  /** The values to send and to look up, the stored form first; each one a registry value. */
  values: string[]
  /** For an account number without its bank: the banks asked (those whose code fits it, or all). */
  banks?: SearchedBank[]
  /** For an account number without its bank: how many banks of the list were not asked. */
  banksNotSearched?: number
}

export interface PlanOptions {
  /** An account number without its bank is asked at every bank of the list, not only those it fits. */
  allBanks?: boolean
}

/** Refused before anything is asked: the value cannot be searched as it is (the CLI: exit 1). */
export class SearchPlanError extends InputError {
  override name = 'SearchPlanError'
}

/**
 * How a query is searched. An account number given without its bank is searched at every bank
 * of the cached list whose CBN code makes its check digit valid (nuban.ts), or at every bank of
 * the list when asked (`allBanks`); the plan says how many were left out. With no list there is
 * nothing to search and the reason is thrown. (What is on this computer is looked through at
 * every bank whatever the plan: offline-search.ts.)
 */
export function planSearch(db: Db, query: IdentifierQuery, options: PlanOptions = {}): SearchPlan {
  const identifier = query.identifier
  const value = normalizeIdentifierValue(identifier, query.value)
  const problem = checkSearchValue(identifier, value)
  if (problem) throw new SearchPlanError(problem)
  if (identifier !== 'account' || value.includes('_'))
    return { identifier, value, values: identifierSpellings(identifier, query.value) }

  const number = nubanDigits(value) as string
  const banks = listBanks(db)
  if (banks.length === 0)
    throw new SearchPlanError(
      `The bank list is not on this computer yet, so the banks account ${number} may be at are not known: pick its bank, or refresh the bank list once the registry can be reached.`,
    )
  // The banks it fits first, then the rest in list order: all of them when asked.
  const fitting = banksFittingNuban(number, banks)
  const asked = options.allBanks
    ? [...fitting, ...banks.filter((bank) => !fitting.includes(bank))]
    : fitting
  return {
    identifier,
    value: number,
    values: asked.map((bank) => joinAccountValue({ accountNumber: number, bankSlug: bank.slug })),
    banks: asked.map((bank) => ({ slug: bank.slug, name: bank.name, code: bank.code ?? null })),
    banksNotSearched: banks.length - asked.length,
  }
}
